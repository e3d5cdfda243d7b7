import { Button, Dialog } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import type { IndentChange, ParagraphPatch } from '../editor/commands';
import * as css from '../editor/WordEditor.css';
import {
  type LengthUnit,
  LINE_HEIGHT_MULTIPLE_STEP,
  LINE_HEIGHT_PRESETS,
  type LineHeightAdv,
  type SpecialIndent,
} from '../format/units';
import { t } from '../i18n/zh-CN';
import { Choice, NumberInput } from './Choice';

export interface ParagraphDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onApply(patch: ParagraphPatch): void;
}

type LineKind = 'unchanged' | 'preset' | 'multiple' | 'exact';
type SpecialKind = 'unchanged' | 'none' | 'firstLine' | 'hanging';

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
    const value = Number(input.lineValue);
    if (!input.lineValue.trim() || !Number.isFinite(value) || value <= 0) return null;
    lineHeight =
      input.lineKind === 'multiple'
        ? { kind: 'multiple', value }
        : { kind: 'exact', value, unit: input.lineUnit };
  }
  let specialIndent: SpecialIndent | null = null;
  if (input.specialKind === 'none') specialIndent = { kind: 'none' };
  else if (input.specialKind === 'firstLine' || input.specialKind === 'hanging') {
    const value = Number(input.specialValue);
    if (!input.specialValue.trim() || !Number.isFinite(value) || value < 0) return null;
    specialIndent = { kind: input.specialKind, value, unit: input.specialUnit };
  }
  return { indent: input.indent, lineHeight, specialIndent };
}

/** 段落: indent, line height (presets, multiple in 0.05 steps, exact in pt/mm/px) and special indent. */
export function ParagraphDialog({ isOpen, onOpenChange, onApply }: ParagraphDialogProps) {
  const [indent, setIndent] = useState<IndentChange>('none');
  const [lineKind, setLineKind] = useState<LineKind>('unchanged');
  const [preset, setPreset] = useState('1.5');
  const [lineValue, setLineValue] = useState('1.5');
  const [lineUnit, setLineUnit] = useState<LengthUnit>('pt');
  const [specialKind, setSpecialKind] = useState<SpecialKind>('unchanged');
  const [specialValue, setSpecialValue] = useState('2');
  const [specialUnit, setSpecialUnit] = useState<'char' | 'mm'>('char');
  const [error, setError] = useState('');

  useEffect(() => {
    if (isOpen) {
      setIndent('none');
      setLineKind('unchanged');
      setSpecialKind('unchanged');
      setError('');
    }
  }, [isOpen]);

  const allUnchanged = indent === 'none' && lineKind === 'unchanged' && specialKind === 'unchanged';

  return (
    <Dialog
      title={t.paragraph.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={(close) => (
        <>
          <Button variant="ghost" onPress={close}>
            {t.dialogs.cancel}
          </Button>
          <Button
            variant="primary"
            onPress={() => {
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
              onApply(patch);
              close();
            }}
          >
            {t.dialogs.ok}
          </Button>
        </>
      )}
    >
      <div className={css.dialogStack}>
        <Choice
          label={t.paragraph.indent}
          value={indent}
          onChange={setIndent}
          options={[
            { id: 'none', label: t.dialogs.unchanged },
            { id: 'inc', label: t.paragraph.indentInc },
            { id: 'dec', label: t.paragraph.indentDec },
          ]}
        />
        <div className={css.dialogGrid}>
          <Choice
            label={t.paragraph.lineHeight}
            value={lineKind}
            onChange={setLineKind}
            options={[
              { id: 'unchanged', label: t.dialogs.unchanged },
              { id: 'preset', label: t.paragraph.preset },
              { id: 'multiple', label: t.paragraph.multiple },
              { id: 'exact', label: t.paragraph.exact },
            ]}
          />
          {lineKind === 'preset' ? (
            <Choice
              label={t.paragraph.value}
              value={preset}
              onChange={setPreset}
              options={LINE_HEIGHT_PRESETS.map((p) => ({
                id: String(p),
                label: p.toFixed(p === 1.15 ? 2 : 1),
              }))}
            />
          ) : lineKind === 'multiple' || lineKind === 'exact' ? (
            <div className={css.dialogRow}>
              <div className={css.fieldLabel}>
                {t.paragraph.value}
                <NumberInput
                  label={t.paragraph.value}
                  className={css.nativeInput}
                  value={lineValue}
                  onChange={setLineValue}
                  step={lineKind === 'multiple' ? LINE_HEIGHT_MULTIPLE_STEP : 1}
                  min={0}
                />
              </div>
              {lineKind === 'exact' ? (
                <Choice
                  label={t.font.unit}
                  value={lineUnit}
                  onChange={setLineUnit}
                  options={[
                    { id: 'pt', label: 'pt' },
                    { id: 'mm', label: 'mm' },
                    { id: 'px', label: 'px' },
                  ]}
                />
              ) : null}
            </div>
          ) : (
            <span />
          )}
        </div>
        <div className={css.dialogGrid}>
          <Choice
            label={t.paragraph.special}
            value={specialKind}
            onChange={setSpecialKind}
            options={[
              { id: 'unchanged', label: t.dialogs.unchanged },
              { id: 'none', label: t.paragraph.none },
              { id: 'firstLine', label: t.paragraph.firstLine },
              { id: 'hanging', label: t.paragraph.hanging },
            ]}
          />
          {specialKind === 'firstLine' || specialKind === 'hanging' ? (
            <div className={css.dialogRow}>
              <div className={css.fieldLabel}>
                {t.paragraph.value}
                <NumberInput
                  label={t.paragraph.value}
                  className={css.nativeInput}
                  value={specialValue}
                  onChange={setSpecialValue}
                  step={0.5}
                  min={0}
                />
              </div>
              <Choice
                label={t.font.unit}
                value={specialUnit}
                onChange={setSpecialUnit}
                options={[
                  { id: 'char', label: t.paragraph.char },
                  { id: 'mm', label: t.paragraph.mm },
                ]}
              />
            </div>
          ) : (
            <span />
          )}
        </div>
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
