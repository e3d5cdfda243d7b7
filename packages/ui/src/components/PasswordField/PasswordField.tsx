import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';
import {
  Group,
  Input,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { EyeIcon, EyeOffIcon } from '../../icons';
import * as field from '../../styles/field.css';
import { IconButton } from '../IconButton/IconButton';
import { FieldDescription, FieldErrorText, FieldLabel } from '../private/FieldParts';
import * as styles from './PasswordField.css';

export interface PasswordFieldProps extends Omit<RACTextFieldProps, 'children' | 'className' | 'type'> {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Start with the password shown. */
  defaultRevealed?: boolean;
  className?: string;
}

/**
 * A password input with a show/hide toggle inside its frame. The toggle is a real button (so it works
 * from the keyboard and says what it will do) and never submits the surrounding form.
 */
export function PasswordField({
  label,
  description,
  errorMessage,
  placeholder,
  defaultRevealed = false,
  className,
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  const messages = useUiMessages();
  const [isRevealed, setRevealed] = useState(defaultRevealed);
  return (
    <RACTextField
      {...props}
      autoComplete={autoComplete}
      type={isRevealed ? 'text' : 'password'}
      className={clsx(field.field, className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Group className={field.frame} isDisabled={props.isDisabled} isInvalid={props.isInvalid}>
        <Input className={field.input} placeholder={placeholder} />
        <IconButton
          size="sm"
          variant="subtle"
          className={styles.toggle}
          aria-label={isRevealed ? messages.passwordField.hide : messages.passwordField.show}
          isDisabled={props.isDisabled}
          onPress={() => setRevealed((revealed) => !revealed)}
        >
          {isRevealed ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </RACTextField>
  );
}
