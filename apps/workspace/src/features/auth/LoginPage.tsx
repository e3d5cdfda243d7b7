import { formatLoginError } from '@wanxiang/api-client';
import { Alert, Button, Checkbox, PasswordField, TextField } from '@wanxiang/ui';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { t } from '../../i18n/zh-CN';
import { api, hasStoredSession } from '../../session/client';
import { useCurrentUserActions } from '../../session/currentUser';
import { AuthLayout } from './AuthLayout';
import * as styles from './AuthLayout.css';
import { fieldError, safeNextPath } from './authForm';

const fieldLabels = { email: t.auth.email, password: t.auth.password };

/**
 * /login (spec 01 §2): email, password, remember me. No validation in the browser: the server's answer,
 * with its field details, is what the user reads (spec 01 §8).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refresh } = useCurrentUserActions();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const next = safeNextPath(params.get('next'));

  if (!pending && hasStoredSession()) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await api.auth.login({ email, password, remember_me: rememberMe });
      void refresh();
      navigate(next, { replace: true });
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  const notice = error
    ? null
    : params.get('expired')
      ? { tone: 'warning' as const, text: t.auth.sessionExpired }
      : params.get('registered')
        ? { tone: 'success' as const, text: t.auth.registered }
        : null;

  return (
    <AuthLayout
      title={t.auth.loginTitle}
      subtitle={t.auth.loginSubtitle}
      footer={
        <>
          {t.auth.noAccount}{' '}
          <Link className={styles.link} to="/register">
            {t.auth.toRegister}
          </Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t.auth.loginTitle}>
        {error ? (
          <Alert tone="danger" role="alert">
            {formatLoginError(error, { fieldLabels })}
          </Alert>
        ) : notice ? (
          <Alert tone={notice.tone} role="status">
            {notice.text}
          </Alert>
        ) : null}
        <TextField
          label={t.auth.email}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={setEmail}
          isInvalid={Boolean(fieldError(error, 'email'))}
          errorMessage={fieldError(error, 'email')}
          autoFocus={!email}
        />
        <PasswordField
          label={t.auth.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          isInvalid={Boolean(fieldError(error, 'password'))}
          errorMessage={fieldError(error, 'password')}
          autoFocus={Boolean(email)}
        />
        <Checkbox isSelected={rememberMe} onChange={setRememberMe} name="remember_me">
          {t.auth.rememberMe}
        </Checkbox>
        <Button type="submit" variant="primary" size="lg" isFullWidth isPending={pending}>
          {pending ? t.auth.loggingIn : t.auth.login}
        </Button>
      </form>
    </AuthLayout>
  );
}
