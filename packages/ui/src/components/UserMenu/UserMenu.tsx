import type { ReactNode } from 'react';
import {
  Header,
  type Key,
  Button as RACButton,
  MenuSection as RACMenuSection,
  type Selection,
  useLocale,
} from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { ChevronUpIcon, LogoutIcon } from '../../icons';
import { isThemePreference, type ThemePreference, themePreferences } from '../../theme/preference';
import { useTheme } from '../../theme/useTheme';
import { Avatar } from '../Avatar/Avatar';
import { Chip } from '../Chip/Chip';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '../Menu/Menu';
import { SpinnerGlyph } from '../Spinner/Spinner';
import { themeIcons } from '../ThemeSwitcher/ThemeSwitcher';
import * as styles from './UserMenu.css';

export const userMenuStatuses = ['idle', 'refreshing', 'error'] as const;
export type UserMenuStatus = (typeof userMenuStatuses)[number];

export const userMenuAccountStates = ['ready', 'loading', 'unavailable'] as const;
export type UserMenuAccountState = (typeof userMenuAccountStates)[number];

export interface UserMenuProps {
  /** The nickname, or the email when there is none (not shown while the account is not `ready`). */
  name: string;
  /**
   * Whether the account's details are known: `loading` before the first answer (a spinner, no plan),
   * `unavailable` when it could not be fetched (无法加载账户信息, and a 重试 entry that calls onRetry).
   * Theme and logout work in every state. @default 'ready'
   */
  account?: UserMenuAccountState;
  onRetry?: () => void;
  email?: string;
  /** The account's picture (头像), shown in the round badge (Avatar) instead of the name's first letter. */
  avatarUrl?: string;
  /** @default the catalogue's "默认计划" */
  planName?: string;
  /** The credit balance, shown with the catalogue's suffix (积分) in the locale's number format. */
  credits?: number;
  /**
   * `refreshing` while the app fetches fresh user data (it does so when the menu opens), `error` when that
   * failed; the menu says so under the balance. @default 'idle'
   */
  status?: UserMenuStatus;
  /** Opening is the moment to refresh the user's data. */
  onOpenChange?: (isOpen: boolean) => void;
  onLogout: () => void;
  /** Controlled theme preference; leave out to use (and store) the document theme through useTheme. */
  themePreference?: ThemePreference;
  onThemePreferenceChange?: (preference: ThemePreference) => void;
  /**
   * The account's storage, shown under the balance as a meter (存储空间): bytes `used` of `quota`, and
   * `text`, how the app words them ("已用 1.2 GB / 5 GB"). Left out, no meter.
   */
  storage?: UserMenuStorage;
  /** Entries of the app between the theme and logout (settings, help…): <MenuItem>s. */
  children?: ReactNode;
}

export interface UserMenuStorage {
  used: number;
  quota: number;
  text: string;
}

/**
 * The account entry at the foot of the sidebar: who is signed in and their plan; the menu shows the
 * balance, the theme choice and logout.
 */
export function UserMenu({
  name: accountName,
  email,
  avatarUrl,
  planName,
  credits,
  account = 'ready',
  onRetry,
  status = 'idle',
  onOpenChange,
  onLogout,
  themePreference,
  onThemePreferenceChange,
  storage,
  children,
}: UserMenuProps) {
  const messages = useUiMessages();
  const { locale } = useLocale();
  const theme = useTheme();
  const ready = account === 'ready';
  const name =
    account === 'loading'
      ? messages.userMenu.loading
      : account === 'unavailable'
        ? messages.userMenu.unavailable
        : accountName;
  const plan = ready ? planName || messages.userMenu.defaultPlan : null;
  const preference = themePreference ?? theme.preference;

  const choose = (selection: Selection) => {
    if (selection === 'all') return;
    const [next] = [...selection];
    if (!isThemePreference(next)) return;
    onThemePreferenceChange?.(next);
    if (themePreference === undefined) theme.setPreference(next);
  };

  const onAction = (key: Key) => {
    if (key === 'logout') onLogout();
    if (key === 'retry') onRetry?.();
  };

  return (
    <MenuTrigger onOpenChange={onOpenChange}>
      <RACButton className={styles.trigger}>
        {/* Decorative: the name is said beside it. */}
        <Avatar name={name} src={avatarUrl} tone={account === 'unavailable' ? 'muted' : 'accent'}>
          {account === 'loading' ? <SpinnerGlyph size="sm" /> : account === 'unavailable' ? '!' : undefined}
        </Avatar>
        <span className={styles.identity}>
          <span className={styles.name}>{name}</span>
          {plan ? <span className={styles.plan}>{plan}</span> : null}
          {account === 'unavailable' && onRetry ? (
            <span className={styles.plan}>{messages.userMenu.retryHint}</span>
          ) : null}
        </span>
        <span className={styles.chevron} aria-hidden="true">
          <ChevronUpIcon />
        </span>
      </RACButton>
      <Menu placement="top start" className={styles.menu} onAction={onAction}>
        <RACMenuSection aria-label={messages.userMenu.label}>
          <Header className={styles.summary}>
            <span className={styles.summaryName}>{name}</span>
            {ready && email && email !== name ? <span className={styles.summaryEmail}>{email}</span> : null}
            <span className={styles.summaryRow}>
              {plan ? <Chip tone="accent">{plan}</Chip> : null}
              {ready && credits !== undefined ? (
                <span className={styles.credits}>
                  {`${new Intl.NumberFormat(locale).format(credits)} ${messages.userMenu.creditsSuffix}`}
                </span>
              ) : null}
            </span>
            {ready && storage ? <StorageMeter storage={storage} label={messages.userMenu.storage} /> : null}
            {status === 'refreshing' ? (
              <span className={styles.status}>
                <SpinnerGlyph size="sm" />
                {messages.userMenu.refreshing}
              </span>
            ) : null}
            {status === 'error' && ready ? (
              <span className={`${styles.status} ${styles.statusError}`}>{messages.userMenu.loadFailed}</span>
            ) : null}
          </Header>
        </RACMenuSection>
        {account === 'unavailable' && onRetry ? (
          <MenuItem id="retry">{messages.userMenu.retry}</MenuItem>
        ) : null}
        <MenuSeparator />
        <MenuSection
          title={messages.theme.label}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[preference]}
          onSelectionChange={choose}
        >
          {themePreferences.map((option) => {
            const Icon = themeIcons[option];
            return (
              <MenuItem key={option} id={option} icon={<Icon />}>
                {messages.theme[option]}
              </MenuItem>
            );
          })}
        </MenuSection>
        {children ? (
          <>
            <MenuSeparator />
            <MenuSection aria-label={messages.userMenu.label}>{children}</MenuSection>
          </>
        ) : null}
        <MenuSeparator />
        <MenuItem id="logout" icon={<LogoutIcon />}>
          {messages.userMenu.logout}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

/**
 * Used of the allowance, as words and a bar that turns to the danger tone once nothing is left. A menu
 * may hold only items and groups, so no meter role here: the words say it all, the bar is for the eye.
 */
function StorageMeter({ storage, label }: { storage: UserMenuStorage; label: string }) {
  const full = storage.used >= storage.quota;
  // An allowance of zero is full, not a division by zero.
  const percentage = full ? 100 : Math.round((storage.used / Math.max(storage.quota, 1)) * 1000) / 10;
  return (
    <span className={styles.storage}>
      <span className={styles.storageRow}>
        <span className={styles.storageLabel}>{label}</span>
        <span className={styles.storageText}>{storage.text}</span>
      </span>
      <span className={styles.storageTrack} aria-hidden="true">
        <span
          className={full ? styles.storageFillFull : styles.storageFill}
          style={{ width: `${percentage}%` }}
        />
      </span>
    </span>
  );
}
