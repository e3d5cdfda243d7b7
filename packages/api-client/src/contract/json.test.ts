import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isNestedDeeperThan, maxDepth } from './json';

describe('JSON nesting', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(isNestedDeeperThan('text', 0)).toBe(false);
    expect(isNestedDeeperThan({}, 0)).toBe(true);
    expect(isNestedDeeperThan({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(isNestedDeeperThan({ a: [1, { b: {} }] }, 3)).toBe(true);
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let deep: unknown = 'end';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(isNestedDeeperThan(deep, 200_000)).toBe(false);
    expect(isNestedDeeperThan(deep, 199_999)).toBe(true);
  });

  it('stops a pipe before its recursive schema meets a value too deep', () => {
    type Node = { children: Node[] };
    const node: z.ZodType<Node, Node> = z.lazy(() => z.object({ children: z.array(node) }));
    const bounded = z.looseObject({}).superRefine(maxDepth(10)).pipe(node);
    let deep: Node = { children: [] };
    for (let level = 0; level < 100_000; level += 1) deep = { children: [deep] };
    const result = bounded.safeParse(deep);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ code: 'custom', params: { code: 'too_deep', max: 10 } }]);
  });
});
