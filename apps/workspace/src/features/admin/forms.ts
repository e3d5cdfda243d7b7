import type { TextFieldProps } from '@wanxiang/ui';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { failureText, fieldError } from './errors';
import { adminText } from './messages';

/** Each field's fault, keyed as the server names the field in a refusal. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A whole number from `min` (1 unless given) to `max` typed into `field`, or the fault written into
 * `errors` (the number is then 0, never sent). `label` is how the fault names the field.
 */
export function wholeInRange<F extends string>(
  errors: FieldErrors<F>,
  raw: string,
  field: F,
  label: string,
  max: number,
  min = 1,
): number {
  const text = raw.trim();
  if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
  errors[field] = adminText.whole(label, max, min);
  return 0;
}

/**
 * A contract schema's faults written into `errors` on the fields they name (the first fault of each; a
 * field already faulted keeps its own): the schema's message where it words one for people (the contract's
 * are Chinese), else the field's message from `fallback`.
 */
export function schemaFaults<F extends string>(
  errors: FieldErrors<F>,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fallback: Record<string, string>,
) {
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (errors[field]) continue;
    errors[field] = /[\u4e00-\u9fff]/.test(issue.message)
      ? issue.message
      : (fallback[field] ?? adminText.invalid);
  }
  return errors;
}

/**
 * A console form of text fields, named as the server names them: the props that bind one field to what is
 * typed and to its fault, and the submit handler. Faults are shown on the field and announced with it
 * (`validationBehavior: aria` keeps the browser's own bubbles away); a refusal from the server lands on the
 * fields it names.
 */
export function useFieldsForm<F extends string>(initial: Record<F, string>) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const bind = (
    name: F,
  ): Pick<TextFieldProps, 'value' | 'onChange' | 'validationBehavior' | 'isInvalid' | 'errorMessage'> => ({
    value: draft[name],
    onChange: (value: string) => setDraft((current) => ({ ...current, [name]: value })),
    validationBehavior: 'aria',
    isInvalid: Boolean(errors[name]),
    ...(errors[name] ? { errorMessage: errors[name] } : {}),
  });
  /** Puts a refusal's messages on the fields it names; false when it named none of them. */
  const showRefusal = (failure: unknown) => {
    const named: FieldErrors<F> = {};
    for (const field of Object.keys(initial) as F[]) {
      const message = fieldError(failure, field);
      if (message) named[field] = message;
    }
    if (Object.keys(named).length === 0) return false;
    setErrors(named);
    return true;
  };
  const [busy, setBusy] = useState(false);
  /**
   * A submit handler: the draft is checked (faults shown on their fields, nothing sent), then `send` gets
   * the checked input; a refusal naming fields lands on them, any other failure goes to `onFailure`.
   */
  const submitWith =
    <I>(
      check: (draft: Record<F, string>) => { errors: FieldErrors<F>; input: I },
      send: (input: I) => Promise<void>,
      onFailure: (failure: unknown) => void,
    ) =>
    async (event: FormEvent) => {
      event.preventDefault();
      const checked = check(draft);
      setErrors(checked.errors);
      if (Object.keys(checked.errors).length > 0) return;
      setBusy(true);
      try {
        await send(checked.input);
      } catch (failure) {
        if (!showRefusal(failure)) onFailure(failure);
      } finally {
        setBusy(false);
      }
    };
  return { bind, busy, submitWith };
}

/**
 * What a console section reads from `source` when it opens: the answer (null until it comes), the failure
 * to show with a retry, and `reload` to read it again after a change (or `setData` when the change
 * answered it). A new `source` reads anew.
 */
export function useConsoleData<S, T>(source: S, read: (source: S) => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The latest `read`, so that a new function each render does not read again.
  const reader = useRef(read);
  reader.current = read;
  const reload = useCallback(async () => {
    try {
      setData(await reader.current(source));
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    }
  }, [source]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, setData, error, setError, reload };
}

/**
 * An inline form gives the focus back to the control that opened it when it closes (saved or cancelled),
 * as a dialog does, so that a keyboard user goes on from the row they were on rather than from the top of
 * the page. `remember` as the form opens, `giveBack` as it closes.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  const giveBack = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, []);
  return { remember, giveBack };
}
