import { afterAll, expect, inject, test } from 'vitest';
import { closeBrowser, expectAccessible, openSession, signUpAndSignIn } from './harness';

afterAll(closeBrowser);

/**
 * 联网搜索 on the real server with its offline model, against a local service speaking SearXNG's format
 * (started with the journeys' server): the search shows as a step, the answer cites its sources as [n]
 * links that open the page in a new tab, the sources are listed under the answer, and all of it is still
 * there after a reload.
 */
test('web search: the step, numbered citations linking out, the sources list, kept after a reload', async () => {
  const session = await openSession();
  const { page } = session;
  const searchURL = inject('searchURL');
  await signUpAndSignIn(session, { prefix: 'search' });

  const toggle = page.getByRole('switch', { name: '联网搜索' });
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  await toggle.click({ force: true });
  await expect.poll(() => toggle.isChecked()).toBe(true);
  const input = page.getByRole('textbox', { name: '输入消息' });
  await input.fill('长江经济带');
  await input.press('Enter');

  const answer = page.getByRole('article', { name: 'AI 助手' }).last();
  await expect.poll(() => answer.getByText('已搜索到 3 个网页').isVisible(), { timeout: 60_000 }).toBe(true);
  await expect
    .poll(() => page.getByRole('button', { name: '发送', exact: true }).isVisible(), { timeout: 60_000 })
    .toBe(true);

  const checkCitations = async () => {
    // [1] in the text links to the first source's page, in a new tab.
    const first = answer.locator('a[data-citation="1"]').first();
    await expect.poll(() => first.isVisible()).toBe(true);
    expect(await first.getAttribute('href')).toBe(
      `${searchURL}/page/1?q=${encodeURIComponent('长江经济带')}`,
    );
    expect(await first.getAttribute('target')).toBe('_blank');
    expect(await first.getAttribute('rel')).toContain('noopener');
    const sources = answer.getByRole('region', { name: '引用来源（3）' });
    expect(await sources.getByRole('link').count()).toBe(3);
    expect(await sources.getByRole('link').first().textContent()).toContain('长江经济带（来源 1）');
  };
  await checkCitations();
  await expectAccessible(page);

  // The citation opens the source in a new tab.
  const [opened] = await Promise.all([
    session.context.waitForEvent('page'),
    answer.locator('a[data-citation="1"]').first().click(),
  ]);
  await opened.waitForLoadState();
  expect(await opened.title()).toBe('来源 1');
  await opened.close();

  // After a reload the step, the citations and the sources are still there.
  await page.reload();
  await expect.poll(() => answer.getByText('已搜索到 3 个网页').isVisible(), { timeout: 30_000 }).toBe(true);
  await checkCitations();
  await session.close();
});
