import { afterAll, expect, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/**
 * Issue 20's versions on the real server with its offline model: 重新生成 the last answer and page
 * between the two answers (‹ 1/2 ›, each with its model and cost, kept across a reload), then 编辑 the
 * question and re-send it, paging back to the old question with its own answers. By keyboard where the
 * pager is concerned: the focus stays on the pager after paging.
 */
test('regenerate and page between versions; edit and re-send', async () => {
  const session = await openSession();
  const { page } = session;
  await signUpAndSignIn(session, { prefix: 'versions' });

  const input = page.getByRole('textbox', { name: '输入消息' });
  const send = page.getByRole('button', { name: '发送', exact: true });
  const answered = () => expect.poll(() => send.isVisible(), { timeout: 60_000 }).toBe(true);
  await input.fill('第一个问题');
  await input.press('Enter');
  await answered();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home\/[0-9a-f-]{36}$/);
  const answer = page.getByRole('article', { name: 'AI 助手' }).last();
  await expect.poll(() => answer.getByText(/^消耗 \d+ 积分$/).isVisible()).toBe(true);
  // One version: no pager yet.
  expect(await page.getByRole('group', { name: '回答版本' }).count()).toBe(0);

  // 重新生成: a second answer, with the first kept to page back to.
  await answer.getByRole('button', { name: '重新生成' }).click();
  await expect.poll(() => page.getByRole('button', { name: '停止生成' }).isVisible()).toBe(true);
  await answered();
  const answers = page.getByRole('group', { name: '回答版本' });
  await expect.poll(() => answers.getByRole('status').textContent()).toContain('第 2 个版本，共 2 个');
  expect(await page.getByRole('article', { name: 'AI 助手' }).count()).toBe(1);
  await expect.poll(() => answer.getByText(/^消耗 \d+ 积分$/).isVisible()).toBe(true);
  expect(await answer.locator('footer').getByText('离线演示模型', { exact: true }).isVisible()).toBe(true);
  await expectAccessible(page);

  // Paging by keyboard: the focus stays on the pager, and the counter says where it is.
  await answers.getByRole('button', { name: '上一个版本' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => answers.getByRole('status').textContent()).toContain('第 1 个版本，共 2 个');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('下一个版本');
  expect(await answers.getByRole('button', { name: '上一个版本' }).isDisabled()).toBe(true);
  await expect.poll(() => answer.getByText(/^消耗 \d+ 积分$/).isVisible()).toBe(true);
  // On and back again, by keyboard: each page keeps the focus on the pager.
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  await page.keyboard.press('Enter');
  await expect.poll(() => answers.getByRole('status').textContent()).toContain('第 2 个版本，共 2 个');
  await expect.poll(focused).toBe('上一个版本');
  await page.keyboard.press('Enter');
  await expect.poll(() => answers.getByRole('status').textContent()).toContain('第 1 个版本，共 2 个');
  await expect.poll(focused).toBe('下一个版本');

  // A reload shows the chosen version.
  await page.reload();
  await expect.poll(() => answers.getByRole('status').textContent()).toContain('第 1 个版本，共 2 个');

  // 编辑 the question: the editor opens with its text; Escape leaves it as it was.
  const question = page.getByRole('article', { name: '你' });
  await question.getByRole('button', { name: '编辑' }).click();
  const editor = page.getByRole('textbox', { name: '编辑问题' });
  await expect.poll(() => editor.inputValue()).toBe('第一个问题');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('编辑问题');
  await editor.press('Escape');
  await expect.poll(() => editor.count()).toBe(0);
  await question.getByRole('button', { name: '编辑' }).click();
  await editor.fill('改过的问题');
  await expectAccessible(page);
  await editor.press('Enter');
  await answered();
  await expect.poll(() => question.textContent()).toContain('改过的问题');
  const questions = page.getByRole('group', { name: '问题版本' });
  await expect.poll(() => questions.getByRole('status').textContent()).toContain('第 2 个版本，共 2 个');
  // The new question has one answer so far; the old branch keeps its two.
  expect(await answers.count()).toBe(0);
  await expect.poll(() => answer.textContent()).toContain('改过的问题');

  await questions.getByRole('button', { name: '上一个版本' }).click();
  await expect.poll(() => question.textContent()).toContain('第一个问题');
  await expect.poll(() => answers.getByRole('status').textContent()).toContain('第 1 个版本，共 2 个');
  await questions.getByRole('button', { name: '下一个版本' }).click();
  await expect.poll(() => question.textContent()).toContain('改过的问题');
  await expectAccessible(page);
  await session.close();
}, 180_000);
