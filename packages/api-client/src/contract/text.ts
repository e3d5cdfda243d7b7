/**
 * Text the server can store. PostgreSQL's `text` and `jsonb` cannot hold U+0000 (NUL): a statement
 * carrying one fails inside the database. Such strings are refused at the edge instead, field by field,
 * for every route: the server checks each request's body, query, path parameters and headers with this
 * before validating them, and a client may check a form with it before sending.
 */

/** A path to a value inside a request part, as zod and the `errors` of an error body name it. */
export type FieldPath = (string | number)[];

const NUL = '\u0000';

/** True when PostgreSQL can store `text` as it is. */
export function isStorableText(text: string): boolean {
  return !text.includes(NUL);
}

/**
 * Every place in `value` (a parsed JSON body, a query, headers) holding a string PostgreSQL cannot store:
 * a string value, or an object key (jsonb columns store keys too). Empty when there is none.
 */
export function unstorableTextPaths(value: unknown): FieldPath[] {
  // A stack, not recursion, and paths kept as links to the parent: a body nested a hundred thousand levels
  // deep parses, and must neither overflow the stack here nor copy its path at every level.
  type Place = { key: string | number; parent: Place | undefined } | undefined;
  const pathOf = (place: Place): FieldPath => {
    const path: FieldPath = [];
    for (let at = place; at; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const found: FieldPath[] = [];
  const pending: [unknown, Place][] = [[value, undefined]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, place] = next;
    if (typeof node === 'string') {
      if (!isStorableText(node)) found.push(pathOf(place));
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1)
        pending.push([node[index], { key: index, parent: place }]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node).reverse()) {
        if (!isStorableText(key)) found.push(pathOf({ key, parent: place }));
        else pending.push([item, { key, parent: place }]);
      }
    }
  }
  return found;
}
