import { Button, Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { okCancelFooter } from '../dialogs/DialogParts';
import { colorInput } from '../dialogs/dialogs.css';
import { HIGHLIGHT_COLORS, TEXT_COLORS } from '../format/colors';
import { t } from '../i18n/zh-CN';
import * as toolbarCss from '../toolbar/Toolbar.css';
import {
  holdsText,
  SHAPE_MAX_SIZE,
  SHAPE_MAX_STROKE,
  SHAPE_MIN_LINE_HEIGHT,
  SHAPE_MIN_SIZE,
  type ShapeData,
} from './shapeModel';
import * as css from './shapes.css';

/** Fill colours: the palette's light tints first (a shape's fill is a background), then the text colours. */
const FILL_COLORS = [...HIGHLIGHT_COLORS, ...TEXT_COLORS];

/** One colour choice: the palette's swatches (as the toolbar's colour popover has them), a free colour, none. */
function ColorChoice({
  title,
  value,
  colors,
  noneLabel,
  onChange,
}: {
  title: string;
  value: string | null;
  colors: readonly string[];
  noneLabel: string;
  onChange(value: string | null): void;
}) {
  return (
    <fieldset className={css.picker}>
      <legend className={css.sectionTitle}>{title}</legend>
      <div className={toolbarCss.swatches}>
        {colors.map((c) => (
          <button
            key={c}
            type="button"
            className={`${toolbarCss.swatch}${value === c ? ` ${css.chosen}` : ''}`}
            style={{ background: c }}
            aria-label={`${title} ${c}`}
            aria-pressed={value === c}
            onClick={() => onChange(c)}
          />
        ))}
      </div>
      <div className={css.colorRow}>
        <input
          type="color"
          className={colorInput}
          aria-label={title}
          value={value ?? '#ffffff'}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button size="sm" variant={value === null ? 'secondary' : 'ghost'} onPress={() => onChange(null)}>
          {noneLabel}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * 形状格式: the selected shape's fill, border colour and width, and size. 确定 applies it in one update
 * (one undo step); a size or width out of bounds is refused with the bounds.
 */
export function ShapeFormatDialog({
  isOpen,
  onOpenChange,
  shape,
  onApply,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  shape: ShapeData | null;
  onApply(patch: Partial<ShapeData>): void;
}) {
  const [fill, setFill] = useState<string | null>(null);
  const [stroke, setStroke] = useState<string | null>(null);
  const [strokeWidth, setStrokeWidth] = useState('');
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [invalid, setInvalid] = useState<'strokeWidth' | 'width' | 'height' | null>(null);
  useEffect(() => {
    if (!isOpen || !shape) return;
    setFill(shape.fill);
    setStroke(shape.stroke);
    setStrokeWidth(String(shape.strokeWidth));
    setWidth(String(shape.width));
    setHeight(String(shape.height));
    setInvalid(null);
  }, [isOpen, shape]);
  const kind = shape?.kind ?? 'rect';
  const minHeight = holdsText(kind) ? SHAPE_MIN_SIZE : SHAPE_MIN_LINE_HEIGHT;

  const submit = (close: () => void) => {
    const number = (text: string, min: number, max: number) => {
      const value = Number(text.trim());
      return text.trim() && Number.isFinite(value) && value >= min && value <= max ? value : null;
    };
    const w = number(width, SHAPE_MIN_SIZE, SHAPE_MAX_SIZE);
    const h = number(height, minHeight, SHAPE_MAX_SIZE);
    const sw = number(strokeWidth, 0, SHAPE_MAX_STROKE);
    if (w === null) return setInvalid('width');
    if (h === null) return setInvalid('height');
    if (sw === null) return setInvalid('strokeWidth');
    onApply({ ...(holdsText(kind) ? { fill } : {}), stroke, strokeWidth: sw, width: w, height: h });
    close();
  };

  return (
    <Dialog
      title={t.shapes.formatTitle}
      isOpen={isOpen && shape !== null}
      onOpenChange={onOpenChange}
      footer={okCancelFooter(submit)}
    >
      {(close) => (
        <form
          className={css.picker}
          onSubmit={(event) => {
            event.preventDefault();
            submit(close);
          }}
        >
          {holdsText(kind) ? (
            <ColorChoice
              title={t.shapes.fill}
              value={fill}
              colors={FILL_COLORS}
              noneLabel={t.shapes.noFill}
              onChange={setFill}
            />
          ) : null}
          <ColorChoice
            title={holdsText(kind) ? t.shapes.border : t.shapes.lineColor}
            value={stroke}
            colors={TEXT_COLORS}
            noneLabel={t.shapes.noBorder}
            onChange={setStroke}
          />
          <div className={css.colorRow}>
            <TextField
              label={t.shapes.borderWidth}
              inputMode="decimal"
              value={strokeWidth}
              onChange={(value) => {
                setStrokeWidth(value);
                setInvalid(null);
              }}
              isInvalid={invalid === 'strokeWidth'}
              errorMessage={t.shapes.numberInvalid(0, SHAPE_MAX_STROKE)}
            />
            <TextField
              label={t.shapes.width}
              inputMode="numeric"
              value={width}
              onChange={(value) => {
                setWidth(value);
                setInvalid(null);
              }}
              isInvalid={invalid === 'width'}
              errorMessage={t.shapes.numberInvalid(SHAPE_MIN_SIZE, SHAPE_MAX_SIZE)}
            />
            <TextField
              label={t.shapes.height}
              inputMode="numeric"
              value={height}
              onChange={(value) => {
                setHeight(value);
                setInvalid(null);
              }}
              isInvalid={invalid === 'height'}
              errorMessage={t.shapes.numberInvalid(minHeight, SHAPE_MAX_SIZE)}
            />
          </div>
        </form>
      )}
    </Dialog>
  );
}
