import { type AuthApi, formatAuthError } from '@wanxiang/api-client/auth';
import { useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { authClient } from '../../session/client';
import { AuthEmailField, AuthForm } from './AuthLayout';
import { useAuthSubmit } from './authForm';

const fieldLabels = { email: t.auth.email };

/**
 * /forgot-password (忘记密码, offered by the sign-in page when the server can send mail): the e-mail, then
 * the server's answer, which is the same whether the address has an account or not. The form stays, so a
 * mistyped address can be corrected and sent again.
 */
export function ForgotPasswordPage({
  auth = authClient.auth,
}: {
  /** The server's auth endpoints. @default the app's client */
  auth?: Pick<AuthApi, 'requestPasswordReset'>;
}) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const submission = useAuthSubmit(async () => {
    setSent(null);
    setSent(await auth.requestPasswordReset(email));
    throw new ResetSent();
  });
  // The hook keeps a successful submit pending (the sign-in pages leave); this page stays, so it ends it.
  const error = submission.error instanceof ResetSent ? null : submission.error;
  return (
    <AuthForm
      title={t.auth.forgotTitle}
      subtitle={t.auth.forgotSubtitle}
      switchTo={{ prompt: t.auth.rememberedPassword, label: t.auth.toLogin, to: '/login' }}
      submission={{ ...submission, error }}
      formatError={(failure) => formatAuthError(failure, t.auth.forgotFailed, { fieldLabels })}
      fields={['email']}
      notice={sent ? { tone: 'success', text: sent } : null}
      submitLabel={t.auth.sendResetLink}
      pendingLabel={t.auth.sendingResetLink}
    >
      <AuthEmailField value={email} onChange={setEmail} error={error} autoComplete="email" autoFocus />
    </AuthForm>
  );
}

/** Ends the submit without an error to show: the answer is in the notice. */
class ResetSent extends Error {}
