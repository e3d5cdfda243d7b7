import pg from 'pg';

/**
 * Test-only database faults. Every statement of either database goes through pg's Client#query; while a
 * fault is armed, the chosen statements are sent with one bound value too many, so that PostgreSQL itself
 * (the embedded one or the real one) answers with an error, after it has parsed the statement — as a
 * value it cannot store did (`invalid byte sequence for encoding "UTF8": 0x00`), or a lost lock, or a
 * constraint. The marker value also lets a test find the statement's values in a log.
 */
export const FAULT_MARKER = 'injected-fault-value';

type QueryConfig = { text?: string; name?: string; values?: unknown[] };

interface ArmedFault {
  /** Statements to let through before the first failure. */
  skip: number;
  /** How many statements fail; Infinity until disarmed. */
  remaining: number;
  only?: (config: QueryConfig) => boolean;
}

let armed: ArmedFault | undefined;
let statements = 0;
let fired = 0;

/** pg's query has a dozen overloads; the wrapper passes every form through. */
type Query = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;
const original = pg.Client.prototype.query as unknown as Query;

const withFault: Query = function query(config, values, callback) {
  statements += 1;
  const fault = armed;
  const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
  if (fault && fault.remaining > 0 && config && !submittable) {
    const normalized: QueryConfig = typeof config === 'string' ? { text: config } : (config as QueryConfig);
    if (!fault.only || fault.only(normalized)) {
      if (fault.skip > 0) fault.skip -= 1;
      else {
        fault.remaining -= 1;
        fired += 1;
        if (Array.isArray(values)) values = [...values, FAULT_MARKER];
        else {
          if (typeof values === 'function') callback = values;
          values = undefined;
          config = { ...normalized, values: [...(normalized.values ?? []), FAULT_MARKER] };
        }
      }
    }
  }
  return original.call(this, config, values, callback);
};
pg.Client.prototype.query = withFault as unknown as typeof pg.Client.prototype.query;

export const faults = {
  /** Makes statement number `skip` (0 = the next one) fail, `times` times; `only` narrows which count. */
  arm(options: { skip?: number; times?: number; only?: (config: QueryConfig) => boolean } = {}) {
    armed = {
      skip: options.skip ?? 0,
      remaining: options.times ?? 1,
      ...(options.only ? { only: options.only } : {}),
    };
    fired = 0;
  },
  disarm() {
    armed = undefined;
  },
  /** Statements that failed since the last arm(). */
  get fired() {
    return fired;
  },
  /** Statements sent by this process so far (to count those of one request). */
  get statements() {
    return statements;
  },
};
