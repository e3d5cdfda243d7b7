import { Dialog, Tab, TabList, TabPanel, Tabs, TextField } from '@wanxiang/ui';
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { SymbolGrid } from './SymbolGrid';
import {
  codePointOf,
  readRecentSymbols,
  SYMBOL_CATEGORIES,
  type SymbolEntry,
  searchSymbols,
  symbolEntry,
} from './symbolData';
import * as css from './symbols.css';

export interface SymbolDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** Inserts the symbol at the caret; the dialog closes after it. */
  onInsert(symbol: string): void;
}

const RECENT = 'recent';

/**
 * 插入 → 符号: the symbols by category (the user's recent ones first when there are any), a search box that
 * finds them by Chinese name, by the character or by its code point, and a grid moved through with the
 * arrow keys; Enter, Space or a click inserts the symbol at the caret.
 */
export function SymbolDialog({ isOpen, onOpenChange, onInsert }: SymbolDialogProps) {
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<string[]>([]);
  const [tab, setTab] = useState<string>(SYMBOL_CATEGORIES[0]?.id ?? RECENT);
  const [focused, setFocused] = useState<SymbolEntry | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const stored = readRecentSymbols();
    setRecent(stored);
    setQuery('');
    setFocused(null);
    setTab(stored.length ? RECENT : (SYMBOL_CATEGORIES[0]?.id ?? RECENT));
    // Opened from a menu, the menu gives the focus back to its button as it closes, after the dialog took
    // it: the search box takes it again, so that typing searches at once.
    let frames = 10;
    let frame = 0;
    const focusSearch = () => {
      const root = content.current;
      if (root && !root.contains(document.activeElement)) root.querySelector('input')?.focus();
      if (--frames > 0) frame = requestAnimationFrame(focusSearch);
    };
    frame = requestAnimationFrame(focusSearch);
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);

  const pick = (close: () => void) => (symbol: SymbolEntry) => {
    onInsert(symbol.char);
    close();
  };
  const results = searchSymbols(query);
  const grid = (close: () => void, label: string, symbols: readonly SymbolEntry[]) => (
    <SymbolGrid
      label={label}
      symbols={symbols}
      onPick={pick(close)}
      onFocusSymbol={setFocused}
      focusRequest={focusRequest}
    />
  );

  return (
    <Dialog title={t.symbols.title} isOpen={isOpen} onOpenChange={onOpenChange} size="lg" isDismissable>
      {(close) => (
        <div className={css.picker} ref={content}>
          <TextField
            label={t.symbols.search}
            description={t.symbols.searchHint}
            value={query}
            onChange={setQuery}
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                setFocusRequest((n) => n + 1);
              } else if (event.key === 'Enter' && results[0]) {
                event.preventDefault();
                pick(close)(results[0]);
              } else {
                // react-aria stops a key's propagation unless told: Escape must reach the dialog.
                event.continuePropagation();
              }
            }}
          />
          {query.trim() ? (
            results.length ? (
              grid(close, t.symbols.results(results.length), results)
            ) : (
              <p className={css.empty} role="status">
                {t.symbols.noResults(query.trim())}
              </p>
            )
          ) : (
            <Tabs variant="segmented" selectedKey={tab} onSelectionChange={(key) => setTab(String(key))}>
              <TabList aria-label={t.symbols.categories}>
                {recent.length ? <Tab id={RECENT}>{t.symbols.recent}</Tab> : null}
                {SYMBOL_CATEGORIES.map((category) => (
                  <Tab key={category.id} id={category.id}>
                    {category.label}
                  </Tab>
                ))}
              </TabList>
              {recent.length ? (
                <TabPanel id={RECENT}>{grid(close, t.symbols.recent, recent.map(symbolEntry))}</TabPanel>
              ) : null}
              {SYMBOL_CATEGORIES.map((category) => (
                <TabPanel key={category.id} id={category.id}>
                  {grid(close, category.label, category.symbols)}
                </TabPanel>
              ))}
            </Tabs>
          )}
          <p className={css.status} aria-live="polite">
            {focused ? `${focused.char}　${focused.name}　${codePointOf(focused.char)}` : t.symbols.howTo}
          </p>
        </div>
      )}
    </Dialog>
  );
}
