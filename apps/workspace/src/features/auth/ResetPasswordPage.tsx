import { type AuthApi, formatAuthError } from '@wanxiang/api-client/auth';
import { PasswordField } from '@wanxiang/ui';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { authClient } from '../../session/client';
import { AuthForm } from './AuthLayout';
import { fieldErrorProps, useAuthSubmit } from './authForm';

const fieldLabels = { new_password: t.auth.newPassword };

/** The token of the e-mailed link, from the address's fragment (#token=…), which no server sees. */
export function resetTokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

class Mismatch extends Error {}

/**
 * /reset-password#token=… (the e-mailed link): the new password twice. The server checks the link (unknown,
 * used or expired: its message says which, with the way back to 忘记密码) and the password's rules (under
 * the field); success ends every sign-in of the account and opens the sign-in page saying so.
 */
export function ResetPasswordPage({
  auth = authClient.auth,
}: {
  /** The server's auth endpoints. @default the app's client */
  auth?: Pick<AuthApi, 'resetPassword'>;
}) {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const token = resetTokenOf(hash);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submission = useAuthSubmit(async () => {
    if (password !== confirm) throw new Mismatch();
    await auth.resetPassword({ token, new_password: password });
    navigate('/login?reset=1', { replace: true });
  });
  const mismatch = submission.error instanceof Mismatch;
  const error = mismatch ? null : submission.error;
  return (
    <AuthForm
      title={t.auth.resetTitle}
      subtitle={t.auth.resetSubtitle}
      switchTo={{ prompt: t.auth.linkTrouble, label: t.auth.requestAgain, to: '/forgot-password' }}
      submission={{ ...submission, error }}
      formatError={(failure) => formatAuthError(failure, t.auth.resetFailed, { fieldLabels })}
      fields={['new_password']}
      notice={token ? null : { tone: 'warning', text: t.auth.resetLinkIncomplete }}
      submitLabel={t.auth.setNewPassword}
      pendingLabel={t.auth.settingNewPassword}
    >
      <PasswordField
        label={t.auth.newPassword}
        name="new_password"
        autoComplete="new-password"
        description={t.auth.passwordHint}
        value={password}
        onChange={setPassword}
        autoFocus
        {...fieldErrorProps(error, 'new_password', t.auth.newPassword)}
      />
      <PasswordField
        label={t.auth.confirmPassword}
        name="confirm_password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        isInvalid={mismatch}
        errorMessage={mismatch ? t.auth.passwordMismatch : undefined}
      />
    </AuthForm>
  );
}
