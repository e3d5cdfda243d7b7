import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { LexicalEditor } from 'lexical';
import { useEffect } from 'react';
import { type HeaderFooter, sameHeaderFooter } from '../headerFooter/model';
import { drawSheetBands } from '../headerFooter/sheetBands';
import { $getHeaderFooter } from '../headerFooter/state';
import { useNarrowScreen } from '../useNarrowScreen';
import { drawnScaleOf } from './drawnScale';
import { placeFootnotes, unplaceFootnotes } from './footnotesAtFoot';
import { FOOTNOTE_MARKER_SELECTOR, PageLayout, SHEETS_PER_BATCH } from './pageLayout';
import type { PageGeometry } from './paginate';
import { publishSheets } from './sheetsOfBlocks';
import './pageView.css';

/** 页面视图 (sheets) or 连续视图 (one long sheet). */
export type EditorView = 'page' | 'continuous';

/** The desk between two sheets, in CSS pixels. */
export const SHEET_GAP_PX = 24;

/** The attribute that turns the paper into sheets (pageView.css.ts styles by it). */
export const PAGE_VIEW_ATTRIBUTE = 'data-wx-page-view';

/** On the paper while the sheets below the screen wait to be laid out after an edit (a long paste). */
export const PENDING_ATTRIBUTE = 'data-wx-page-pending';

/** Runs `task` once the browser is idle (within 200 ms), else after the next frame where that is unknown. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 200 });
  else requestAnimationFrame(() => setTimeout(task, 16));
}

/** The sheets' geometry from the paper as laid out: its page height and the margins it is padded by. */
function geometryOf(paper: HTMLElement): PageGeometry | null {
  const style = getComputedStyle(paper);
  const pageHeight = Number.parseFloat(style.getPropertyValue('--wx-page-h')) || 1123;
  const top = Number.parseFloat(style.paddingTop) || 0;
  const bottom = Number.parseFloat(style.paddingBottom) || 0;
  const contentHeight = pageHeight - top - bottom;
  if (!(contentHeight > 40)) return null;
  return { contentHeight, pitch: pageHeight + SHEET_GAP_PX };
}

/**
 * The last sheet the user can see (the caret's, after a paste: Lexical has scrolled to it), and one more:
 * what a layout lays out before the frame is painted.
 */
function lastSheetOnScreen(paper: HTMLElement, geometry: PageGeometry): number {
  const view = paper.closest('[data-wx-stage]')?.getBoundingClientRect();
  const bottom = Math.min(view?.bottom ?? window.innerHeight, window.innerHeight);
  const y = (bottom - paper.getBoundingClientRect().top) / drawnScaleOf(paper);
  return Math.max(0, Math.floor(y / geometry.pitch)) + 1;
}

/**
 * The top-level blocks whose DOM changed, from the records of a MutationObserver on the root: a block
 * Lexical marks dirty without changing a thing (a plugin that registers a transform marks every node of
 * its type, a whole document's list items as it opens) is not laid out again. (Walked up to the root's
 * child, not Lexical's getTopLevelElement: that stops at a table's cell.)
 */
function touchedBlocks(root: HTMLElement, records: readonly MutationRecord[]): Set<Element> {
  const elements = new Set<Element>();
  /** Each attribute written, by its element: the value it had before the first write. */
  const before = new Map<Node, Map<string, string | null>>();
  for (const record of records) {
    // Blocks added to or removed from the root itself are found by comparing its children (pageLayout).
    if (record.target === root) continue;
    if (record.type === 'attributes' && record.attributeName) {
      const written = before.get(record.target) ?? new Map<string, string | null>();
      before.set(record.target, written);
      if (!written.has(record.attributeName)) written.set(record.attributeName, record.oldValue);
      continue;
    }
    const block = topBlockOf(root, record.target);
    if (block) elements.add(block);
  }
  // An attribute written again with the value it had changes nothing (a transform registered as the
  // document opens makes Lexical write every list item's class and value again).
  for (const [target, written] of before) {
    const element = target as Element;
    for (const [name, old] of written)
      if (element.getAttribute(name) !== old) {
        const block = topBlockOf(root, element);
        if (block) elements.add(block);
        break;
      }
  }
  return elements;
}

/** The root's child that holds `node` (none when it is not in the root). */
function topBlockOf(root: HTMLElement, node: Node | null): Element | undefined {
  let current = node;
  while (current && current.parentNode !== root) current = current.parentNode;
  return current instanceof Element ? current : undefined;
}

/**
 * 页面视图: the paper as sheets of the document's page size, one under the other with the desk between,
 * the text flowing from one sheet's text area to the next as it is typed (pageLayout.ts opens the gaps).
 * Off, the paper is one long sheet (连续视图), as on a phone, where sheets of A4 would not fit.
 */
export function PageViewPlugin({ enabled }: { enabled: boolean }) {
  const [editor] = useLexicalComposerContext();

  const narrow = useNarrowScreen();
  useEffect(() => {
    if (!enabled || narrow) return;
    const root = editor.getRootElement();
    const paper = root?.closest<HTMLElement>('[data-wx-paper]');
    if (!root || !paper) return;
    // The sheets are laid out in the next frame, before it is painted: by then the pictures (decorators,
    // which React renders after Lexical has put the text in) are in, and so are the updates of the
    // transforms the plugins register as the editor opens. Until then the blocks off screen are left
    // unrendered as in 连续视图, and each of those updates (which reads the DOM selection, a layout) costs
    // the screen, not the whole document.
    let close: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      close = openPageView(editor, root, paper);
    });
    return () => {
      cancelAnimationFrame(frame);
      close?.();
    };
  }, [editor, enabled, narrow]);

  return null;
}

/**
 * Turns the paper into sheets and keeps them laid out as the document changes; returns what turns it back
 * into one long sheet. Nothing when the paper is too small to hold a sheet's text area.
 */
function openPageView(
  editor: LexicalEditor,
  root: HTMLElement,
  paper: HTMLElement,
): (() => void) | undefined {
  const first = geometryOf(paper);
  if (!first) return undefined;
  // Read before the paper turns into sheets, in 连续视图's layout, which has the screen's blocks only.
  const firstInView = lastSheetOnScreen(paper, first);

  paper.setAttribute(PAGE_VIEW_ATTRIBUTE, '');
  const sheets = document.createElement('div');
  sheets.setAttribute('data-wx-sheets', '');
  sheets.setAttribute('aria-hidden', 'true');
  paper.prepend(sheets);

  let geometry = first;
  /** Each footnote's height at the foot of its sheet, by its id: the room the text on that sheet leaves. */
  const noteHeights = new Map<string, number>();
  const layout = new PageLayout(root, paper, geometry, noteHeights);
  // What changed in the document's DOM since the last layout: Lexical's own writes, taken in the update's
  // listener, and the browser's, kept as they are delivered (text an input method or a phone's keyboard
  // inserts natively is in the DOM before Lexical's update, and its records may be delivered before).
  let changed: MutationRecord[] = [];
  const mutations = new MutationObserver((records) => changed.push(...records));
  mutations.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeOldValue: true,
  });
  const takeChanged = () => {
    const records = changed.concat(mutations.takeRecords());
    changed = [];
    return records;
  };
  /** Forgets the page view's own writes (the gaps it opened), after each layout. */
  const settle = () => void takeChanged();
  /** The footnotes' section: in 页面视图 its notes stand at the foot of their markers' sheets. */
  const footnotes = () => paper.querySelector<HTMLElement>(':scope > [data-notes-kind="footnote"]');
  /**
   * Reads the notes' heights (as wide as the text, in the size they are drawn at the foot) and returns the
   * blocks whose markers' notes changed height, appeared or went: their sheets must be laid out again.
   */
  const measureNotes = (): Set<Element> => {
    const section = footnotes();
    const changedIds: string[] = [];
    const scale = drawnScaleOf(paper);
    const seen = new Set<string>();
    if (section)
      for (const note of Array.from(section.querySelectorAll<HTMLElement>(':scope > [data-note-id]'))) {
        const id = note.dataset.noteId ?? '';
        seen.add(id);
        // The first line's indent, the marker's room, as the PDF sets a note: its marker, a space, its text.
        const marker = note.querySelector<HTMLElement>('[data-note-marker]');
        const indent = marker ? `${marker.offsetWidth}px` : '';
        if (indent && note.style.getPropertyValue('--wx-note-indent') !== indent)
          note.style.setProperty('--wx-note-indent', indent);
        // Its laid-out height, to the fraction (offsetHeight rounds: a pixel too many on a sheet of notes).
        const height = note.getBoundingClientRect().height / scale;
        if (noteHeights.get(id) !== height) {
          noteHeights.set(id, height);
          changedIds.push(id);
        }
      }
    for (const id of Array.from(noteHeights.keys()))
      if (!seen.has(id)) {
        noteHeights.delete(id);
        changedIds.push(id);
      }
    const blocks = new Set<Element>();
    for (const id of changedIds) {
      const block = topBlockOf(root, root.querySelector(`[data-footnote-id="${CSS.escape(id)}"]`));
      if (block) blocks.add(block);
    }
    return blocks;
  };
  const lastSheetInView = () => lastSheetOnScreen(paper, geometry);
  /** Puts each footnote at the foot of the sheet its marker is on, once the gaps are open. */
  const placeNotes = () => {
    const section = footnotes();
    if (section)
      placeFootnotes(
        paper,
        root.querySelectorAll<HTMLElement>(FOOTNOTE_MARKER_SELECTOR),
        section,
        geometry,
        noteHeights,
      );
  };
  let bands: HeaderFooter = editor.getEditorState().read($getHeaderFooter);
  /** The headers and footers, written again only when the count of sheets or their setting changed. */
  let drawn: { count: number; bands: HeaderFooter } | null = null;
  /** One sheet per page, the paper as tall as the sheets, each with its header and footer. */
  const drawSheets = () => {
    const count = sheetsNeeded();
    while (sheets.childElementCount < count) sheets.append(document.createElement('div'));
    while (sheets.childElementCount > count) sheets.lastElementChild?.remove();
    if (!drawn || drawn.count !== count || !sameHeaderFooter(drawn.bands, bands)) {
      drawSheetBands(Array.from(sheets.children) as HTMLElement[], bands);
      drawn = { count, bands };
    }
    const height = geometry.pitch - SHEET_GAP_PX;
    Array.from(sheets.children).forEach((sheet, n) => {
      const style = (sheet as HTMLElement).style;
      style.top = `${n * geometry.pitch}px`;
      style.height = `${height}px`;
    });
    paper.style.setProperty('min-height', `${count * geometry.pitch - SHEET_GAP_PX}px`);
    publish();
  };
  /**
   * The sheets the text takes, and more under the endnotes that follow it on the paper (which the
   * pagination does not cut; the footnotes stand at their sheets' feet): what is on the paper always
   * stands on a sheet.
   */
  const sheetsNeeded = () => {
    const pages = layout.pageCount;
    const notes = paper.querySelectorAll('[data-notes-kind="endnote"]');
    if (notes.length === 0) return pages;
    const paperTop = paper.getBoundingClientRect().top;
    // Measured boxes come scaled by the page view's zoom; the sheets are in CSS pixels at 100 %.
    const scale = drawnScaleOf(paper);
    const bottom = Math.max(
      ...Array.from(notes, (note) => (note.getBoundingClientRect().bottom - paperTop) / scale),
    );
    const end = bottom + (Number.parseFloat(getComputedStyle(paper).paddingBottom) || 0);
    return Math.max(pages, Math.ceil((end + SHEET_GAP_PX) / geometry.pitch));
  };
  /** Tells the page numbers' readers (a table of contents, a reference) where each block now starts. */
  const publish = () => {
    const current = layout.current;
    let index: Map<Element, number> | undefined;
    publishSheets(editor, {
      count: layout.pageCount,
      sheetOf: (element) => {
        if (!current) return undefined;
        index ??= new Map(current.blocks.map((block, n) => [block, n]));
        const n = index.get(element);
        const start = n === undefined ? undefined : current.pagination.starts[n];
        return start ? (start.textPage ?? start.page) : undefined;
      },
    });
  };
  /** Set as the page view closes: a batch still to come does nothing. */
  let closed = false;
  let finishing = false;
  /**
   * The sheets a layout left for later (below the ones in view, as a document opens or after a long
   * paste): a batch at a time, each when the browser is idle, so that no frame waits for all of them. An
   * edit before then lays out the ones it reaches with its own.
   */
  const finishLater = () => {
    if (finishing || !layout.pending) return;
    finishing = true;
    whenIdle(() => {
      finishing = false;
      if (closed || !layout.pending) return;
      layout.finish(SHEETS_PER_BATCH);
      afterLayout();
    });
  };
  /** After a layout: its own writes forgotten, the notes placed, the sheets drawn, what waits shown. */
  const afterLayout = () => {
    settle();
    placeNotes();
    drawSheets();
    paper.toggleAttribute(PENDING_ATTRIBUTE, layout.pending);
    finishLater();
  };
  // A new width (the window, a side panel) or page setup lays every sheet out again, once per frame.
  let frame = 0;
  const soon = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => relayout());
  };
  // The width as laid out: the page view's zoom draws the paper larger or smaller, without a new layout.
  const layoutWidth = () => paper.getBoundingClientRect().width / drawnScaleOf(paper);
  /** The width the sheets were laid out at (the first observation of the paper's size tells it). */
  let width: number | undefined;
  /**
   * Lays every sheet out again, down to the last in view now and the rest when idle; `opening`, as the
   * document opens (the blocks below the sheets in view are left unrendered).
   */
  const relayout = (next = geometryOf(paper), through?: number, opening = false) => {
    if (!next) return;
    geometry = next;
    measureNotes();
    layout.relayoutAll(next, through ?? lastSheetOnScreen(paper, next), opening);
    afterLayout();
  };
  relayout(first, firstInView, true);

  const removeListener = editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, editorState }) => {
    const nextBands = editorState.read($getHeaderFooter);
    if (!sameHeaderFooter(nextBands, bands)) {
      bands = nextBands;
      drawSheets();
    }
    if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
    const touched = touchedBlocks(root, takeChanged());
    if (noteHeights.size > 0 || footnotes()) for (const block of measureNotes()) touched.add(block);
    layout.update(touched, lastSheetInView());
    afterLayout();
  });

  // A note that grows as it is typed in, or that appears or goes (the notes render after the text's
  // update): the sheets of its marker are laid out again, before the frame is painted.
  const notesChanged = () => {
    const touched = touchedBlocks(root, takeChanged());
    for (const block of measureNotes()) touched.add(block);
    if (touched.size > 0) layout.update(touched);
    afterLayout();
  };
  const noteSizes = new ResizeObserver(notesChanged);
  /** Watches each note of the footnotes' section (a new note is seen as the section's child list changes). */
  const watchNotes = () => {
    noteSizes.disconnect();
    const section = footnotes();
    if (!section) return;
    notesList.observe(section, { childList: true });
    for (const note of Array.from(section.children)) noteSizes.observe(note);
  };
  const notesList = new MutationObserver((records) => {
    // A note came or went, or the notes' section did (the page view's own layers come and go too).
    const notesMoved = records.some(
      (record) =>
        record.target !== paper ||
        [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)].some(
          (node) => node instanceof Element && node.hasAttribute('data-notes-kind'),
        ),
    );
    if (!notesMoved) return;
    watchNotes();
    notesChanged();
  });
  notesList.observe(paper, { childList: true });
  watchNotes();

  const resized = new ResizeObserver(() => {
    const now = layoutWidth();
    if (width === undefined) width = now;
    if (Math.abs(now - width) < 0.5) return;
    width = now;
    soon();
  });
  resized.observe(paper);
  // The page setup is written on the row's style (so is the zoom's bottom margin, which changes nothing
  // here): a new paper height or new margins lay out again; a new width is the ResizeObserver's. A new
  // zoom (useZoom writes it on the desk) keeps the sheets as they are, but a layout measured while the
  // scale was changing is measured again at the scale now drawn.
  let scale = drawnScaleOf(paper);
  const setupOrZoom = new MutationObserver(() => {
    const next = geometryOf(paper);
    const now = drawnScaleOf(paper);
    const zoomed = Math.abs(now - scale) >= 0.0005;
    scale = now;
    if (zoomed || (next && (next.contentHeight !== geometry.contentHeight || next.pitch !== geometry.pitch)))
      soon();
  });
  const row = paper.parentElement;
  if (row) setupOrZoom.observe(row, { attributes: true, attributeFilter: ['style'] });
  const stage = row?.parentElement;
  if (stage) setupOrZoom.observe(stage, { attributes: true, attributeFilter: ['data-wx-zoom'] });
  // Text measured in a fallback face moves once the real one arrives (the CJK face comes in slices, each
  // fetched for the characters on screen).
  const fonts = document.fonts;
  fonts?.addEventListener('loadingdone', soon);
  // Faces still on their way as the sheets were first laid out: once all are in, lay out again.
  if (fonts?.status === 'loading')
    void fonts.ready.then(() => {
      if (paper.isConnected) soon();
    });

  return () => {
    closed = true;
    cancelAnimationFrame(frame);
    removeListener();
    mutations.disconnect();
    noteSizes.disconnect();
    notesList.disconnect();
    fonts?.removeEventListener('loadingdone', soon);
    resized.disconnect();
    setupOrZoom.disconnect();
    layout.clear();
    publishSheets(editor, null);
    sheets.remove();
    paper.removeAttribute(PAGE_VIEW_ATTRIBUTE);
    paper.removeAttribute(PENDING_ATTRIBUTE);
    paper.style.removeProperty('min-height');
    const section = footnotes();
    if (section) unplaceFootnotes(section);
  };
}
