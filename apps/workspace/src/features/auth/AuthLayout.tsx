import { Alert, type AlertTone, Button, Card, PasswordField, Stack, TextField } from '@wanxiang/ui';
import { type ReactNode, type SyntheticEvent, useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import * as styles from './AuthLayout.css';
import { fieldErrorProps, formErrorMessage } from './authForm';

/** The frame of /login and /register: the brand, a heading and one card holding the form. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <img className={styles.logo} src="/favicon.svg" alt="" width={48} height={48} />
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        <Card padding="lg">{children}</Card>
        <p className={styles.footer}>{footer}</p>
        <p className={styles.tagline}>
          {t.brand.name} · {t.brand.tagline}
        </p>
      </div>
    </main>
  );
}

/** What AuthForm shows of a submission (useAuthSubmit): its state and the handler to send the form. */
export interface AuthSubmission {
  pending: boolean;
  error: unknown;
  submit(event: SyntheticEvent): void;
}

/**
 * The form of /login and /register in its frame, named by the title: the server's answer to the last try
 * (or else a notice) above the fields, the submit button under them, and below the card the way to the
 * other page.
 */
export function AuthForm({
  title,
  subtitle,
  switchTo,
  submission: { pending, error, submit },
  formatError,
  fields,
  notice,
  submitLabel,
  pendingLabel,
  status,
  children,
}: {
  title: string;
  subtitle: string;
  /** The question under the card, and the link that answers it. */
  switchTo: { prompt: string; label: string; to: string };
  submission: AuthSubmission;
  /** The failure as the user reads it, with the field names in Chinese. */
  formatError(error: unknown): string;
  /** The server's names of the fields the form shows: their errors show under them, not in the alert. */
  fields: readonly string[];
  notice?: { tone: AlertTone; text: string } | null;
  submitLabel: string;
  /** The button's label while the request is under way. */
  pendingLabel: string;
  /** What the form is doing while the button waits, shown under it (the button itself shows a spinner). */
  status?: ReactNode;
  /** The fields. */
  children: ReactNode;
}) {
  const formId = useId();
  const message = error ? formErrorMessage(error, fields, formatError) : null;
  // After a failed try, the first field marked wrong takes the focus, so its message is read out and the
  // user can correct it at once.
  useEffect(() => {
    if (!error) return;
    document.getElementById(formId)?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
  }, [error, formId]);
  return (
    <AuthLayout
      title={title}
      subtitle={subtitle}
      footer={
        <>
          {switchTo.prompt}{' '}
          <Link className={styles.link} to={switchTo.to}>
            {switchTo.label}
          </Link>
        </>
      }
    >
      <Stack as="form" id={formId} gap="lg" onSubmit={submit} noValidate aria-label={title}>
        {message ? (
          <Alert tone="danger" role="alert">
            {message}
          </Alert>
        ) : notice && !error ? (
          <Alert tone={notice.tone} role="status">
            {notice.text}
          </Alert>
        ) : null}
        {children}
        <Button type="submit" variant="primary" size="lg" isFullWidth isPending={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        {status ? (
          <p className={styles.status} role="status">
            {status}
          </p>
        ) : null}
      </Stack>
    </AuthLayout>
  );
}

interface AuthFieldProps {
  value: string;
  onChange(value: string): void;
  /** The last failure; the server's message for this field shows under it. */
  error: unknown;
  autoComplete: string;
  autoFocus?: boolean;
}

/** 邮箱, in both forms. */
export function AuthEmailField({ error, ...props }: AuthFieldProps) {
  return (
    <TextField
      label={t.auth.email}
      name="email"
      type="email"
      inputMode="email"
      {...props}
      {...fieldErrorProps(error, 'email', t.auth.email)}
    />
  );
}

/** 密码, in both forms. */
export function AuthPasswordField({ error, ...props }: AuthFieldProps & { description?: string }) {
  return (
    <PasswordField
      label={t.auth.password}
      name="password"
      {...props}
      {...fieldErrorProps(error, 'password', t.auth.password)}
    />
  );
}
