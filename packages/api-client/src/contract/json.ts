/**
 * Bounds on JSON the server keeps or converts. A body of a few megabytes can nest its values tens of
 * thousands of levels deep, and any code that walks it by recursion (a schema, a converter, the database's
 * own JSON parser) then overflows its stack. Such a body is refused at the edge, before anything walks it,
 * with the field named; and every integer the server stores is bounded by the column that holds it.
 */
import type { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column. */
export const DB_INTEGER_MAX = 2 ** 31 - 1;

/** The `params` of the issue a value nested too deep gets, so that each side words it its own way. */
export interface TooDeepIssueParams {
  code: 'too_deep';
  max: number;
}

/**
 * True when `value` holds objects or arrays nested more than `max` levels (a scalar is level 0, `{}` and
 * `[]` level 1). A loop over a stack, never recursion, and it stops at the first branch over the limit.
 */
export function isNestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const item of Array.isArray(node) ? node : Object.values(node)) pending.push([item, depth + 1]);
  }
  return false;
}

/**
 * A check refusing values nested deeper than `max`. Put it on a schema that does not itself descend into
 * the value (an object's frame, `z.unknown()`), and pipe into the schema that does: the pipe stops at this
 * issue, so a recursive schema never meets a value too deep for it.
 */
export function maxDepth(max: number) {
  return (value: unknown, context: z.RefinementCtx) => {
    if (isNestedDeeperThan(value, max))
      context.addIssue({ code: 'custom', params: { code: 'too_deep', max } satisfies TooDeepIssueParams });
  };
}
