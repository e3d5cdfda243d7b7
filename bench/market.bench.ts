/**
 * The strategy board's first visit on a fresh install: the daily emotion series of the last 90 trading
 * days, which the first request backfills (simulated market, computed and archived), then the same and
 * the minute series again, read from the archive. The minute series is a subscriber's: the bench's user
 * buys the plan with its credits first, through the same API the board's 订阅 calls.
 */
import { subscribeToStrategy } from '../e2e/api';
import { startServer } from '../e2e/server';
import { newUser } from './chat-server.bench';

async function timedGet(url: string, access: string): Promise<{ ms: number; points: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${access}` } });
  const body = (await response.json()) as { data?: unknown[] };
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, points: body.data?.length ?? 0 };
}

export async function marketBench(): Promise<Array<readonly [string, string]>> {
  // A server of its own: the backfill is measured on an empty database, as a new user meets it.
  const server = await startServer({ NODE_ENV: 'production' });
  try {
    const access = await newUser(server.baseURL, 'market');
    await subscribeToStrategy(server.baseURL, access);
    const daily = `${server.baseURL}/api/v1/market/daily-series/`;
    const minute = `${server.baseURL}/api/v1/market/minute-series/`;
    const first = await timedGet(daily, access);
    const again = await timedGet(daily, access);
    const minutes = await timedGet(minute, access);
    const f = (n: number) => `${n.toFixed(0)} ms`;
    return [
      [`emotion: first visit, daily series with the backfill (${first.points} days)`, f(first.ms)],
      ['emotion: daily series again, from the archive', f(again.ms)],
      [`emotion: minute series (${minutes.points} slots)`, f(minutes.ms)],
    ] as const;
  } finally {
    await server.stop();
  }
}
