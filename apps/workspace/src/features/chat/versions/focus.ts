/**
 * Paging replaces the rows of the conversation (the new version is another message, so another row):
 * the pager the user pressed is gone. The press leaves here which version it asked for and which button
 * it was, and the pager of that version takes the focus when it mounts, so the keyboard stays in place.
 */
let pending: { id: string; button: 'previous' | 'next' } | null = null;

export function requestPagerFocus(id: string, button: 'previous' | 'next'): void {
  pending = { id, button };
}

/** The button to focus if `id`'s pager is the one asked for (once). */
export function takePagerFocus(id: string): 'previous' | 'next' | null {
  if (pending?.id !== id) return null;
  const { button } = pending;
  pending = null;
  return button;
}

/**
 * Asks again for a pager that took the focus and is going while it holds it (the rows laid out once more),
 * unless the user has since asked for another version: that request stands.
 */
export function keepPagerFocus(id: string, button: 'previous' | 'next'): void {
  pending ??= { id, button };
}
