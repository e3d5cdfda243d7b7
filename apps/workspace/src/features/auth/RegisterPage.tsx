import { formatRegisterError } from '@wanxiang/api-client';
import { Alert, Button, PasswordField, TextField } from '@wanxiang/ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from '../../i18n/zh-CN';
import { api } from '../../session/client';
import { AuthLayout } from './AuthLayout';
import * as styles from './AuthLayout.css';
import { fieldError } from './authForm';

const fieldLabels = { email: t.auth.email, password: t.auth.password, nickname: t.auth.nicknameField };

/** /register (spec 01 §2): email, password, an optional nickname; success leads to /login. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const trimmed = nickname.trim();
      await api.auth.register({ email, password, ...(trimmed ? { nickname: trimmed } : {}) });
      // The email comes along so the user types only the password on the next screen.
      navigate(`/login?registered=1&email=${encodeURIComponent(email.trim())}`, { replace: true });
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <AuthLayout
      title={t.auth.registerTitle}
      subtitle={t.auth.registerSubtitle}
      footer={
        <>
          {t.auth.haveAccount}{' '}
          <Link className={styles.link} to="/login">
            {t.auth.toLogin}
          </Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t.auth.registerTitle}>
        {error ? (
          <Alert tone="danger" role="alert">
            {formatRegisterError(error, { fieldLabels })}
          </Alert>
        ) : null}
        <TextField
          label={t.auth.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={setEmail}
          isInvalid={Boolean(fieldError(error, 'email'))}
          errorMessage={fieldError(error, 'email')}
          autoFocus
        />
        <PasswordField
          label={t.auth.password}
          name="password"
          autoComplete="new-password"
          description={t.auth.passwordHint}
          value={password}
          onChange={setPassword}
          isInvalid={Boolean(fieldError(error, 'password'))}
          errorMessage={fieldError(error, 'password')}
        />
        <TextField
          label={t.auth.nickname}
          name="nickname"
          autoComplete="nickname"
          value={nickname}
          onChange={setNickname}
          isInvalid={Boolean(fieldError(error, 'nickname'))}
          errorMessage={fieldError(error, 'nickname')}
        />
        <Button type="submit" variant="primary" size="lg" isFullWidth isPending={pending}>
          {pending ? t.auth.registering : t.auth.register}
        </Button>
      </form>
    </AuthLayout>
  );
}
