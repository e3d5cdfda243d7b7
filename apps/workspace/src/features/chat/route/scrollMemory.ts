/**
 * Where the reader was in each chat, for this tab (sessionStorage): a reload comes back to the same place.
 * Kept as the first visible message and the distance into it, not as pixels: a virtualized list's total
 * height is an estimate until its rows are measured.
 */
export interface ScrollPlace {
  index: number;
  offset: number;
}

const KEY = 'wanxiang.chat.scroll.';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** null: the reader was at the end (the default), or nothing is known. */
export function readScrollPlace(sessionId: string): ScrollPlace | null {
  const raw = storage()?.getItem(KEY + sessionId);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ScrollPlace>;
    if (typeof value.index !== 'number' || typeof value.offset !== 'number') return null;
    if (!Number.isInteger(value.index) || value.index < 0) return null;
    return { index: value.index, offset: Math.max(0, value.offset) };
  } catch {
    return null;
  }
}

/** Remembers the place, or forgets it (null) when the reader is at the end. */
export function writeScrollPlace(sessionId: string, place: ScrollPlace | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (place === null) store.removeItem(KEY + sessionId);
    else store.setItem(KEY + sessionId, JSON.stringify(place));
  } catch {
    // A full storage loses only the scroll position.
  }
}
