/** Bullets and numbers people type or copy in front of list text: •, -, *, 1., 1、, (1), （1）, ①, a). */
const LIST_MARKER = /^\s*(?:[•·●○■□▪◦\-*+]|\d{1,3}[.、．)]|[（(]\d{1,3}[)）]|[①-⑳]|[a-zA-Z][.)])\s*/;

/** Whether the text starts with such a marker. */
export function hasListMarker(text: string): boolean {
  return LIST_MARKER.test(text);
}

/** A line pasted into a list item, without the marker the list item already draws. */
export function stripListMarker(line: string): string {
  return line.replace(LIST_MARKER, '');
}
