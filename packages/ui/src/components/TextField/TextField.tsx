import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  Input,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  TextArea,
  type ValidationResult,
} from 'react-aria-components';
import * as field from '../../styles/field.css';
import { FieldDescription, FieldErrorText, FieldLabel } from '../private/FieldParts';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'children' | 'className'> {
  /** The visible label. Without it, give `aria-label`. */
  label?: ReactNode;
  /** Help text under the input, announced with it. */
  description?: ReactNode;
  /** Shown, and announced, while the field is invalid (`isInvalid` or failed validation). */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** A multi-line input (textarea). */
  multiline?: boolean;
  /** Visible rows of a multi-line input. @default 3 */
  rows?: number;
  className?: string;
}

/** A labelled text input with description and validation message, on react-aria's TextField. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline = false,
  rows = 3,
  className,
  ...props
}: TextFieldProps) {
  return (
    <RACTextField {...props} className={clsx(field.field, className)}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      {multiline ? (
        <TextArea className={field.textArea} placeholder={placeholder} rows={rows} />
      ) : (
        <Input className={field.framedInput} placeholder={placeholder} />
      )}
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </RACTextField>
  );
}
