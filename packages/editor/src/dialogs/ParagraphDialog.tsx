import { Checkbox, Dialog } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import {
  type LengthUnit,
  LINE_HEIGHT_MULTIPLE_STEP,
  LINE_HEIGHT_PRESETS,
  type LineHeightAdv,
  MAX_PARAGRAPH_SPACING,
  type ParagraphSpacing,
  type SpacingUnit,
  type SpecialIndent,
} from '../format/units';
import { t } from '../i18n/zh-CN';
import type { IndentChange, ParagraphPatch, SelectedSpacing } from '../model/commands';
import { Choice, KindField, MeasureField, NumberField } from './Choice';
import { okCancelFooter } from './DialogParts';
import * as css from './dialogs.css';
import {
  INDENT_CHANGE_OPTIONS,
  INDENT_UNIT_OPTIONS,
  LENGTH_UNIT_OPTIONS,
  LINE_HEIGHT_KIND_OPTIONS,
  parseNumber,
  SPACING_UNIT_OPTIONS,
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
  /** The 段前 / 段后 the selected paragraphs share (model/commands.ts $selectedSpacing); null: 不变. */
  spacing?: SelectedSpacing;
}

type LineKind = 'unchanged' | 'preset' | 'multiple' | 'exact';
type SpecialKind = 'unchanged' | 'none' | 'firstLine' | 'hanging';
type SpacingKind = 'unchanged' | SpacingUnit;

/** 段前 or 段后 as the dialog holds it: 不变, or a number typed in 磅 or 行. */
export interface SpacingInput {
  kind: SpacingKind;
  value: string;
}

const NO_SPACING: SelectedSpacing = { before: null, after: null };

const spacingInput = (spacing: ParagraphSpacing | null): SpacingInput =>
  spacing ? { kind: spacing.unit, value: String(spacing.value) } : { kind: 'unchanged', value: '0' };

const unitLabel = (unit: SpacingUnit) => (unit === 'pt' ? t.paragraph.pt : t.paragraph.line);

/** A spacing field's value, or the message that says what it may be (0–1584 磅, 0–100 行). */
function spacingFrom(side: string, input: SpacingInput): ParagraphSpacing | null | { error: string } {
  if (input.kind === 'unchanged') return null;
  const max = MAX_PARAGRAPH_SPACING[input.kind];
  const value = parseNumber(input.value, (n) => n >= 0 && n <= max);
  if (value === null) return { error: t.paragraph.spacingInvalid(side, max, unitLabel(input.kind)) };
  return { value, unit: input.kind };
}

const PRESET_OPTIONS = LINE_HEIGHT_PRESETS.map((p) => ({
  id: String(p),
  label: p.toFixed(p === 1.15 ? 2 : 1),
}));

/** Builds the payload, or the message to show when a value the chosen option needs is not usable. */
export function paragraphPatchFrom(input: {
  indent: IndentChange;
  lineKind: LineKind;
  preset: string;
  lineValue: string;
  lineUnit: LengthUnit;
  specialKind: SpecialKind;
  specialValue: string;
  specialUnit: 'char' | 'mm';
  spaceBefore: SpacingInput;
  spaceAfter: SpacingInput;
}): { patch: ParagraphPatch } | { error: string } {
  let lineHeight: LineHeightAdv | null = null;
  if (input.lineKind === 'preset') lineHeight = { kind: 'preset', value: Number(input.preset) };
  else if (input.lineKind === 'multiple' || input.lineKind === 'exact') {
    const value = parseNumber(input.lineValue, (n) => n > 0);
    if (value === null) return { error: t.paragraph.invalid };
    lineHeight =
      input.lineKind === 'multiple'
        ? { kind: 'multiple', value }
        : { kind: 'exact', value, unit: input.lineUnit };
  }
  let specialIndent: SpecialIndent | null = null;
  if (input.specialKind === 'none') specialIndent = { kind: 'none' };
  else if (input.specialKind === 'firstLine' || input.specialKind === 'hanging') {
    const value = parseNumber(input.specialValue, (n) => n >= 0);
    if (value === null) return { error: t.paragraph.invalid };
    specialIndent = { kind: input.specialKind, value, unit: input.specialUnit };
  }
  const spaceBefore = spacingFrom(t.paragraph.spaceBefore, input.spaceBefore);
  if (spaceBefore && 'error' in spaceBefore) return spaceBefore;
  const spaceAfter = spacingFrom(t.paragraph.spaceAfter, input.spaceAfter);
  if (spaceAfter && 'error' in spaceAfter) return spaceAfter;
  return { patch: { indent: input.indent, lineHeight, specialIndent, spaceBefore, spaceAfter } };
}

/** 段前 or 段后: 不变, 磅 or 行, and beside it the number in that unit. */
function SpacingField({
  label,
  input,
  onChange,
}: {
  label: string;
  input: SpacingInput;
  onChange(input: SpacingInput): void;
}) {
  return (
    <KindField
      label={label}
      value={input.kind}
      onChange={(kind) => onChange({ ...input, kind })}
      options={withUnchanged(SPACING_UNIT_OPTIONS)}
    >
      {input.kind === 'unchanged' ? (
        <span />
      ) : (
        <NumberField
          label={t.paragraph.spacingValue(label, unitLabel(input.kind))}
          value={input.value}
          onChange={(value) => onChange({ ...input, value })}
          step={0.5}
          min={0}
        />
      )}
    </KindField>
  );
}

/**
 * 段落: indent, line height (presets, multiple in 0.05 steps, exact in pt/mm/px), special indent, and 段前 /
 * 段后 in 磅 or 行.
 */
export function ParagraphDialog({
  isOpen,
  onOpenChange,
  onApply,
  breakBefore = false,
  spacing = NO_SPACING,
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
  const [spaceBefore, setSpaceBefore] = useState(() => spacingInput(spacing.before));
  const [spaceAfter, setSpaceAfter] = useState(() => spacingInput(spacing.after));

  useEffect(() => {
    if (isOpen) {
      setIndent('none');
      setLineKind('unchanged');
      setSpecialKind('unchanged');
      setError('');
      setBreaks(breakBefore);
      setSpaceBefore(spacingInput(spacing.before));
      setSpaceAfter(spacingInput(spacing.after));
    }
  }, [isOpen, breakBefore, spacing]);

  const breaksChanged = breaks !== breakBefore;
  const allUnchanged =
    indent === 'none' &&
    lineKind === 'unchanged' &&
    specialKind === 'unchanged' &&
    spaceBefore.kind === 'unchanged' &&
    spaceAfter.kind === 'unchanged' &&
    !breaksChanged;

  return (
    <Dialog
      title={t.paragraph.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter((close) => {
        const built = paragraphPatchFrom({
          indent,
          lineKind,
          preset,
          lineValue,
          lineUnit,
          specialKind,
          specialValue,
          specialUnit,
          spaceBefore,
          spaceAfter,
        });
        if ('error' in built) {
          setError(built.error);
          return;
        }
        onApply(built.patch, breaksChanged ? breaks : null);
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
        <SpacingField label={t.paragraph.spaceBefore} input={spaceBefore} onChange={setSpaceBefore} />
        <SpacingField label={t.paragraph.spaceAfter} input={spaceAfter} onChange={setSpaceAfter} />
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
