import { formatRegisterError, type RegistrationPolicy } from '@wanxiang/api-client/auth';
import { Checkbox, TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { authClient } from '../../session/client';
import { AuthEmailField, AuthForm, AuthPasswordField } from './AuthLayout';
import { link as linkStyle, termsLinks } from './AuthLayout.css';
import { fieldErrorProps, useAuthSubmit } from './authForm';

const fieldLabels = {
  email: t.auth.email,
  password: t.auth.password,
  nickname: t.auth.nicknameField,
  invite_code: t.auth.inviteCode,
};

/**
 * /register: email, password, an optional nickname, the invitation code when the operator's policy asks
 * for one, and the acceptance of the operator's 用户协议 / 隐私政策 when they are published. The page says
 * what a new account gets. Success signs the new user in and opens the workspace; only if that sign-in
 * cannot happen at once (a security check, a network failure) does the user land on /login with the e-mail
 * filled in. The policy is read when the page opens; if it cannot be, the form is the open one and the
 * server's answer says what is missing.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [inviteCode, setInviteCode] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
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
  const terms = [
    policy?.terms_url ? { label: t.auth.terms, href: policy.terms_url } : null,
    policy?.privacy_url ? { label: t.auth.privacy, href: policy.privacy_url } : null,
  ].filter((link) => link !== null);
  const submission = useAuthSubmit(async () => {
    const trimmed = nickname.trim();
    await authClient.auth.register({
      email,
      password,
      ...(trimmed ? { nickname: trimmed } : {}),
      ...(needsInvite ? { invite_code: inviteCode.trim() } : {}),
      ...(terms.length > 0 ? { accept_terms: acceptTerms } : {}),
    });
    try {
      await authClient.auth.login({ email, password, remember_me: false });
    } catch {
      // The account exists; the sign-in page finishes what could not be done here, the e-mail filled in.
      navigate(`/login?registered=1&email=${encodeURIComponent(email.trim())}`, { replace: true });
      return;
    }
    navigate('/', { replace: true });
  });
  const { error } = submission;

  return (
    <AuthForm
      title={t.auth.registerTitle}
      subtitle={
        policy && policy.signup_credits > 0 && policy.mode !== 'closed'
          ? t.auth.signupCredits(policy.signup_credits)
          : t.auth.registerSubtitle
      }
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
      {terms.length > 0 ? (
        <div>
          <Checkbox
            isSelected={acceptTerms}
            onChange={setAcceptTerms}
            name="accept_terms"
            isInvalid={Boolean(fieldErrorProps(error, 'accept_terms').isInvalid)}
          >
            {t.auth.acceptTerms(terms.map((link) => link.label).join(t.auth.termsAnd))}
          </Checkbox>
          <p className={termsLinks}>
            {t.auth.readTerms}
            {terms.map((link, index) => (
              <span key={link.href}>
                {index > 0 ? t.auth.termsAnd : null}
                <a className={linkStyle} href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </span>
            ))}
          </p>
        </div>
      ) : null}
    </AuthForm>
  );
}
