import type { ReactNode } from 'react';
import * as styles from './FileChips.css';

export interface FileTileProps {
  /** The file's name: text, or a control that opens or downloads it. */
  name: ReactNode;
  /** The name in full, shown on hover when it is cut short. */
  title?: string;
  /** The short label on the tile (PDF, DOCX…), when there is no thumbnail. */
  badge?: string;
  /** An image's thumbnail, as an address. */
  thumbnailUrl?: string;
  /** The lines under the name: kind and size, a note. */
  details: readonly ReactNode[];
  /** What follows the file on the tile (a remove button); the tile keeps its own inner margin without one. */
  end?: ReactNode;
  /** What draws over the tile (an upload's progress bar). */
  overlay?: ReactNode;
}

/**
 * One file as a tile: its thumbnail or ending, its name and details. The chips of files to send and the
 * files of a sent message are both made of it, so that a file looks the same before and after sending.
 * Renders a list item: put tiles in a `ul`.
 */
export function FileTile({ name, title, badge, thumbnailUrl, details, end, overlay }: FileTileProps) {
  return (
    <li className={styles.chip} data-end={end ? '' : undefined}>
      {thumbnailUrl ? (
        <img className={styles.thumb} src={thumbnailUrl} alt="" />
      ) : (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      )}
      <span className={styles.meta}>
        {typeof name === 'string' ? (
          <span className={styles.name} title={title ?? name}>
            {name}
          </span>
        ) : (
          name
        )}
        {details.map((line, index) => (
          // The lines are fixed in number and order for a tile: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index} className={styles.detail}>
            {line}
          </span>
        ))}
      </span>
      {end}
      {overlay}
    </li>
  );
}

/** The class of a list of tiles (a wrapping row). */
export const fileTileListClass = styles.list;

/** The class of a tile's name, for a name that is a control (a download button). */
export const fileTileNameClass = styles.name;
