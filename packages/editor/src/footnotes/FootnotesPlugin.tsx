import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import { Button, IconButton, TrashIcon } from '@wanxiang/ui';
import {
  $getNodeByKey,
  COMMAND_PRIORITY_EDITOR,
  createCommand,
  type NodeKey,
  SKIP_DOM_SELECTION_TAG,
} from 'lexical';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isComposingEvent } from '../composing';
import { t } from '../i18n/zh-CN';
import { FootnoteContext, type FootnoteContextValue } from './FootnoteContext';
import { $isFootnoteNode, FootnoteNode } from './FootnoteNode';
import * as css from './Footnotes.css';
import { insertFootnote } from './insertFootnote';
import { NotesDialog } from './NotesDialog';
import { $noteAtSelection, applyNoteSettings, type NoteSettingsChange } from './noteCommands';
import { $getNoteFormat, DEFAULT_NOTE_FORMATS } from './noteFormats';
import {
  createFootnoteId,
  type NoteKind,
  type NoteNumberFormat,
  noteMarker,
  numberFootnotes,
  type PositionedFootnote,
} from './numbering';

/** Inserts a footnote at the caret and puts the focus in its note, ready for its text. */
export const INSERT_FOOTNOTE_COMMAND = createCommand<void>('wx:insertFootnote');
/** Inserts an endnote (尾注) at the caret and puts the focus in its note, at the end of the document. */
export const INSERT_ENDNOTE_COMMAND = createCommand<void>('wx:insertEndnote');
/** Opens 脚注和尾注 (number styles, converting notes). */
export const OPEN_NOTES_DIALOG_COMMAND = createCommand<void>('wx:openNotesDialog');

interface NoteEntry {
  key: NodeKey;
  id: string;
  text: string;
  kind: NoteKind;
}

const sameFormats = (a: Record<NoteKind, NoteNumberFormat>, b: Record<NoteKind, NoteNumberFormat>) =>
  a.footnote === b.footnote && a.endnote === b.endnote;

/**
 * Provides footnote numbers to the markers and the notes, for the paper to show after its text. Numbers
 * follow the markers' places in the text, measured after layout.
 *
 * The notes have one place, whatever the width of the window or the panels open beside the paper: under
 * the text, on the sheet, as a document's notes are printed (at the foot of the page, a short document's
 * only page; after the last line, a long one's). Floating beside the paper they narrowed it, moved as the
 * window changed and fell out of sight below the sheet when the outline took the room.
 */
export function FootnotesProvider({
  paperRef,
  children,
}: {
  paperRef: React.RefObject<HTMLElement | null>;
  /** The paper; it shows the notes where it puts `<FootnoteNotes />`. */
  children: ReactNode;
}) {
  const [editor] = useLexicalComposerContext();
  /** The id of a note to focus as soon as its text box exists (set just before inserting a footnote). */
  const pendingFocus = useRef<string | null>(null);
  const [entries, setEntries] = useState<NoteEntry[]>([]);
  const [positions, setPositions] = useState<PositionedFootnote[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [formats, setFormats] = useState<Record<NoteKind, NoteNumberFormat>>({ ...DEFAULT_NOTE_FORMATS });
  /** 脚注和尾注 is open, for the note it was opened at (null: none). */
  const [dialog, setDialog] = useState<{ currentId: string | null } | null>(null);
  const activeRef = useRef(activeId);
  activeRef.current = activeId;

  useEffect(() => {
    const insert = (kind: NoteKind) => {
      const id = createFootnoteId();
      pendingFocus.current = id;
      insertFootnote(editor, id, kind);
      // The note's text box appears after the marker renders; give it the focus so the user can type.
      const focusNote = (tries: number) => {
        const box = paperRef.current?.ownerDocument.querySelector<HTMLTextAreaElement>(
          `[data-footnote-text="${id}"]`,
        );
        if (box) box.focus();
        else if (tries > 0) requestAnimationFrame(() => focusNote(tries - 1));
      };
      requestAnimationFrame(() => focusNote(10));
      return true;
    };
    const readFormats = () => {
      const next = editor.getEditorState().read(() => ({
        footnote: $getNoteFormat('footnote'),
        endnote: $getNoteFormat('endnote'),
      }));
      setFormats((prev) => (sameFormats(prev, next) ? prev : next));
    };
    readFormats();
    return mergeRegister(
      editor.registerCommand(INSERT_FOOTNOTE_COMMAND, () => insert('footnote'), COMMAND_PRIORITY_EDITOR),
      editor.registerCommand(INSERT_ENDNOTE_COMMAND, () => insert('endnote'), COMMAND_PRIORITY_EDITOR),
      editor.registerCommand(
        OPEN_NOTES_DIALOG_COMMAND,
        () => {
          // The note to convert: the one being edited, else the one at the caret.
          const atCaret = editor.getEditorState().read(() => $noteAtSelection()?.getId() ?? null);
          setDialog({ currentId: activeRef.current ?? atCaret });
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      // The number styles are the root's: an undo, a loaded document or the dialog may change them.
      editor.registerUpdateListener(readFormats),
    );
  }, [editor, paperRef]);

  const measure = useCallback(() => {
    const paper = paperRef.current;
    if (!paper) return;
    const top = paper.getBoundingClientRect().top;
    const markers = paper.querySelectorAll<HTMLElement>('[data-footnote-id]');
    const next: PositionedFootnote[] = [];
    markers.forEach((marker, order) => {
      const id = marker.dataset.footnoteId;
      if (id) next.push({ id, top: Math.round(marker.getBoundingClientRect().top - top), order });
    });
    setPositions((prev) =>
      prev.length === next.length && prev.every((p, i) => p.id === next[i]?.id && p.top === next[i]?.top)
        ? prev
        : next,
    );
  }, [paperRef]);

  useEffect(() => {
    let frame = 0;
    let hasNotes = false;
    const schedule = () => {
      if (!hasNotes || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    const readEntries = () => {
      editor.getEditorState().read(() => {
        const found: NoteEntry[] = [];
        for (const key of keys) {
          const node = $getNodeByKey(key);
          if ($isFootnoteNode(node))
            found.push({ key, id: node.getId(), text: node.getText(), kind: node.getKind() });
        }
        hasNotes = found.length > 0;
        setEntries(found);
      });
      schedule();
      // Markers render in a React portal after this update: measure once more when they are in the DOM.
      setTimeout(schedule, 0);
    };
    const keys = new Set<NodeKey>();
    const resize = new ResizeObserver(schedule);
    if (paperRef.current) resize.observe(paperRef.current);
    return mergeRegister(
      editor.registerMutationListener(FootnoteNode, (mutations) => {
        for (const [key, mutation] of mutations) {
          if (mutation === 'destroyed') keys.delete(key);
          else keys.add(key);
        }
        readEntries();
      }),
      // Text typed above a marker moves it down: re-measure after content updates (one rAF per frame).
      editor.registerUpdateListener(({ dirtyElements }) => {
        if (dirtyElements.size) schedule();
      }),
      () => {
        cancelAnimationFrame(frame);
        resize.disconnect();
      },
    );
  }, [editor, measure, paperRef]);

  // Outside click and Escape clear the active note.
  useEffect(() => {
    if (!activeId) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (target?.closest?.(`[data-footnote-id="${activeId}"], [data-note-id="${activeId}"]`)) return;
      setActiveId(null);
    };
    const onKey = (event: KeyboardEvent) => {
      // Escape that cancels an IME composition in the note is the input method's, not ours.
      if (event.key === 'Escape' && !isComposingEvent(event)) setActiveId(null);
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [activeId]);

  // Each kind is numbered on its own: footnote ① and endnote i may sit side by side.
  const kindOf = useMemo(() => new Map(entries.map((e) => [e.id, e.kind])), [entries]);
  const numbers = useMemo(() => {
    const out = new Map<string, number>();
    for (const kind of ['footnote', 'endnote'] as const)
      for (const [id, n] of numberFootnotes(positions.filter((p) => kindOf.get(p.id) === kind)))
        out.set(id, n);
    return out;
  }, [positions, kindOf]);
  const markers = useMemo(() => {
    const out = new Map<string, string>();
    for (const [id, n] of numbers) out.set(id, noteMarker(n, formats[kindOf.get(id) ?? 'footnote']));
    return out;
  }, [numbers, formats, kindOf]);

  const value = useMemo<FootnoteContextValue>(
    () => ({
      numbers,
      markers,
      activeId,
      setActive: setActiveId,
      focusWhenReady: (id) => {
        pendingFocus.current = id;
      },
    }),
    [numbers, markers, activeId],
  );

  // Typing in a note must not put the DOM selection (and so the focus) back into the paper.
  const setText = (key: NodeKey, text: string) =>
    editor.update(
      () => {
        const node = $getNodeByKey(key);
        if ($isFootnoteNode(node)) node.setText(text);
      },
      { tag: SKIP_DOM_SELECTION_TAG },
    );
  const remove = (key: NodeKey) =>
    editor.update(() => {
      $getNodeByKey(key)?.remove();
    });
  const convert = (id: string) => applyNoteSettings(editor, { convertId: id });

  const ordered = [...entries].sort((a, b) => (numbers.get(a.id) ?? 1e9) - (numbers.get(b.id) ?? 1e9));
  const section = (kind: NoteKind) => {
    const own = ordered.filter((entry) => entry.kind === kind);
    if (!own.length) return null;
    const endnote = kind === 'endnote';
    return (
      <section
        className={endnote ? css.endnotes : css.notes}
        aria-label={endnote ? t.notes.endnotes : t.footnote.notes}
        data-notes-kind={kind}
      >
        {endnote && <h2 className={css.endnotesHeading}>{t.notes.endnotes}</h2>}
        {own.map((entry) => {
          const marker = markers.get(entry.id) ?? '*';
          const label = endnote ? t.notes.endnoteLabel(marker) : t.footnote.label(marker);
          return (
            <div
              key={entry.id}
              data-note-id={entry.id}
              data-active={activeId === entry.id || undefined}
              className={css.note}
              ref={(el) => {
                if (el && pendingFocus.current === entry.id) {
                  pendingFocus.current = null;
                  el.querySelector('textarea')?.focus();
                }
              }}
            >
              <div className={css.noteHeader} data-note-header="">
                <span data-note-label="">{label}</span>
                {/* 页面视图 shows the note as printed: its marker before its text (pageView.css.ts). */}
                <span className={css.noteMarker} data-note-marker="" aria-hidden="true">
                  {marker}
                </span>
                <span className={css.noteTools} data-note-tools="">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`${endnote ? t.notes.toFootnote : t.notes.toEndnote} ${marker}`}
                    onPress={() => convert(entry.id)}
                  >
                    {endnote ? t.notes.toFootnote : t.notes.toEndnote}
                  </Button>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={`${endnote ? t.notes.removeEndnote : t.footnote.remove} ${marker}`}
                    onPress={() => remove(entry.key)}
                  >
                    <TrashIcon />
                  </IconButton>
                </span>
              </div>
              <textarea
                className={css.noteText}
                aria-label={label}
                placeholder={endnote ? t.notes.endnotePlaceholder : t.footnote.placeholder}
                value={entry.text}
                data-footnote-text={entry.id}
                onFocus={() => setActiveId(entry.id)}
                onChange={(event) => {
                  const text = event.target.value;
                  setEntries((prev) => prev.map((e) => (e.key === entry.key ? { ...e, text } : e)));
                  setText(entry.key, text);
                }}
              />
            </div>
          );
        })}
      </section>
    );
  };
  // The endnotes end the text; a page's footnotes are under everything on it, the last page's too.
  const notes =
    ordered.length > 0 ? (
      <>
        {section('endnote')}
        {section('footnote')}
      </>
    ) : null;

  const counts = {
    footnote: entries.filter((e) => e.kind === 'footnote').length,
    endnote: entries.filter((e) => e.kind === 'endnote').length,
  };
  const currentEntry = dialog?.currentId ? entries.find((e) => e.id === dialog.currentId) : undefined;
  const apply = (change: NoteSettingsChange) => applyNoteSettings(editor, change);

  // The notes reach the paper through a context of their own: a note's text or number changing re-renders
  // the notes alone, never the paper and its editable text (whose focus and selection must not move).
  return (
    <FootnoteContext.Provider value={value}>
      <FootnoteNotesContext.Provider value={notes}>{children}</FootnoteNotesContext.Provider>
      <NotesDialog
        isOpen={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        formats={formats}
        counts={counts}
        current={
          currentEntry
            ? { id: currentEntry.id, kind: currentEntry.kind, marker: markers.get(currentEntry.id) ?? '*' }
            : null
        }
        onApply={apply}
      />
    </FootnoteContext.Provider>
  );
}

const FootnoteNotesContext = createContext<ReactNode>(null);

/** Where the paper shows its notes: after its text, on the sheet. */
export function FootnoteNotes() {
  return useContext(FootnoteNotesContext);
}
