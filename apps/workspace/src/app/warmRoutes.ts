/*
 * The chunks the signed-in shell loads while it is idle, for the screens a click away: kept apart from
 * lazyRoutes.ts, which loads the shell itself.
 */

/** What the market routes ask ahead with, and the strategy board's page. */
export const loadBoardPrefetch = () => import('../features/market/boardPrefetch');
export const loadMarketPage = () => import('../features/market/MarketPage');

/**
 * What the signed-in shell loads while idle: the strategy board's code. A click on 股票 then asks the
 * board's data at once, and the answers have the connections to themselves instead of queueing behind the
 * page's dozen files (a browser opens six at a time to one HTTP/1.1 server).
 */
export const warmMarketRoutes = () => Promise.all([loadBoardPrefetch(), loadMarketPage()]);

/**
 * Loads a chunk once the page is idle (at the latest after two seconds), so that it is not downloaded
 * beside what the screen being shown needs. A failure is left to whoever needs the chunk later, which
 * loads it again. Returns the cancellation, for an effect's cleanup.
 */
export function warmWhenIdle(load: () => Promise<unknown>): () => void {
  const run = () => void load().catch(() => {});
  // Safari has no requestIdleCallback: a short timer stands in.
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}
