import type { AccountSession, SecurityApi } from '@wanxiang/api-client';
import { Alert, Badge, Button, ConfirmDialog, PasswordField, Spinner, TextField } from '@wanxiang/ui';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { AvatarSection } from './AvatarSection';
import * as styles from './Settings.css';
import { fieldMessage, generalMessage } from './settingsErrors';

const s = t.settings;

export interface SettingsViewProps {
  /** The account's sign-ins, password, nickname and deletion. */
  security: SecurityApi;
  email: string;
  nickname: string;
  /** After a saved nickname, so the user menu shows it at once. */
  onProfileSaved?: () => void;
  /** The current 头像's address; null or absent: the name's first letter. */
  avatarUrl?: string | null;
  /** After a new or removed avatar, so the user menu shows it at once. */
  onAvatarChanged?: () => void;
  /** Times are shown in this zone; the browser's by default. */
  timeZone?: string;
}

/**
 * /settings: the account's own settings — the nickname, the password, the devices signed in and 注销账号 —
 * each in its own section, each saving on its own.
 */
export function SettingsView({
  security,
  email,
  nickname,
  onProfileSaved,
  avatarUrl = null,
  onAvatarChanged,
  timeZone,
}: SettingsViewProps) {
  // A password change ends the other sign-ins: the list is read again after it.
  const [signInsChanged, setSignInsChanged] = useState(0);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{s.title}</h1>
      <AvatarSection
        security={security}
        name={nickname || email}
        avatarUrl={avatarUrl}
        onChanged={onAvatarChanged}
      />
      <ProfileSection security={security} email={email} nickname={nickname} onSaved={onProfileSaved} />
      <PasswordSection security={security} onChanged={() => setSignInsChanged((n) => n + 1)} />
      <SessionsSection security={security} timeZone={timeZone} reloadKey={signInsChanged} />
      <DeleteSection security={security} />
    </div>
  );
}

function Section({
  title,
  intro,
  tone,
  children,
}: {
  title: string;
  intro?: string;
  tone?: 'danger';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={tone === 'danger' ? styles.dangerSection : styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}

/** One request at a time; the outcome kept for the form to show. */
function useSubmit<T>(send: () => Promise<T>, onDone?: (result: T) => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setDone(false);
    try {
      const result = await send();
      setDone(true);
      onDone?.(result);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return { pending, error, done, submit };
}

function ProfileSection({
  security,
  email,
  nickname: saved,
  onSaved,
}: {
  security: SecurityApi;
  email: string;
  nickname: string;
  onSaved?: (() => void) | undefined;
}) {
  const [nickname, setNickname] = useState(saved);
  useEffect(() => setNickname(saved), [saved]);
  const form = useSubmit(() => security.updateProfile({ nickname: nickname.trim() }), onSaved);
  const nicknameError = fieldMessage(form.error, 'nickname');
  return (
    <Section title={s.profile}>
      <form className={styles.form} onSubmit={form.submit}>
        <TextField label={s.email} value={email} isReadOnly />
        <TextField
          label={s.nickname}
          name="nickname"
          autoComplete="nickname"
          value={nickname}
          onChange={setNickname}
          description={s.nicknameHint}
          // The server's answer marks the field; it must not block the next submit as a browser check would.
          validationBehavior="aria"
          isInvalid={Boolean(nicknameError)}
          {...(nicknameError ? { errorMessage: nicknameError } : {})}
        />
        <Outcome error={generalMessage(form.error, ['nickname'])} done={form.done ? s.profileSaved : null} />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={form.pending}>
            {form.pending ? s.savingProfile : s.saveProfile}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordSection({ security, onChanged }: { security: SecurityApi; onChanged: () => void }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useSubmit(
    async () => {
      if (newPassword !== confirm) {
        setMismatch(true);
        throw new Error(s.passwordMismatch);
      }
      setMismatch(false);
      return security.changePassword({ old_password: oldPassword, new_password: newPassword });
    },
    (detail) => {
      setMessage(detail.replace(/。$/, ''));
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      onChanged();
    },
  );
  const oldError = fieldMessage(form.error, 'old_password');
  const newError = fieldMessage(form.error, 'new_password');
  const mismatchShown = mismatch && form.error instanceof Error && form.error.message === s.passwordMismatch;
  return (
    <Section title={s.password} intro={s.passwordIntro}>
      <form className={styles.form} onSubmit={form.submit}>
        {/* Lets password managers pair the new password with the account. */}
        <input type="email" name="username" autoComplete="username" value="" readOnly hidden />
        <PasswordField
          label={s.oldPassword}
          name="old_password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={setOldPassword}
          isRequired
          validationBehavior="aria"
          isInvalid={Boolean(oldError)}
          {...(oldError ? { errorMessage: oldError } : {})}
        />
        <PasswordField
          label={s.newPassword}
          name="new_password"
          autoComplete="new-password"
          value={newPassword}
          onChange={setNewPassword}
          description={s.newPasswordHint}
          isRequired
          validationBehavior="aria"
          isInvalid={Boolean(newError)}
          {...(newError ? { errorMessage: newError } : {})}
        />
        <PasswordField
          label={s.confirmPassword}
          name="confirm_password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          isRequired
          validationBehavior="aria"
          isInvalid={mismatchShown}
          {...(mismatchShown ? { errorMessage: s.passwordMismatch } : {})}
        />
        <Outcome
          error={mismatchShown ? undefined : generalMessage(form.error, ['old_password', 'new_password'])}
          done={form.done ? message : null}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={form.pending}>
            {form.pending ? s.changingPassword : s.changePassword}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** 登录设备: the live sign-ins, ending one, the others, or all. */
export function SessionsSection({
  security,
  timeZone,
  reloadKey,
}: {
  security: SecurityApi;
  timeZone?: string | undefined;
  reloadKey: number;
}) {
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const format = new Intl.DateTimeFormat('zh-CN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      setSessions((await security.sessions()).sessions);
    } catch {
      setLoadFailed(true);
    }
  }, [security]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a new read
  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  const act = async (action: () => Promise<number>) => {
    setActionError(null);
    setNotice(null);
    try {
      setNotice(s.ended(await action()));
      await load();
    } catch (failure) {
      setActionError(generalMessage(failure, []) ?? s.requestFailed);
    }
  };

  return (
    <Section title={s.sessions} intro={s.sessionsIntro}>
      {sessions === null && !loadFailed ? <Spinner size="sm" label={s.sessionsLoading} showLabel /> : null}
      {loadFailed ? (
        <Alert tone="danger" actionLabel={s.retry} onAction={() => void load()}>
          {s.sessionsFailed}
        </Alert>
      ) : null}
      {sessions ? (
        <ul className={styles.sessionList} aria-label={s.sessions}>
          {sessions.map((session) => (
            <li key={session.id} className={styles.sessionRow}>
              <div className={styles.sessionText}>
                <span className={styles.sessionDevice}>
                  {session.device}
                  {session.current ? <Badge tone="success">{s.thisDevice}</Badge> : null}
                </span>
                <span className={styles.sessionMeta}>
                  {session.ip ?? s.unknownAddress} ·{' '}
                  {s.lastUsed(format.format(new Date(session.last_used_at)))} ·{' '}
                  {s.signedInAt(format.format(new Date(session.created_at)))}
                </span>
              </div>
              {session.current ? null : (
                <Button
                  size="sm"
                  aria-label={s.endSessionLabel(session.device)}
                  onPress={() =>
                    void act(async () => {
                      await security.endSession(session.id);
                      return 1;
                    })
                  }
                >
                  {s.endSession}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Outcome error={actionError ?? undefined} done={notice} />
      <div className={styles.actions}>
        <Button
          isDisabled={!sessions || sessions.every((session) => session.current)}
          onPress={() => void act(() => security.endAllSessions({ keep_current: true }))}
        >
          {s.endOthers}
        </Button>
        <Button variant="danger" onPress={() => setConfirmAll(true)}>
          {s.endAll}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirmAll}
        onOpenChange={setConfirmAll}
        title={s.endAllTitle}
        tone="danger"
        confirmLabel={s.endAll}
        onConfirm={async () => {
          try {
            // Signs this device out too: the logout event takes the user to the sign-in page.
            await security.endAllSessions({ keep_current: false });
          } catch (failure) {
            throw new Error(generalMessage(failure, []) ?? s.requestFailed);
          }
        }}
      >
        {s.endAllBody}
      </ConfirmDialog>
    </Section>
  );
}

/** 注销账号, behind the password. */
export function DeleteSection({ security }: { security: SecurityApi }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  return (
    <Section title={s.danger} intro={s.dangerIntro} tone="danger">
      <div className={styles.actions}>
        <Button
          variant="danger"
          onPress={() => {
            setPassword('');
            setOpen(true);
          }}
        >
          {s.deleteAccount}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title={s.deleteTitle}
        tone="danger"
        confirmLabel={s.deleteConfirm}
        onConfirm={async () => {
          try {
            // On success the client signs out, and the logout event takes the user to the sign-in page.
            await security.deleteAccount({ password });
          } catch (failure) {
            throw new Error(
              fieldMessage(failure, 'password') ?? generalMessage(failure, []) ?? s.requestFailed,
            );
          }
        }}
      >
        <p className={styles.intro}>{s.deleteBody}</p>
        <PasswordField
          label={s.deletePassword}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
      </ConfirmDialog>
    </Section>
  );
}

/** A form's result: the failure in red, or the success in green, announced either way. */
function Outcome({ error, done }: { error?: string | undefined; done: string | null }) {
  if (error) return <Alert tone="danger">{error}</Alert>;
  if (done) return <Alert tone="success">{done}</Alert>;
  return null;
}
