import { Dialog } from '@wanxiang/ui';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { t } from '../i18n/zh-CN';
import { ShapeSvg } from './ShapeSvg';
import { defaultShape, SHAPE_KINDS, type ShapeKind } from './shapeModel';
import * as css from './shapes.css';

/** The picker's icons: each kind at a small size, in its default colours. */
const ICONS = Object.fromEntries(
  SHAPE_KINDS.map((kind) => {
    const shape = defaultShape(kind);
    const line = kind === 'line' || kind === 'arrow';
    return [kind, { ...shape, width: 36, height: line ? 14 : 24 }];
  }),
) as Record<ShapeKind, ReturnType<typeof defaultShape>>;

/**
 * 插入 › 形状: the five shapes as buttons with their icons, in one row the arrow keys move along (Tab
 * reaches the row, Home and End its ends); Enter, Space or a click inserts one and closes the picker.
 */
export function ShapePicker({
  isOpen,
  onOpenChange,
  onPick,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onPick(kind: ShapeKind): void;
}) {
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    // Opened from a menu, the menu gives the focus back to its button as it closes: the first shape takes
    // it again (as the symbol picker's search box does).
    let frames = 10;
    let frame = 0;
    const focusFirst = () => {
      const root = row.current;
      if (root && !root.contains(document.activeElement)) root.querySelector('button')?.focus();
      if (--frames > 0) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(row.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : null;
    if (next === null || index < 0) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };

  return (
    <Dialog title={t.shapes.pickerTitle} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      {(close) => (
        <div className={css.picker}>
          <div
            ref={row}
            role="toolbar"
            aria-label={t.shapes.pickerTitle}
            className={css.pickerRow}
            onKeyDown={onKeyDown}
          >
            {SHAPE_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                className={css.pickerButton}
                onClick={() => {
                  onPick(kind);
                  close();
                }}
              >
                <ShapeSvg shape={ICONS[kind]} className={css.pickerIcon} />
                <span>{t.shapes.kinds[kind]}</span>
              </button>
            ))}
          </div>
          <p className={css.hint}>{t.shapes.pickerHint}</p>
        </div>
      )}
    </Dialog>
  );
}
