import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { SymbolEntry } from './symbolData';
import * as css from './symbols.css';

export const GRID_COLUMNS = 10;

export interface SymbolGridProps {
  label: string;
  symbols: readonly SymbolEntry[];
  onPick(symbol: SymbolEntry): void;
  /** The symbol under the focus (the dialog names it under the grid). */
  onFocusSymbol(symbol: SymbolEntry | null): void;
  /** Moves the focus into the grid at its first symbol (ArrowDown in the search box). */
  focusRequest?: number;
}

/**
 * Symbols in a grid of ten columns (role grid): one cell in the tab order, the arrow keys move between
 * cells (Home/End along the row, Ctrl+Home/End to the first and last), Enter or Space or a click inserts.
 */
export function SymbolGrid({ label, symbols, onPick, onFocusSymbol, focusRequest }: SymbolGridProps) {
  const [active, setActive] = useState(0);
  const cells = useRef<Array<HTMLDivElement | null>>([]);
  const current = Math.min(active, Math.max(0, symbols.length - 1));

  // Only a new request moves the focus: a grid shown again (a new search) leaves it in the search box.
  const handled = useRef(focusRequest);
  useEffect(() => {
    if (focusRequest === handled.current) return;
    handled.current = focusRequest;
    cells.current[0]?.focus();
  }, [focusRequest]);

  const move = (index: number) => {
    const next = Math.max(0, Math.min(symbols.length - 1, index));
    setActive(next);
    cells.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const symbol = symbols[index];
    switch (event.key) {
      case 'ArrowRight':
        move(index + 1);
        break;
      case 'ArrowLeft':
        move(index - 1);
        break;
      case 'ArrowDown':
        if (index + GRID_COLUMNS < symbols.length) move(index + GRID_COLUMNS);
        break;
      case 'ArrowUp':
        if (index - GRID_COLUMNS >= 0) move(index - GRID_COLUMNS);
        break;
      case 'Home':
        move(event.ctrlKey ? 0 : index - (index % GRID_COLUMNS));
        break;
      case 'End':
        move(event.ctrlKey ? symbols.length - 1 : index - (index % GRID_COLUMNS) + GRID_COLUMNS - 1);
        break;
      case 'Enter':
      case ' ':
        if (symbol) onPick(symbol);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const rows: SymbolEntry[][] = [];
  for (let i = 0; i < symbols.length; i += GRID_COLUMNS) rows.push(symbols.slice(i, i + GRID_COLUMNS));

  // A grid of divs with ARIA roles (the ARIA grid pattern): a table's cells could not be focused and
  // moved between with the arrow keys in the way this one is.
  return (
    // biome-ignore lint/a11y/useSemanticElements: the ARIA grid pattern, see above
    <div role="grid" aria-label={label} className={css.grid}>
      {rows.map((row, r) => (
        // biome-ignore lint/a11y/useSemanticElements: a row of the ARIA grid
        // biome-ignore lint/a11y/useFocusableInteractive: its cells take the focus, not the row
        <div role="row" key={row.map((s) => s.char).join('')} className={css.row}>
          {row.map((symbol, c) => {
            const index = r * GRID_COLUMNS + c;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a cell of the ARIA grid
              <div
                key={symbol.char}
                ref={(element) => {
                  cells.current[index] = element;
                }}
                role="gridcell"
                tabIndex={index === current ? 0 : -1}
                aria-label={`${symbol.char} ${symbol.name}`}
                className={css.cell}
                onKeyDown={(event) => onKeyDown(event, index)}
                onFocus={() => {
                  setActive(index);
                  onFocusSymbol(symbol);
                }}
                onBlur={() => onFocusSymbol(null)}
                onClick={() => onPick(symbol)}
              >
                {symbol.char}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
