import { formatRegisterError } from '@wanxiang/api-client';
import { TextField } from '@wanxiang/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { api } from '../../session/client';
import { AuthEmailField, AuthForm, AuthPasswordField } from './AuthLayout';
import { fieldErrorProps, useAuthSubmit } from './authForm';

const fieldLabels = { email: t.auth.email, password: t.auth.password, nickname: t.auth.nicknameField };

/** /register (spec 01 §2): email, password, an optional nickname; success leads to /login. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const submission = useAuthSubmit(async () => {
    const trimmed = nickname.trim();
    await api.auth.register({ email, password, ...(trimmed ? { nickname: trimmed } : {}) });
    // The email comes along so the user types only the password on the next screen.
    navigate(`/login?registered=1&email=${encodeURIComponent(email.trim())}`, { replace: true });
  });
  const { error } = submission;

  return (
    <AuthForm
      title={t.auth.registerTitle}
      subtitle={t.auth.registerSubtitle}
      switchTo={{ prompt: t.auth.haveAccount, label: t.auth.toLogin, to: '/login' }}
      submission={submission}
      formatError={(failure) => formatRegisterError(failure, { fieldLabels })}
      fields={['email', 'password', 'nickname']}
      submitLabel={t.auth.register}
      pendingLabel={t.auth.registering}
    >
      <AuthEmailField value={email} onChange={setEmail} error={error} autoComplete="email" autoFocus />
      <AuthPasswordField
        value={password}
        onChange={setPassword}
        error={error}
        autoComplete="new-password"
        description={t.auth.passwordHint}
      />
      <TextField
        label={t.auth.nickname}
        name="nickname"
        autoComplete="nickname"
        value={nickname}
        onChange={setNickname}
        {...fieldErrorProps(error, 'nickname', t.auth.nicknameField)}
      />
    </AuthForm>
  );
}
