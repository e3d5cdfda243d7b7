/**
 * Text the server can store. PostgreSQL's `text` and `jsonb` cannot hold U+0000 (NUL), nor a UTF-16
 * surrogate without its pair (a lone surrogate: half of an emoji cut in the middle), which is no character
 * at all and has no UTF-8 form: a statement carrying one fails inside the database, or the driver turns it
 * into U+FFFD on the way. Such strings are refused at the edge instead, field by field, for every route: the
 * server checks each request's body, query, path parameters and headers with this before validating them,
 * and a client may check a form with it before sending. Refused, not repaired: replacing the half character
 * would change the user's text without telling them, and a client that cut it can cut it right.
 */

/** A path to a value inside a request part, as zod and the `errors` of an error body name it. */
export type FieldPath = (string | number)[];

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL cannot store a text: a NUL, or a lone surrogate. */
export type TextProblem = 'nul' | 'lone_surrogate';

/** What keeps PostgreSQL from storing `text` as it is; undefined when nothing does. */
export function textProblem(text: string): TextProblem | undefined {
  if (text.includes(NUL)) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return undefined;
}

/** True when PostgreSQL can store `text` as it is. */
export function isStorableText(text: string): boolean {
  return textProblem(text) === undefined;
}

/**
 * Every place in `value` (a parsed JSON body, a query, headers) holding a string PostgreSQL cannot store:
 * a string value, or an object key (jsonb columns store keys too), with what is wrong with it. Empty when
 * there is none.
 */
export function unstorableText(value: unknown): { path: FieldPath; problem: TextProblem }[] {
  // A stack, not recursion, and paths kept as links to the parent: a body nested a hundred thousand levels
  // deep parses, and must neither overflow the stack here nor copy its path at every level.
  type Place = { key: string | number; parent: Place | undefined } | undefined;
  const pathOf = (place: Place): FieldPath => {
    const path: FieldPath = [];
    for (let at = place; at; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const found: { path: FieldPath; problem: TextProblem }[] = [];
  const pending: [unknown, Place][] = [[value, undefined]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, place] = next;
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) found.push({ path: pathOf(place), problem });
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1)
        pending.push([node[index], { key: index, parent: place }]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node).reverse()) {
        const problem = textProblem(key);
        if (problem) found.push({ path: pathOf({ key, parent: place }), problem });
        else pending.push([item, { key, parent: place }]);
      }
    }
  }
  return found;
}

/** The paths of {@link unstorableText}. */
export function unstorableTextPaths(value: unknown): FieldPath[] {
  return unstorableText(value).map(({ path }) => path);
}
