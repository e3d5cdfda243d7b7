import { formatLoginError } from '@wanxiang/api-client/auth';
import { Checkbox } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { prefetchSignedInScreens } from '../../app/lazyRoutes';
import { t } from '../../i18n/zh-CN';
import { authClient, hasStoredSession } from '../../session/client';
import { AuthEmailField, AuthForm, AuthPasswordField } from './AuthLayout';
import { link, loginOptions } from './AuthLayout.css';
import { safeNextPath, useAuthSubmit } from './authForm';

const fieldLabels = { email: t.auth.email, password: t.auth.password };

/**
 * /login: email, password, remember me. No validation in the browser: the server's answer is what the user
 * reads, a field's message under the field, the rest in the alert, as the server's detail with the other
 * fields' messages in brackets. Coming from registration, the new e-mail is filled in and the password field
 * has the focus. When the server asks for a security check (an account many have failed to sign in to, from a
 * device it does not know), the browser solves it and signs in without a further click, the button saying so
 * with its progress.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  // The security check's progress in whole percent while the browser solves one the server asked for.
  const [verifying, setVerifying] = useState<number | null>(null);
  // 忘记密码 is offered only when the server can e-mail a reset link (the registration policy says so).
  const [canReset, setCanReset] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    authClient.auth
      .registrationPolicy({ signal: controller.signal })
      .then((policy) => setCanReset(policy.password_reset === true))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const next = safeNextPath(params.get('next'));
  const submission = useAuthSubmit(async () => {
    try {
      await authClient.auth.login(
        { email, password, remember_me: rememberMe },
        { onChallenge: (progress) => setVerifying(Math.min(99, Math.floor(progress * 100))) },
      );
    } finally {
      setVerifying(null);
    }
    // The signed-in shell fetches the user (plan, credits) as it mounts.
    navigate(next, { replace: true });
  });
  const { pending, error } = submission;

  if (!pending && hasStoredSession()) return <Navigate to={next} replace />;

  const notice = error
    ? null
    : params.get('expired')
      ? { tone: 'warning' as const, text: t.auth.sessionExpired }
      : params.get('registered')
        ? { tone: 'success' as const, text: t.auth.registered }
        : params.get('reset')
          ? { tone: 'success' as const, text: t.auth.passwordReset }
          : null;

  return (
    <AuthForm
      title={t.auth.loginTitle}
      subtitle={t.auth.loginSubtitle}
      switchTo={{ prompt: t.auth.noAccount, label: t.auth.toRegister, to: '/register' }}
      submission={submission}
      formatError={(failure) => formatLoginError(failure, { fieldLabels })}
      fields={['email', 'password']}
      notice={notice}
      submitLabel={t.auth.login}
      pendingLabel={verifying === null ? t.auth.loggingIn : t.auth.verifyingLabel}
      status={
        verifying === null ? null : (
          <>
            {t.auth.verifyingLabel}
            {/* Read out once, not at every percent. */}
            <span aria-hidden="true"> {verifying}%</span>
          </>
        )
      }
    >
      <AuthEmailField
        value={email}
        onChange={setEmail}
        error={error}
        autoComplete="username"
        autoFocus={!email}
      />
      <AuthPasswordField
        value={password}
        onChange={(value) => {
          setPassword(value);
          // The screens after sign-in download while the password is typed (lazyRoutes.ts).
          prefetchSignedInScreens();
        }}
        error={error}
        autoComplete="current-password"
        autoFocus={Boolean(email)}
      />
      <div className={loginOptions}>
        <Checkbox isSelected={rememberMe} onChange={setRememberMe} name="remember_me">
          {t.auth.rememberMe}
        </Checkbox>
        {canReset ? (
          <Link className={link} to="/forgot-password">
            {t.auth.forgotPassword}
          </Link>
        ) : null}
      </div>
    </AuthForm>
  );
}
