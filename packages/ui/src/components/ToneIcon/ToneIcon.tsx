import { clsx } from 'clsx';
import { useUiMessages } from '../../i18n/UiProvider';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../../icons';
import * as styles from './ToneIcon.css';

/** The tones of a message about the state of things (an alert, a toast). */
export type MessageTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const icons = {
  neutral: InfoIcon,
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  danger: ErrorIcon,
} satisfies Record<MessageTone, unknown>;

/** A message's leading icon, in its tone's colour and named in words too, not only in colour. */
export function ToneIcon({ tone }: { tone: MessageTone }) {
  const messages = useUiMessages();
  const Icon = icons[tone];
  return (
    <span className={clsx(styles.icon, styles.tone[tone])}>
      <Icon aria-label={messages.tone[tone]} />
    </span>
  );
}
