import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Button, Checkbox, Dialog, TextField } from '@wanxiang/ui';
import { SKIP_DOM_SELECTION_TAG } from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { isComposingEvent } from '../composing';
import { isNarrowScreen } from '../constants';
import { t } from '../i18n/zh-CN';
import {
  $findMatches,
  $replaceAll,
  $replaceMatch,
  $selectMatch,
  buildSearchPattern,
  type SearchOptions,
  type TextMatch,
} from '../model/search';
import * as css from './dialogs.css';

export interface FindReplaceDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  mode: 'find' | 'replace';
}

const HIGHLIGHT_ALL = 'wx-find-all';
const HIGHLIGHT_CURRENT = 'wx-find-current';
const MAX_HIGHLIGHTS = 2000;
/** Matches are counted and painted this long after the last change of the query or an option. */
export const LIVE_SEARCH_DELAY_MS = 150;

interface HighlightRegistry {
  set(name: string, value: unknown): void;
  delete(name: string): void;
}
const highlights = (): HighlightRegistry | null =>
  typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined'
    ? (CSS as unknown as { highlights: HighlightRegistry }).highlights
    : null;

/**
 * Scrolls a match into view, never under the find box: when the box stands over the match's column (on a
 * phone always, on a wide screen when the paper reaches under it), the paper's scroller gets the box's
 * height as scroll padding for this scroll, so the match lands in the part below it.
 */
function reveal(target: Element | null | undefined, block: ScrollLogicalPosition) {
  if (!target) return;
  const scroller = target.closest<HTMLElement>('[data-wx-stage]');
  const box = document.querySelector(`.${css.findDialog}`)?.getBoundingClientRect();
  const match = target.getBoundingClientRect();
  const overlaps = box && (isNarrowScreen() || (match.right > box.left && match.left < box.right));
  if (!scroller || !box || !overlaps) {
    target.scrollIntoView({ block });
    return;
  }
  const covered = box.bottom - scroller.getBoundingClientRect().top;
  const before = [scroller.style.scrollPaddingTop, scroller.style.scrollPaddingBottom] as const;
  // The same margin at both ends: a centred match stands in the middle of what the box leaves.
  scroller.style.scrollPaddingTop = `${Math.max(0, Math.ceil(covered) + 16)}px`;
  scroller.style.scrollPaddingBottom = '16px';
  target.scrollIntoView({ block: block === 'nearest' ? 'start' : block });
  [scroller.style.scrollPaddingTop, scroller.style.scrollPaddingBottom] = before;
}

/** 查找和替换 (Ctrl+F / Ctrl+H): case, regex and whole-word options; matches are painted with the CSS Highlight API. */
export function FindReplaceDialog({ isOpen, onOpenChange, mode }: FindReplaceDialogProps) {
  const [editor] = useLexicalComposerContext();
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [options, setOptions] = useState<SearchOptions>({
    caseSensitive: false,
    regex: false,
    wholeWord: false,
  });
  const [status, setStatus] = useState('');
  // Ctrl+F shows the search alone, Ctrl+H (and the Edit menu) the replace field and buttons too.
  const [withReplace, setWithReplace] = useState(mode === 'replace');
  const [error, setError] = useState('');
  const index = useRef(-1);
  // The live count's pending run: an action (查找下一个, 替换…) pressed within its delay supersedes it, or
  // it would come after and repaint the matches without the current one.
  const liveSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!isOpen) {
      highlights()?.delete(HIGHLIGHT_ALL);
      highlights()?.delete(HIGHLIGHT_CURRENT);
      return;
    }
    setStatus('');
    setError('');
    setWithReplace(mode === 'replace');
    index.current = -1;
    // Start from the selected text, as word processors do.
    const selected = editor.getEditorState().read(() => window.getSelection()?.toString() ?? '');
    if (selected && !selected.includes('\n') && selected.length < 200) setQuery(selected);
  }, [isOpen, editor, mode]);

  // As the query or an option changes, every match is painted and counted (the paper stays visible
  // around the dialog); 查找下一个 / Enter then walks through them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: paint reads the editor, which does not change.
  useEffect(() => {
    if (!isOpen) return;
    const timer = setTimeout(() => {
      liveSearch.current = undefined;
      if (!query) {
        // The error is left alone: 请先输入查找内容, asked for by a button pressed before this timer ran
        // (as the dialog opens), must stay. Emptying the field clears errors at once, in its onChange.
        setStatus('');
        paint([], -1);
        return;
      }
      const built = buildSearchPattern(query, options);
      if (built instanceof Error) {
        setError(t.find.badRegex);
        paint([], -1);
        return;
      }
      setError('');
      const matches = editor.getEditorState().read(() => $findMatches(built));
      setStatus(t.find.found(matches.length));
      paint(matches, -1);
    }, LIVE_SEARCH_DELAY_MS);
    liveSearch.current = timer;
    return () => clearTimeout(timer);
  }, [isOpen, query, options, editor]);

  const pattern = () => {
    clearTimeout(liveSearch.current);
    if (!query) {
      setError(t.find.empty);
      return null;
    }
    const built = buildSearchPattern(query, options);
    if (built instanceof Error) {
      setError(t.find.badRegex);
      return null;
    }
    setError('');
    return built;
  };

  const paint = (matches: TextMatch[], current: number) => {
    const registry = highlights();
    if (!registry) return;
    const toRange = (m: TextMatch) => {
      const start = m.segments.find((s) => m.start >= s.start && m.start < s.end);
      const end = m.segments.find((s) => m.end > s.start && m.end <= s.end);
      const startDom = start && editor.getElementByKey(start.node.getKey());
      const endDom = end && editor.getElementByKey(end.node.getKey());
      const startText = startDom && textOf(startDom);
      const endText = endDom && textOf(endDom);
      if (!start || !end || !startText || !endText) return null;
      const range = document.createRange();
      range.setStart(startText, m.start - start.start);
      range.setEnd(endText, m.end - end.start);
      return range;
    };
    editor.getEditorState().read(() => {
      const ranges = matches
        .slice(0, MAX_HIGHLIGHTS)
        .map(toRange)
        .filter((r): r is Range => r !== null);
      registry.set(HIGHLIGHT_ALL, new Highlight(...ranges));
      const cur = matches[current] ? toRange(matches[current]) : null;
      if (cur) {
        registry.set(HIGHLIGHT_CURRENT, new Highlight(cur));
        reveal(cur.startContainer.parentElement, 'center');
      } else {
        registry.delete(HIGHLIGHT_CURRENT);
        // The first match comes into view, as in the browser's own find.
        reveal(ranges[0]?.startContainer.parentElement, 'nearest');
      }
    });
  };

  const find = (step: 1 | -1) => {
    const p = pattern();
    if (!p) return;
    let matches: TextMatch[] = [];
    // The match is painted by the highlight; the DOM selection (and so the focus) stays in the dialog.
    editor.update(
      () => {
        matches = $findMatches(p);
        if (matches.length === 0) return;
        index.current = (index.current + step + matches.length) % matches.length;
        $selectMatch(matches[index.current] as TextMatch);
      },
      { tag: SKIP_DOM_SELECTION_TAG, discrete: true },
    );
    setStatus(t.find.count(matches.length ? index.current + 1 : 0, matches.length));
    paint(matches, index.current);
  };

  const replaceOne = () => {
    const p = pattern();
    if (!p) return;
    let replaced = 0;
    let remaining: TextMatch[] = [];
    editor.update(
      () => {
        const matches = $findMatches(p);
        if (matches.length === 0) return;
        const i = Math.max(0, Math.min(index.current, matches.length - 1));
        if ($replaceMatch(matches[i] as TextMatch, replacement)) replaced = 1;
        index.current = i - 1;
      },
      { tag: SKIP_DOM_SELECTION_TAG, discrete: true },
    );
    editor.getEditorState().read(() => {
      remaining = $findMatches(p);
    });
    setStatus(t.find.replaced(replaced));
    paint(remaining, -1);
  };

  const replaceAll = () => {
    const p = pattern();
    if (!p) return;
    let count = 0;
    editor.update(
      () => {
        count = $replaceAll(p, replacement);
      },
      { tag: SKIP_DOM_SELECTION_TAG, discrete: true },
    );
    index.current = -1;
    setStatus(t.find.replaced(count));
    paint([], -1);
  };

  return (
    <Dialog
      title={t.find.title}
      className={css.findDialog}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      footer={() => (
        <>
          <Button variant="ghost" onPress={() => find(-1)}>
            {t.find.previous}
          </Button>
          <Button variant="secondary" onPress={() => find(1)}>
            {t.find.next}
          </Button>
          {withReplace ? (
            <>
              <Button variant="secondary" onPress={replaceOne}>
                {t.find.replaceOne}
              </Button>
              <Button variant="primary" onPress={replaceAll}>
                {t.find.replaceAll}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onPress={() => setWithReplace(true)}>
              {t.find.showReplace}
            </Button>
          )}
        </>
      )}
    >
      <form
        className={css.dialogStack}
        onSubmit={(event) => {
          event.preventDefault();
          find(1);
        }}
      >
        {/* Ctrl+H opens the same dialog: in both modes the query comes first, its text selected to retype. */}
        <TextField
          label={t.find.find}
          value={query}
          onChange={(v) => {
            setQuery(v);
            if (!v) setError('');
            index.current = -1;
          }}
          autoFocus
          onFocus={(event) => (event.target as HTMLInputElement).select()}
          onKeyDown={(event) => {
            // Enter (with or without Shift) that commits an IME composition belongs to the input method.
            if (event.key === 'Enter' && event.shiftKey && !isComposingEvent(event.nativeEvent)) {
              event.preventDefault();
              find(-1);
            } else event.continuePropagation();
          }}
        />
        {withReplace ? (
          <TextField label={t.find.replace} value={replacement} onChange={setReplacement} />
        ) : null}
        <div className={css.dialogRow}>
          <Checkbox
            isSelected={options.caseSensitive}
            onChange={(on) => setOptions((o) => ({ ...o, caseSensitive: on }))}
          >
            {t.find.caseSensitive}
          </Checkbox>
          <Checkbox isSelected={options.regex} onChange={(on) => setOptions((o) => ({ ...o, regex: on }))}>
            {t.find.regex}
          </Checkbox>
          <Checkbox
            isSelected={options.wholeWord}
            onChange={(on) => setOptions((o) => ({ ...o, wholeWord: on }))}
          >
            {t.find.wholeWord}
          </Checkbox>
        </div>
        {error ? (
          <p className={css.dialogError} role="alert">
            {error}
          </p>
        ) : (
          <p className={css.dialogStatus} role="status">
            {status}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

function textOf(element: HTMLElement): Text | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  return walker.nextNode() as Text | null;
}
