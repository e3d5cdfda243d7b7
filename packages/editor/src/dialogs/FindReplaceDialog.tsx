import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Button, Checkbox, Dialog, TextField } from '@wanxiang/ui';
import { SKIP_DOM_SELECTION_TAG } from 'lexical';
import { useEffect, useRef, useState } from 'react';
import {
  $findMatches,
  $replaceAll,
  $replaceMatch,
  $selectMatch,
  buildSearchPattern,
  type SearchOptions,
  type TextMatch,
} from '../editor/search';
import * as css from '../editor/WordEditor.css';
import { t } from '../i18n/zh-CN';

export interface FindReplaceDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  mode: 'find' | 'replace';
}

const HIGHLIGHT_ALL = 'wx-find-all';
const HIGHLIGHT_CURRENT = 'wx-find-current';
const MAX_HIGHLIGHTS = 2000;

interface HighlightRegistry {
  set(name: string, value: unknown): void;
  delete(name: string): void;
}
const highlights = (): HighlightRegistry | null =>
  typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined'
    ? (CSS as unknown as { highlights: HighlightRegistry }).highlights
    : null;

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
  const [error, setError] = useState('');
  const index = useRef(-1);

  useEffect(() => {
    if (!isOpen) {
      highlights()?.delete(HIGHLIGHT_ALL);
      highlights()?.delete(HIGHLIGHT_CURRENT);
      return;
    }
    setStatus('');
    setError('');
    index.current = -1;
    // Start from the selected text, as word processors do.
    const selected = editor.getEditorState().read(() => window.getSelection()?.toString() ?? '');
    if (selected && !selected.includes('\n') && selected.length < 200) setQuery(selected);
  }, [isOpen, editor]);

  const pattern = () => {
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
        cur.startContainer.parentElement?.scrollIntoView({ block: 'center' });
      } else registry.delete(HIGHLIGHT_CURRENT);
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
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      footer={(close) => (
        <>
          <Button variant="ghost" onPress={() => find(-1)}>
            {t.find.previous}
          </Button>
          <Button variant="secondary" onPress={() => find(1)}>
            {t.find.next}
          </Button>
          <Button variant="secondary" onPress={replaceOne}>
            {t.find.replaceOne}
          </Button>
          <Button variant="primary" onPress={replaceAll}>
            {t.find.replaceAll}
          </Button>
          <Button
            variant="ghost"
            onPress={() => {
              close();
              editor.focus();
            }}
          >
            {t.dialogs.close}
          </Button>
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
        <TextField
          label={t.find.find}
          value={query}
          onChange={(v) => {
            setQuery(v);
            index.current = -1;
          }}
          autoFocus={mode === 'find'}
        />
        <TextField
          label={t.find.replace}
          value={replacement}
          onChange={setReplacement}
          autoFocus={mode === 'replace'}
        />
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
