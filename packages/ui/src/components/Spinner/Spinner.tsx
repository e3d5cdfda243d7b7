import { clsx } from 'clsx';
import { useUiMessages } from '../../i18n/UiProvider';
import { visuallyHidden } from '../../styles/utilities.css';
import * as styles from './Spinner.css';

export const spinnerSizes = ['sm', 'md', 'lg'] as const;
export type SpinnerSize = (typeof spinnerSizes)[number];

/** The turning ring alone, decorative. Buttons and fields put it inside their own accessible element. */
export function SpinnerGlyph({ size = 'md', className }: { size?: SpinnerSize; className?: string }) {
  return (
    <svg
      className={clsx(styles.glyph, styles.glyphSize[size], className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.track} cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading. @default the catalogue's "加载中..." */
  label?: string;
  /** Show the label next to the ring; otherwise it is only announced. @default false */
  showLabel?: boolean;
  /** Put the label under the ring (page-level loading). @default false */
  stacked?: boolean;
  className?: string;
}

/** An indeterminate loading indicator, announced politely through role="status". */
export function Spinner({ size = 'md', label, showLabel = false, stacked = false, className }: SpinnerProps) {
  const messages = useUiMessages();
  const text = label ?? messages.common.loading;
  return (
    <div role="status" className={clsx(styles.root, stacked && styles.column, className)}>
      <SpinnerGlyph size={size} />
      <span className={showLabel ? undefined : visuallyHidden}>{text}</span>
    </div>
  );
}
