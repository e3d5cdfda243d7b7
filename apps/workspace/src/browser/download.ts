/**
 * Hands a file made in the page (an export, a CSV) to the browser's download, saved under `name`. The link
 * is in the document for the click, as Firefox wants; the object URL is let go once the download has its
 * own copy.
 */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
