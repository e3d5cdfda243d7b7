import { Select, SelectItem } from '@wanxiang/ui';
import { useEffect, useRef, useState } from 'react';

export interface ChoiceProps<V extends string> {
  label: string;
  value: V;
  options: ReadonlyArray<{ id: NoInfer<V>; label: string }>;
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
