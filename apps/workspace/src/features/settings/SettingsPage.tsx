import { Spinner } from '@wanxiang/ui';
import { useEffect } from 'react';
import { api } from '../../session/api';
import { useCurrentUser, useCurrentUserActions } from '../../session/currentUser';
import * as styles from './Settings.css';
import { SettingsView } from './SettingsView';

/** /settings, from the user menu: the signed-in user's profile, password, devices and deletion. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const { refresh } = useCurrentUserActions();
  useEffect(() => {
    if (!user) void refresh();
  }, [user, refresh]);
  if (!user) {
    return (
      <div className={styles.page}>
        <Spinner />
      </div>
    );
  }
  return (
    <SettingsView
      security={api.security}
      email={user.email}
      nickname={user.nickname}
      onProfileSaved={() => void refresh()}
      avatarUrl={user.avatar_url ?? null}
      onAvatarChanged={() => void refresh()}
    />
  );
}
