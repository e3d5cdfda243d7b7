/** Whether the bookmarks' brackets are shown in the text: the user's choice, kept in this browser. */
const KEY = 'wx-editor:show-bookmarks';

export function readShowBookmarks(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) !== 'false';
  } catch {
    return true;
  }
}

export function writeShowBookmarks(show: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, show ? 'true' : 'false');
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}
