/**
 * A chat as a tree of messages (see chatMessages in schema.ts): each message follows its parent, siblings
 * are versions of one another, and at each fork the sibling chosen last is on the current branch.
 */

/** What the tree needs of a stored message. */
export interface TreeNode {
  id: string;
  parentId: string | null;
  selectedAt: Date;
  createdAt: Date;
}

const byAge = (a: TreeNode, b: TreeNode) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The children of every message (key null: the first questions), oldest first. */
export function childrenOf<T extends TreeNode>(rows: readonly T[]): Map<string | null, T[]> {
  const children = new Map<string | null, T[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  for (const list of children.values()) list.sort(byAge);
  return children;
}

function chosen<T extends TreeNode>(siblings: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const row of siblings) {
    if (!best || row.selectedAt.getTime() > best.selectedAt.getTime()) best = row;
    else if (row.selectedAt.getTime() === best.selectedAt.getTime() && byAge(row, best) > 0) best = row;
  }
  return best;
}

/** The messages the chat shows, oldest first: from the first question down, the chosen child each time. */
export function currentBranch<T extends TreeNode>(rows: readonly T[]): T[] {
  const children = childrenOf(rows);
  const branch: T[] = [];
  const seen = new Set<string>();
  let next = chosen(children.get(null) ?? []);
  while (next && !seen.has(next.id)) {
    seen.add(next.id);
    branch.push(next);
    next = chosen(children.get(next.id) ?? []);
  }
  return branch;
}

/** The messages from the first question down to `id`, itself included; empty when there is no such one. */
export function pathTo<T extends TreeNode>(rows: readonly T[], id: string | null): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: T[] = [];
  let at = id === null ? undefined : byId.get(id);
  while (at && path.length <= rows.length) {
    path.push(at);
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  return path.reverse();
}

/** The ids of a message's versions (its siblings and itself), oldest first. */
export function versionsOf<T extends TreeNode>(children: Map<string | null, T[]>, row: T): string[] {
  return (children.get(row.parentId) ?? [row]).map((sibling) => sibling.id);
}
