import { Select, SelectItem } from '@wanxiang/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import * as css from './dialogs.css';
import type { ChoiceOptions } from './options';

export interface ChoiceProps<V extends string> {
  label: string;
  value: V;
  options: ChoiceOptions<NoInfer<V>>;
  onChange(value: NoInfer<V>): void;
  isDisabled?: boolean;
}

/** A labelled single choice over string ids (the dialogs' many small pickers). */
export function Choice<V extends string>({ label, value, options, onChange, isDisabled }: ChoiceProps<V>) {
  return (
    <Select
      label={label}
      selectedKey={value}
      isDisabled={isDisabled}
      onSelectionChange={(key) => key != null && onChange(String(key) as V)}
    >
      {options.map((o) => (
        <SelectItem key={o.id} id={o.id}>
          {o.label}
        </SelectItem>
      ))}
    </Select>
  );
}

/**
 * A setting's kind (行距, 特殊缩进) and, beside it in the dialog's two-column grid, the fields of the kind
 * chosen.
 */
export function KindField<V extends string>({
  children,
  ...choice
}: ChoiceProps<V> & { children: ReactNode }) {
  return (
    <div className={css.dialogGrid}>
      <Choice {...choice} />
      {children}
    </div>
  );
}

/**
 * A number field that keeps its text as typed ("1." on the way to "1.5", or empty while retyping), and
 * follows `value` when it changes from outside (another preset chosen, for example).
 */
export function NumberInput({
  label,
  value,
  onChange,
  step,
  min,
  isDisabled,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  step?: number;
  min?: number;
  isDisabled?: boolean;
  className: string;
}) {
  const [text, setText] = useState(value);
  const typed = useRef(value);
  useEffect(() => {
    if (Number(typed.current) !== Number(value) || typed.current.trim() === '') {
      typed.current = value;
      setText(value);
    }
  }, [value]);
  return (
    <input
      aria-label={label}
      className={className}
      type="number"
      inputMode="decimal"
      step={step}
      min={min}
      value={text}
      disabled={isDisabled}
      onChange={(event) => {
        typed.current = event.target.value;
        setText(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}

/** A NumberInput under its visible label, as the dialogs lay out their number fields. */
export function NumberField({
  label,
  value,
  onChange,
  step,
  min,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  step?: number;
  min?: number;
}) {
  return (
    <div className={css.fieldLabel}>
      {label}
      <NumberInput
        label={label}
        className={css.nativeInput}
        value={value}
        onChange={onChange}
        step={step}
        min={min}
      />
    </div>
  );
}

/** The unit picker of a MeasureField. */
export interface UnitChoice<U extends string> {
  value: U;
  options: ChoiceOptions<NoInfer<U>>;
  onChange(unit: NoInfer<U>): void;
}

/**
 * 值 (zero or more) and, when the setting has one, its 单位 side by side: the line height and special indent
 * of 段落 and 样式.
 */
export function MeasureField<U extends string>({
  value,
  onChange,
  step,
  unit,
}: {
  value: string;
  onChange(value: string): void;
  step: number;
  unit: UnitChoice<U> | null;
}) {
  return (
    <div className={css.dialogRow}>
      <NumberField label={t.paragraph.value} value={value} onChange={onChange} step={step} min={0} />
      {unit ? (
        <Choice label={t.font.unit} value={unit.value} onChange={unit.onChange} options={unit.options} />
      ) : null}
    </div>
  );
}
