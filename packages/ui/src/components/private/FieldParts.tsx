import type { ReactNode } from 'react';
import { FieldError, type FieldErrorProps, Label, Text } from 'react-aria-components';
import * as field from '../../styles/field.css';

/* The label, description and error of a form field, shared so every field reads and announces alike. */

export function FieldLabel({ children, isRequired }: { children?: ReactNode; isRequired?: boolean }) {
  if (children == null) return null;
  return (
    <Label className={field.label}>
      {children}
      {/* The input itself carries aria-required; the asterisk is only the visual cue. */}
      {isRequired ? (
        <span aria-hidden="true" className={field.requiredMark}>
          *
        </span>
      ) : null}
    </Label>
  );
}

export function FieldDescription({ children }: { children?: ReactNode }) {
  if (children == null) return null;
  return (
    <Text slot="description" className={field.description}>
      {children}
    </Text>
  );
}

/** Rendered by react-aria only while the field is invalid; it is wired to the input's aria-describedby. */
export function FieldErrorText({ children }: { children?: FieldErrorProps['children'] }) {
  return <FieldError className={field.error}>{children}</FieldError>;
}
