/**
 * 页面视图's footnotes: each note stands at the foot of the sheet its marker is on, under a short rule, as
 * Word and the PDF export set them. The notes stay the editable boxes FootnotesPlugin renders after the
 * text; in page view their section becomes a layer over the paper and each note is moved to its sheet's
 * foot. The pagination has left the room (paginate.ts: a line's footnotes end its sheet's text higher).
 */
import { drawnScaleOf } from './drawnScale';
import type { PageGeometry } from './paginate';

/** Set on a sheet's first note: its rule is drawn above it (pageView.css.ts). */
export const FIRST_NOTE_ATTRIBUTE = 'data-wx-note-first';

/**
 * The room under a sheet's last note, above its text area's foot, in CSS pixels: 6 pt, where the PDF
 * export ends its notes (files/pdf/pagination.ts).
 */
const BELOW_NOTES_PX = 8;

/**
 * Places the notes of `section` by their markers (in the text's order): a sheet's notes stacked up from its
 * text area's foot, each as tall as `heights` says (what the pagination reserved for it).
 */
export function placeFootnotes(
  paper: HTMLElement,
  markers: ArrayLike<HTMLElement>,
  section: HTMLElement,
  geometry: PageGeometry,
  heights: ReadonlyMap<string, number>,
): void {
  const style = getComputedStyle(paper);
  const paddingTop = Number.parseFloat(style.paddingTop) || 0;
  setStyle(section, 'left', `${Number.parseFloat(style.paddingLeft) || 0}px`);
  setStyle(section, 'right', `${Number.parseFloat(style.paddingRight) || 0}px`);
  const notes = new Map<string, HTMLElement>();
  for (const note of Array.from(section.children) as HTMLElement[])
    if (note.dataset.noteId) notes.set(note.dataset.noteId, note);
  // The sheet of each marker, from where it is drawn (the gaps are open): the paper's box comes scaled by
  // the zoom, the sheets are in CSS pixels at 100 %.
  const scale = drawnScaleOf(paper);
  const paperTop = paper.getBoundingClientRect().top + paper.clientTop * scale;
  const bySheet = new Map<number, HTMLElement[]>();
  for (const marker of Array.from(markers)) {
    const note = notes.get(marker.dataset.footnoteId ?? '');
    if (!note) continue;
    const y = (marker.getBoundingClientRect().top - paperTop) / scale;
    const sheet = Math.max(0, Math.floor(y / geometry.pitch));
    const list = bySheet.get(sheet) ?? [];
    list.push(note);
    bySheet.set(sheet, list);
  }
  for (const [sheet, list] of bySheet) {
    const total = list.reduce((sum, note) => sum + (heights.get(note.dataset.noteId ?? '') ?? 0), 0);
    let top = sheet * geometry.pitch + paddingTop + geometry.contentHeight - BELOW_NOTES_PX - total;
    list.forEach((note, n) => {
      setStyle(note, 'top', `${top.toFixed(2)}px`);
      if (note.hasAttribute(FIRST_NOTE_ATTRIBUTE) !== (n === 0)) note.toggleAttribute(FIRST_NOTE_ATTRIBUTE);
      top += heights.get(note.dataset.noteId ?? '') ?? 0;
    });
  }
}

/** Gives the notes back to the flow after the text (leaving 页面视图). */
export function unplaceFootnotes(section: HTMLElement): void {
  section.style.removeProperty('left');
  section.style.removeProperty('right');
  for (const note of Array.from(section.children) as HTMLElement[]) {
    note.style.removeProperty('top');
    note.style.removeProperty('--wx-note-indent');
    note.removeAttribute(FIRST_NOTE_ATTRIBUTE);
  }
}

/** Writes a style only when it changes (every layout places the notes again, a keystroke's too). */
function setStyle(element: HTMLElement, property: string, value: string): void {
  if (element.style.getPropertyValue(property) !== value) element.style.setProperty(property, value);
}
