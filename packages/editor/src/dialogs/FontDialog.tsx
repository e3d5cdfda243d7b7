import { Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { DEFAULT_HIGHLIGHT, DEFAULT_TEXT_COLOR } from '../format/colors';
import { FONT_FAMILIES, FONT_SIZE_OPTIONS, type LengthUnit, parseCustomFontSize } from '../format/units';
import { t } from '../i18n/zh-CN';
import type { TextFormatPatch } from '../model/commands';
import type { FormatState } from '../model/useFormatState';
import { Choice } from './Choice';
import { ColorField, FontFlags, okCancelFooter } from './DialogParts';
import * as css from './dialogs.css';
import { FONT_FAMILY_OPTIONS, LENGTH_UNIT_OPTIONS, UNCHANGED, withUnchanged } from './options';

export interface FontDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  format: FormatState;
  onApply(patch: TextFormatPatch): void;
}

const FAMILY_OPTIONS = withUnchanged(FONT_FAMILY_OPTIONS);
const SIZE_OPTIONS = withUnchanged(FONT_SIZE_OPTIONS.map((o) => ({ id: o.key, label: o.label })));
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** 字体: family, named or custom size (pt, mm or px; must be a number), styles and colours. */
export function FontDialog({ isOpen, onOpenChange, format, onApply }: FontDialogProps) {
  const [family, setFamily] = useState<string>(UNCHANGED);
  const [sizeKey, setSizeKey] = useState<string>(UNCHANGED);
  const [custom, setCustom] = useState('');
  const [unit, setUnit] = useState<LengthUnit>('pt');
  const [flags, setFlags] = useState({ bold: false, italic: false, underline: false, strike: false });
  const [color, setColor] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    setFamily(UNCHANGED);
    setSizeKey(UNCHANGED);
    setCustom('');
    setFlags({
      bold: format.bold,
      italic: format.italic,
      underline: format.underline,
      strike: format.strike,
    });
    setColor(null);
    setHighlight(null);
  }, [isOpen, format.bold, format.italic, format.underline, format.strike]);

  const customPx = custom.trim() ? parseCustomFontSize(custom, unit) : null;
  const customInvalid = custom.trim() !== '' && customPx === null;
  const presetPx = FONT_SIZE_OPTIONS.find((o) => o.key === sizeKey)?.px ?? null;
  const sizePx = customPx ?? presetPx;

  const patch = (): TextFormatPatch => {
    const p: TextFormatPatch = { ...flags };
    if (family !== UNCHANGED) p.fontFamily = family === 'default' ? null : family;
    if (sizePx !== null) p.fontSizePx = sizePx;
    if (color !== null) p.color = color;
    if (highlight !== null) p.highlight = highlight === DEFAULT_HIGHLIGHT ? null : highlight;
    return p;
  };

  const stack = FONT_FAMILIES.find((f) => f.key === family)?.stack;
  const decorations = [flags.underline && 'underline', flags.strike && 'line-through']
    .filter(Boolean)
    .join(' ');

  return (
    <Dialog
      title={t.font.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter((close) => {
        // A custom size that is not a number is ignored; the rest still applies.
        onApply(patch());
        close();
      })}
    >
      <div className={css.dialogStack}>
        <div className={css.dialogGrid}>
          <Choice label={t.font.family} value={family} onChange={setFamily} options={FAMILY_OPTIONS} />
          <Choice label={t.font.size} value={sizeKey} onChange={setSizeKey} options={SIZE_OPTIONS} />
          <TextField
            label={t.font.customSize}
            value={custom}
            onChange={setCustom}
            isInvalid={customInvalid}
            errorMessage={t.font.sizeInvalid}
            inputMode="decimal"
          />
          <Choice label={t.font.unit} value={unit} onChange={setUnit} options={LENGTH_UNIT_OPTIONS} />
        </div>
        <FontFlags flags={flags} onChange={(flag, on) => setFlags((f) => ({ ...f, [flag]: on }))} />
        <div className={css.dialogRow}>
          <ColorField
            label={t.font.color}
            value={color ?? (HEX_COLOR.test(format.color) ? format.color : DEFAULT_TEXT_COLOR)}
            onChange={setColor}
          />
          <ColorField
            label={t.font.highlight}
            value={highlight ?? (HEX_COLOR.test(format.highlight) ? format.highlight : DEFAULT_HIGHLIGHT)}
            onChange={setHighlight}
          />
        </div>
        <div
          className={css.preview}
          role="img"
          aria-label={t.font.preview}
          style={{
            fontFamily: stack,
            fontSize: sizePx ? `${sizePx}px` : undefined,
            fontWeight: flags.bold ? 700 : 400,
            fontStyle: flags.italic ? 'italic' : 'normal',
            textDecoration: decorations || 'none',
            color: color ?? undefined,
            background: highlight ?? undefined,
          }}
        >
          {t.font.previewText}
        </div>
      </div>
    </Dialog>
  );
}
