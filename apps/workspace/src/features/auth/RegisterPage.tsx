import { formatRegisterError, type RegistrationPolicy } from '@wanxiang/api-client/auth';
import { TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { authClient } from '../../session/client';
import { AuthEmailField, AuthForm, AuthPasswordField } from './AuthLayout';
import { fieldErrorProps, useAuthSubmit } from './authForm';

const fieldLabels = {
  email: t.auth.email,
  password: t.auth.password,
  nickname: t.auth.nicknameField,
  invite_code: t.auth.inviteCode,
};

/**
 * /register: email, password, an optional nickname, and the invitation code when the
 * operator's policy asks for one; success leads to /login. The policy is read when the page opens; if it
 * cannot be, the form is the open one and the server's answer says what is missing.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [inviteCode, setInviteCode] = useState('');
  const [policy, setPolicy] = useState<RegistrationPolicy | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    authClient.auth
      .registrationPolicy({ signal: controller.signal })
      .then(setPolicy)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const needsInvite = policy?.mode === 'invite';
  const submission = useAuthSubmit(async () => {
    const trimmed = nickname.trim();
    await authClient.auth.register({
      email,
      password,
      ...(trimmed ? { nickname: trimmed } : {}),
      ...(needsInvite ? { invite_code: inviteCode.trim() } : {}),
    });
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
      notice={policy?.mode === 'closed' ? { tone: 'warning', text: t.auth.registrationClosed } : null}
      fields={
        needsInvite ? ['email', 'password', 'nickname', 'invite_code'] : ['email', 'password', 'nickname']
      }
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
      {needsInvite ? (
        <TextField
          label={t.auth.inviteCode}
          name="invite_code"
          autoComplete="off"
          value={inviteCode}
          onChange={setInviteCode}
          description={t.auth.inviteCodeHint}
          {...fieldErrorProps(error, 'invite_code')}
        />
      ) : null}
    </AuthForm>
  );
}
