import { clsx } from 'clsx';
import { type Key, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { MonitorIcon, MoonIcon, SunIcon } from '../../icons';
import { isThemePreference, type ThemePreference, themePreferences } from '../../theme/preference';
import { useTheme } from '../../theme/useTheme';
import * as styles from './ThemeSwitcher.css';

export const themeIcons = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } satisfies Record<
  ThemePreference,
  unknown
>;

export interface ThemeSwitcherProps {
  /** Controlled preference; leave out to use (and store) the document's theme through useTheme. */
  preference?: ThemePreference;
  onPreferenceChange?: (preference: ThemePreference) => void;
  /** Show only the icons (their names stay available to screen readers). @default false */
  iconOnly?: boolean;
  className?: string;
}

/** Light, dark or follow the system, as a segmented control. */
export function ThemeSwitcher({
  preference,
  onPreferenceChange,
  iconOnly = false,
  className,
}: ThemeSwitcherProps) {
  const messages = useUiMessages();
  const theme = useTheme();
  const current = preference ?? theme.preference;
  const choose = (next: ThemePreference) => {
    if (onPreferenceChange) onPreferenceChange(next);
    if (preference === undefined) theme.setPreference(next);
  };
  return (
    <ToggleButtonGroup
      aria-label={messages.theme.label}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[current]}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = [...keys];
        if (isThemePreference(next)) choose(next);
      }}
      className={clsx(styles.group, className)}
    >
      {themePreferences.map((option) => {
        const Icon = themeIcons[option];
        return (
          <ToggleButton
            key={option}
            id={option}
            aria-label={iconOnly ? messages.theme[option] : undefined}
            className={styles.option}
          >
            <span className={styles.icon} aria-hidden="true">
              <Icon />
            </span>
            {iconOnly ? null : messages.theme[option]}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
