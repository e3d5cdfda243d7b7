import { deflateSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/** A real 2 × 2 PNG (the server checks an image's bytes, not only its name). */
function png(): Buffer {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.from([0, 200, 30, 30, 30, 200, 30, 0, 30, 30, 200, 240, 240, 40]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Chat attachments on the real server with its offline model: a text file and an image are
 * attached, sent, shown in the sent message (the image as a thumbnail that opens larger) and answered about;
 * they are still there after a reload. A file over 30 MB and a file of an unsupported type are refused
 * before any upload, each with its own text.
 */
// In both themes: the worker, the fonts and the images come from the same origin under the same policy,
// and the journey fails on any violation of it.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`attach a text file and an image, send, see them after a reload; too large and unsupported are refused (${colorScheme})`, async () => {
    const session = await openSession({ colorScheme });
    const { page } = session;
    await signUpAndSignIn(session, { prefix: 'files' });

    const pick = async (files: { name: string; mimeType: string; buffer: Buffer }[]) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: '添加附件' }).click(),
      ]);
      await chooser.setFiles(files);
    };

    // Refused before upload: one over 30 MB, one of a type the chat does not take.
    await pick([
      { name: '太大的文件.txt', mimeType: 'text/plain', buffer: Buffer.alloc(30 * 1024 * 1024 + 1, 0x61) },
      { name: '程序.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ]);
    const alert = page.getByRole('alert').filter({ hasText: '超过 30MB' });
    await expect
      .poll(() => alert.textContent())
      .toBe('太大的文件.txt 超过 30MB 大小限制；程序.exe 文件类型不支持');
    const chips = page.getByRole('list', { name: '待发送的附件' });
    expect(await chips.count()).toBe(0);

    await pick([
      {
        name: '会议纪要.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('第一行：预算\n第二行：进度\n', 'utf8'),
      },
      { name: '示意图.png', mimeType: 'image/png', buffer: png() },
    ]);
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(2);
    await expectAccessible(page);
    // Files alone may be sent.
    await page.getByRole('button', { name: '发送', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: '发送', exact: true }).isVisible(), { timeout: 60_000 })
      .toBe(true);
    const answer = page.getByRole('article', { name: 'AI 助手' }).last();
    // The offline model says which files it was given, with the text file's first lines.
    await expect.poll(() => answer.textContent()).toContain('会议纪要.txt');
    expect(await answer.textContent()).toContain('第一行：预算');

    const checkSent = async () => {
      const question = page.getByRole('article', { name: '你' }).last();
      // The list is virtualized and follows the long answer: scroll up to the question.
      await expect
        .poll(
          async () => {
            if ((await question.count()) === 0) {
              await page.mouse.move(760, 300);
              await page.mouse.wheel(0, -1500);
            }
            return question.getByText('会议纪要.txt').isVisible();
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const thumbnail = question.getByRole('button', { name: /示意图\.png/ });
      await expect
        .poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(2);
      return thumbnail;
    };
    await checkSent();
    await page.reload();
    const thumbnail = await checkSent();
    // The thumbnail opens the image larger.
    await thumbnail.click();
    const viewer = page.getByRole('dialog', { name: '示意图.png' });
    await expect.poll(() => viewer.locator('img').isVisible()).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    await session.close();
  });
}
