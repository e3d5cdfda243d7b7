import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { untilInTheCloud } from './documentPage';
import {
  closeBrowser,
  expectAccessible,
  openBlankDocument,
  openSession,
  type Session,
  signUpAndSignIn,
} from './harness';

afterAll(closeBrowser);

async function signInAndOpenBlankDocument(session: Session) {
  await signUpAndSignIn(session, { prefix: 'assistant', nickname: '助手用户' });
  return openBlankDocument(session);
}

/**
 * The questions the page sends to the assistant's endpoints: their content type, and their bodies when
 * JSON (the browser does not expose a multipart body of files to Playwright).
 */
function recordQuestions(page: Page) {
  const questions: { url: string; type: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !/\/assistant\/(transient)?$/.test(new URL(request.url()).pathname))
      return;
    const type = request.headers()['content-type'] ?? '';
    const body = type.startsWith('application/json')
      ? (request.postDataJSON() as Record<string, unknown>)
      : {};
    questions.push({ url: request.url(), type, body });
  });
  return questions;
}

/**
 * Holds the document's saves to the cloud (its creation and its updates) until the returned function is
 * called: until then the new document is only in this browser, as on a slow or lost connection.
 */
async function holdCloudSaves(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const save = /^\/api\/docs\/([0-9a-f-]{36}\/)?$/;
  await page.route(
    (url) => save.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'GET') await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * The assistant's journey with the offline model: ask about a new document before it has reached the cloud
 * (through the transient endpoint), watch the answer stream into the right panel while the document reaches
 * the cloud, apply it as formatted content, undo it in one step; then replace a selection through a quick
 * action (which asks at once, now about the cloud document) and the change preview.
 */
// A long journey (two whole answers, an apply, an undo and a preview): each step waits for its condition.
test('asks about a document, applies the streamed answer as rich content, undoes it in one step, and replaces a selection', {
  timeout: 240_000,
}, async () => {
  const session = await openSession();
  const { page } = session;
  const questions = recordQuestions(page);
  const reachCloud = await holdCloudSaves(page);
  const paper = await signInAndOpenBlankDocument(session);
  await paper.click();
  await page.keyboard.type('年度总结');
  await page.keyboard.press('Enter');
  await page.keyboard.type('今天天气很好。');

  const panel = page.getByRole('complementary', { name: 'AI 助手' });
  const box = page.getByRole('textbox', { name: '向 AI 助手提问' });
  // The model list loads; the offline model is preselected.
  await expect.poll(() => page.getByRole('button', { name: /离线演示模型/ }).isVisible()).toBe(true);
  await box.fill('请概括这篇文档');
  await box.press('Enter');
  // While the answer streams the box is disabled and send became stop.
  await expect.poll(() => page.getByRole('button', { name: '停止' }).isVisible()).toBe(true);
  expect(await box.isDisabled()).toBe(true);
  // The document reaches the cloud while the answer streams: the answer goes on.
  reachCloud();
  await untilInTheCloud(page);
  await expect
    .poll(() => panel.getByRole('status').first().textContent(), { timeout: 60_000 })
    .toBe('对话完成');
  const answer = panel.getByRole('region', { name: '回答' });
  // Rendered as Markdown by the chat's renderer: the answer's table and heading are elements.
  expect(await answer.locator('table').count()).toBeGreaterThan(0);
  expect(await answer.textContent()).toContain('请概括这篇文档');

  // The transient endpoint, with the document and no context (a document not yet in the cloud has no id).
  expect(questions).toHaveLength(1);
  expect(questions[0]?.url).toMatch(/\/api\/assistant\/transient$/);
  expect(questions[0]?.body).toMatchObject({
    model_id: 'offline-demo',
    user_input: '请概括这篇文档',
    conversation_type: 'general',
    context_enabled: false,
    context_turns: 0,
  });
  expect(String(questions[0]?.body.document_markdown)).toContain('今天天气很好。');

  await expectAccessible(page);
  await panel.getByRole('button', { name: '应用到文档' }).click();
  // Written after the caret's paragraph as formatted content: a heading, an ordered list, a table, code.
  await expect.poll(() => paper.locator('h3').allTextContents()).toContain('这条消息');
  expect(await paper.locator('ol li').count()).toBe(3);
  expect(await paper.locator('table th').allTextContents()).toEqual(['项目', '数值']);
  expect(await paper.locator('code, .wx-ed-code').count()).toBeGreaterThan(0);
  expect(await paper.locator('strong, .wx-ed-bold').allTextContents()).toContain('离线演示模型');
  const blocks = () => paper.evaluate((el) => [...el.children].map((child) => child.textContent ?? ''));
  expect((await blocks()).slice(0, 2)).toEqual(['年度总结', '今天天气很好。']);

  expect(await panel.getByText('已写入文档').isVisible()).toBe(true);

  // One undo step takes all of it away, and the panel no longer says it is written: it offers Apply again.
  await page.getByRole('button', { name: '撤销' }).click();
  await expect.poll(blocks).toEqual(['年度总结', '今天天气很好。']);
  await expect.poll(() => panel.getByText('已写入文档').count()).toBe(0);
  expect(await panel.getByRole('button', { name: '应用到文档' }).isEnabled()).toBe(true);

  // Replace a selection: select 天气很好 in the second paragraph, 润色 from the panel.
  await paper.getByText('今天天气很好。').click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await panel.getByRole('button', { name: '润色' }).click();
  // It asks at once, as WPS AI does: nothing waits in the box to be sent.
  await expect.poll(() => questions.length).toBe(2);
  await expect
    .poll(() => panel.getByRole('status').first().textContent(), { timeout: 60_000 })
    .toBe('对话完成');
  // Asked about the cloud document now, with its context.
  expect(questions[1]?.url).toMatch(/\/api\/docs\/[0-9a-f-]{36}\/assistant\/$/);
  expect(questions[1]?.body.context_enabled).toBe(true);
  expect(questions[1]?.body.selection).toBe('天气很好');
  expect(String(questions[1]?.body.user_input)).toContain('润色');
  expect(await box.inputValue()).toBe('');

  await panel.getByRole('button', { name: '替换选中内容' }).click();
  const preview = panel.getByRole('region', { name: '修改预览' });
  expect(await preview.locator('del').textContent()).toBe('天气很好');
  await preview.getByRole('button', { name: '接受修改' }).click();
  await expect.poll(() => paper.textContent()).not.toContain('天气很好');
  expect(await paper.textContent()).toContain('离线演示模型');
  expect(await paper.textContent()).toContain('今天');
  await session.close();
});

/**
 * Attachments in the dock (checked as the chat's): a file of an unsupported type is refused before any
 * upload in the chat's words; a text file goes with the question as multipart, the offline model reports
 * what it read, the panel names the file under the question, and the chip leaves the dock.
 */
test('asks about a document with an attached file, after an unsupported one is refused', {
  timeout: 180_000,
}, async () => {
  const session = await openSession();
  const { page } = session;
  const sent = recordQuestions(page);
  const paper = await signInAndOpenBlankDocument(session);
  await paper.click();
  await page.keyboard.type('项目周报。');
  await expect.poll(() => page.getByRole('button', { name: /离线演示模型/ }).isVisible()).toBe(true);
  await untilInTheCloud(page);

  const pick = async (files: { name: string; mimeType: string; buffer: Buffer }[]) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: '添加附件' }).click(),
    ]);
    await chooser.setFiles(files);
  };
  await pick([{ name: '程序.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
  const refusal = page.getByRole('alert').filter({ hasText: '文件类型不支持' });
  await expect.poll(() => refusal.textContent()).toBe('程序.exe 文件类型不支持');
  await pick([
    {
      name: '会议纪要.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('第一行：预算\n第二行：进度\n', 'utf8'),
    },
  ]);
  const chips = page.getByRole('list', { name: '提问的附件' });
  await expect.poll(() => chips.getByRole('listitem').count()).toBe(1);
  await expectAccessible(page);

  const box = page.getByRole('textbox', { name: '向 AI 助手提问' });
  await box.fill('参考附件写一段总结');
  await box.press('Enter');
  const panel = page.getByRole('complementary', { name: 'AI 助手' });
  await expect
    .poll(() => panel.getByRole('status').first().textContent(), { timeout: 60_000 })
    .toBe('对话完成');
  const answer = panel.getByRole('region', { name: '回答' });
  expect(await answer.textContent()).toContain('会议纪要.txt');
  expect(await answer.textContent()).toContain('第一行：预算');
  expect(await panel.locator('[data-question-file]').allTextContents()).toEqual(['会议纪要.txt']);
  expect(await chips.count()).toBe(0);

  // One multipart request to the cloud document's endpoint (the answer above shows the file's text arrived).
  expect(sent).toHaveLength(1);
  expect(sent[0]?.url).toMatch(/\/api\/docs\/[0-9a-f-]{36}\/assistant\/$/);
  expect(sent[0]?.type).toMatch(/^multipart\/form-data/);
  await session.close();
});

/**
 * On a phone the panel is a drawer over the paper; the dock stays on top of it, so the next question can be
 * asked while the answer shows.
 */
test('on a phone, the answer opens in a drawer and the question box stays usable above it', {
  timeout: 180_000,
}, async () => {
  const session = await openSession({ phone: true });
  const { page } = session;
  const paper = await signInAndOpenBlankDocument(session);
  await paper.click();
  await page.keyboard.type('手机上的文档。');
  const box = page.getByRole('textbox', { name: '向 AI 助手提问' });
  await expect.poll(() => page.getByRole('button', { name: /离线演示模型/ }).isVisible()).toBe(true);
  await box.fill('这篇文档说了什么');
  await page.getByRole('button', { name: '发送' }).click();
  const panel = page.getByRole('complementary', { name: 'AI 助手' });
  await expect
    .poll(() => panel.getByRole('status').first().textContent(), { timeout: 60_000 })
    .toBe('对话完成');
  // The box is the topmost element where it shows: the drawer does not cover it.
  const topmost = () =>
    box.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2) === element;
    });
  expect(await topmost()).toBe(true);
  await box.tap();
  await page.keyboard.type('再详细一些');
  expect(await box.inputValue()).toBe('再详细一些');
  await session.close();
});
