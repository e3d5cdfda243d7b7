import { Checkbox, Dialog } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import {
  type LengthUnit,
  LINE_HEIGHT_MULTIPLE_STEP,
  LINE_HEIGHT_PRESETS,
  type LineHeightAdv,
  type SpecialIndent,
} from '../format/units';
import { t } from '../i18n/zh-CN';
import type { IndentChange, ParagraphPatch } from '../model/commands';
import { Choice, KindField, MeasureField } from './Choice';
import { okCancelFooter } from './DialogParts';
import * as css from './dialogs.css';
import {
  INDENT_CHANGE_OPTIONS,
  INDENT_UNIT_OPTIONS,
  LENGTH_UNIT_OPTIONS,
  LINE_HEIGHT_KIND_OPTIONS,
  parseNumber,
  SPECIAL_INDENT_OPTIONS,
  withUnchanged,
} from './options';

export interface ParagraphDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /**
   * The patch, and 段前分页 when the user changed it (null: left as it was; pages/pageBreakBefore.ts). With
   * only 段前分页 changed, the patch is all "unchanged" and must not clear the paragraph formatting.
   */
  onApply(patch: ParagraphPatch, breakBefore: boolean | null): void;
  /** Whether the selected paragraphs start a page (段前分页) when the dialog opens. */
  breakBefore?: boolean;
}

type LineKind = 'unchanged' | 'preset' | 'multiple' | 'exact';
type SpecialKind = 'unchanged' | 'none' | 'firstLine' | 'hanging';

const PRESET_OPTIONS = LINE_HEIGHT_PRESETS.map((p) => ({
  id: String(p),
  label: p.toFixed(p === 1.15 ? 2 : 1),
}));

/** Builds the payload; null when a value the chosen option needs is not a usable number. */
export function paragraphPatchFrom(input: {
  indent: IndentChange;
  lineKind: LineKind;
  preset: string;
  lineValue: string;
  lineUnit: LengthUnit;
  specialKind: SpecialKind;
  specialValue: string;
  specialUnit: 'char' | 'mm';
}): ParagraphPatch | null {
  let lineHeight: LineHeightAdv | null = null;
  if (input.lineKind === 'preset') lineHeight = { kind: 'preset', value: Number(input.preset) };
  else if (input.lineKind === 'multiple' || input.lineKind === 'exact') {
    const value = parseNumber(input.lineValue, (n) => n > 0);
    if (value === null) return null;
    lineHeight =
      input.lineKind === 'multiple'
        ? { kind: 'multiple', value }
        : { kind: 'exact', value, unit: input.lineUnit };
  }
  let specialIndent: SpecialIndent | null = null;
  if (input.specialKind === 'none') specialIndent = { kind: 'none' };
  else if (input.specialKind === 'firstLine' || input.specialKind === 'hanging') {
    const value = parseNumber(input.specialValue, (n) => n >= 0);
    if (value === null) return null;
    specialIndent = { kind: input.specialKind, value, unit: input.specialUnit };
  }
  return { indent: input.indent, lineHeight, specialIndent };
}

/** 段落: indent, line height (presets, multiple in 0.05 steps, exact in pt/mm/px) and special indent. */
export function ParagraphDialog({
  isOpen,
  onOpenChange,
  onApply,
  breakBefore = false,
}: ParagraphDialogProps) {
  const [indent, setIndent] = useState<IndentChange>('none');
  const [lineKind, setLineKind] = useState<LineKind>('unchanged');
  const [preset, setPreset] = useState('1.5');
  const [lineValue, setLineValue] = useState('1.5');
  const [lineUnit, setLineUnit] = useState<LengthUnit>('pt');
  const [specialKind, setSpecialKind] = useState<SpecialKind>('unchanged');
  const [specialValue, setSpecialValue] = useState('2');
  const [specialUnit, setSpecialUnit] = useState<'char' | 'mm'>('char');
  const [error, setError] = useState('');
  const [breaks, setBreaks] = useState(breakBefore);

  useEffect(() => {
    if (isOpen) {
      setIndent('none');
      setLineKind('unchanged');
      setSpecialKind('unchanged');
      setError('');
      setBreaks(breakBefore);
    }
  }, [isOpen, breakBefore]);

  const breaksChanged = breaks !== breakBefore;
  const allUnchanged =
    indent === 'none' && lineKind === 'unchanged' && specialKind === 'unchanged' && !breaksChanged;

  return (
    <Dialog
      title={t.paragraph.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter((close) => {
        const patch = paragraphPatchFrom({
          indent,
          lineKind,
          preset,
          lineValue,
          lineUnit,
          specialKind,
          specialValue,
          specialUnit,
        });
        if (!patch) {
          setError(t.paragraph.invalid);
          return;
        }
        onApply(patch, breaksChanged ? breaks : null);
        close();
      })}
    >
      <div className={css.dialogStack}>
        <Choice
          label={t.paragraph.indent}
          value={indent}
          onChange={setIndent}
          options={INDENT_CHANGE_OPTIONS}
        />
        <KindField
          label={t.paragraph.lineHeight}
          value={lineKind}
          onChange={setLineKind}
          options={withUnchanged(LINE_HEIGHT_KIND_OPTIONS)}
        >
          {lineKind === 'preset' ? (
            <Choice label={t.paragraph.value} value={preset} onChange={setPreset} options={PRESET_OPTIONS} />
          ) : lineKind === 'multiple' || lineKind === 'exact' ? (
            <MeasureField
              value={lineValue}
              onChange={setLineValue}
              step={lineKind === 'multiple' ? LINE_HEIGHT_MULTIPLE_STEP : 1}
              unit={
                lineKind === 'exact'
                  ? { value: lineUnit, options: LENGTH_UNIT_OPTIONS, onChange: setLineUnit }
                  : null
              }
            />
          ) : (
            <span />
          )}
        </KindField>
        <KindField
          label={t.paragraph.special}
          value={specialKind}
          onChange={setSpecialKind}
          options={withUnchanged(SPECIAL_INDENT_OPTIONS)}
        >
          {specialKind === 'firstLine' || specialKind === 'hanging' ? (
            <MeasureField
              value={specialValue}
              onChange={setSpecialValue}
              step={0.5}
              unit={{ value: specialUnit, options: INDENT_UNIT_OPTIONS, onChange: setSpecialUnit }}
            />
          ) : (
            <span />
          )}
        </KindField>
        <Checkbox isSelected={breaks} onChange={setBreaks}>
          {t.pages.pageBreakBefore}
        </Checkbox>
        {breaks ? <p className={css.dialogHint}>{t.pages.pageBreakBeforeHint}</p> : null}
        {allUnchanged ? <p className={css.dialogHint}>{t.paragraph.clearHint}</p> : null}
        {error ? (
          <p className={css.dialogError} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
