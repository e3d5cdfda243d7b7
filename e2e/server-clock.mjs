/**
 * Test-only: loaded into a server a journey starts itself (startServer's `nodeArgs`, as
 * `--import <this file>`), never into the product. It moves the process's clock so that it reads
 * WANXIANG_E2E_CLOCK (an ISO instant, e.g. 2026-06-17T11:00:00+08:00) when the server starts, and runs on
 * from there at the real pace: `Date.now()` and `new Date()` answer the moved time, everything else about
 * Date is unchanged. Journeys that depend on the market's calendar (a trading day's runs, 休市 on a holiday)
 * pin their day this way instead of depending on the day they run. Worker threads inherit the flag.
 */
const wanted = process.env.WANXIANG_E2E_CLOCK;
const start = wanted ? Date.parse(wanted) : Number.NaN;
if (Number.isNaN(start)) throw new Error(`WANXIANG_E2E_CLOCK is not an ISO instant: ${wanted}`);

const RealDate = globalThis.Date;
const offset = start - RealDate.now();

class MovedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }

  /** A Date made before the move or by native code (a worker's message) is still a Date. */
  static [Symbol.hasInstance](value) {
    return value instanceof RealDate;
  }
}

globalThis.Date = MovedDate;
