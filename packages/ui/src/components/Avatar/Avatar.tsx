import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';
import * as styles from './Avatar.css';

export const avatarSizes = ['sm', 'md', 'lg'] as const;
export type AvatarSize = (typeof avatarSizes)[number];

export const avatarTones = ['accent', 'muted'] as const;
export type AvatarTone = (typeof avatarTones)[number];

export interface AvatarProps {
  /** Whose badge it is: without a picture the disc shows its first character (the monogram). */
  name: string;
  /** The account's picture (头像); null, left out or failing to load: the monogram. */
  src?: string | null | undefined;
  /**
   * The badge's accessible name (the nickname). Left out, the badge is decorative (hidden from screen
   * readers): for where the name is already said beside it (a menu's trigger, a message labelled 你).
   */
  label?: string | undefined;
  /** sm 24 px, md 28 px, lg 32 px. @default 'md' */
  size?: AvatarSize;
  /** @default 'accent' */
  tone?: AvatarTone;
  /** What the disc shows instead of the picture or monogram (a spinner while the account loads). */
  children?: ReactNode;
  className?: string | undefined;
}

/** The first character as the user sees it (an ideograph, a letter, an emoji), not a UTF-16 half. */
function monogram(name: string): string {
  const [first = '?'] = Array.from(name.trim());
  return first.toUpperCase();
}

/** An account's round badge: its picture, or the first character of its name on the accent colour. */
export function Avatar({ name, src, label, size = 'md', tone = 'accent', children, className }: AvatarProps) {
  // A picture that fails to load (a removed file, offline) gives way to the monogram.
  const [failed, setFailed] = useState<string | null>(null);
  const picture = src && src !== failed ? src : null;
  return (
    <span
      className={clsx(styles.root, styles.size[size], styles.tone[tone], className)}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-avatar={children != null ? 'custom' : picture ? 'image' : 'monogram'}
    >
      {children ??
        (picture ? (
          <img className={styles.image} src={picture} alt="" onError={() => setFailed(picture)} />
        ) : (
          monogram(name)
        ))}
    </span>
  );
}
