/** A piece of text, marked when it is an occurrence of the searched text. */
export interface TextPart {
  text: string;
  isMatch: boolean;
}

/**
 * Splits `text` around every occurrence of `query`, in any case, as the server's search (ILIKE) finds
 * them. An empty query gives the text whole.
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const q = query.trim();
  if (!q) return [{ text, isMatch: false }];
  const haystack = text.toLocaleLowerCase();
  const needle = q.toLocaleLowerCase();
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), isMatch: false });
    parts.push({ text: text.slice(at, at + needle.length), isMatch: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), isMatch: false });
  return parts;
}
