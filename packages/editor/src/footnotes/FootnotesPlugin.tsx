import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import { IconButton, TrashIcon } from '@wanxiang/ui';
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
import { createFootnoteId, footnoteMarker, numberFootnotes, type PositionedFootnote } from './numbering';

/** Inserts a footnote at the caret and puts the focus in its note, ready for its text. */
export const INSERT_FOOTNOTE_COMMAND = createCommand<void>('wx:insertFootnote');

interface NoteEntry {
  key: NodeKey;
  id: string;
  text: string;
}

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
  useEffect(
    () =>
      editor.registerCommand(
        INSERT_FOOTNOTE_COMMAND,
        () => {
          const id = createFootnoteId();
          pendingFocus.current = id;
          insertFootnote(editor, id);
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
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor, paperRef],
  );
  const [entries, setEntries] = useState<NoteEntry[]>([]);
  const [positions, setPositions] = useState<PositionedFootnote[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);

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
          if ($isFootnoteNode(node)) found.push({ key, id: node.getId(), text: node.getText() });
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

  const known = useMemo(() => new Set(entries.map((e) => e.id)), [entries]);
  const live = useMemo(() => positions.filter((p) => known.has(p.id)), [positions, known]);
  const numbers = useMemo(() => numberFootnotes(live), [live]);

  const value = useMemo<FootnoteContextValue>(
    () => ({
      numbers,
      activeId,
      setActive: setActiveId,
      focusWhenReady: (id) => {
        pendingFocus.current = id;
      },
    }),
    [numbers, activeId],
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

  const ordered = [...entries].sort((a, b) => (numbers.get(a.id) ?? 1e9) - (numbers.get(b.id) ?? 1e9));
  const notes = ordered.length ? (
    <section className={css.notes} aria-label={t.footnote.notes}>
      {ordered.map((entry) => {
        const n = numbers.get(entry.id);
        const marker = n === undefined ? '*' : footnoteMarker(n);
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
            <div className={css.noteHeader}>
              <span>{t.footnote.label(marker)}</span>
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={t.footnote.remove}
                onPress={() => remove(entry.key)}
              >
                <TrashIcon />
              </IconButton>
            </div>
            <textarea
              className={css.noteText}
              aria-label={t.footnote.label(marker)}
              placeholder={t.footnote.placeholder}
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
  ) : null;

  // The notes reach the paper through a context of their own: a note's text or number changing re-renders
  // the notes alone, never the paper and its editable text (whose focus and selection must not move).
  return (
    <FootnoteContext.Provider value={value}>
      <FootnoteNotesContext.Provider value={notes}>{children}</FootnoteNotesContext.Provider>
    </FootnoteContext.Provider>
  );
}

const FootnoteNotesContext = createContext<ReactNode>(null);

/** Where the paper shows its notes: after its text, on the sheet. */
export function FootnoteNotes() {
  return useContext(FootnoteNotesContext);
}
