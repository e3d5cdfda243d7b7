import { CloseIcon, IconButton } from '@wanxiang/ui';
import { chatText } from '../messages';
import * as styles from './attachments.css';
import { formatSize } from './validate';

/** A file chosen for the next message, with its preview while it waits. */
export interface PendingFile {
  id: string;
  file: File;
  /** An object URL for an image's thumbnail. */
  previewUrl?: string;
}

export interface AttachmentChipsProps {
  files: readonly PendingFile[];
  /** 0–1 while the files are being sent with the message; null before. */
  progress: number | null;
  onRemove: (id: string) => void;
}

const EXTENSION = /\.([^.]{1,5})$/;

/** The short label on a file's tile: its ending (PDF, DOCX, MD…), or its kind. */
export function fileBadge(name: string, type: string): string {
  const ending = EXTENSION.exec(name)?.[1];
  return (ending ?? chatText.fileKind(type)).toUpperCase().slice(0, 4);
}

/**
 * The chips of the files chosen for the next message: an image's thumbnail or the file's ending, its name
 * and size, a remove button; while the message is sent, the upload's progress instead of the button.
 */
export function AttachmentChips({ files, progress, onRemove }: AttachmentChipsProps) {
  if (files.length === 0) return null;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <ul className={styles.list} aria-label={chatText.attachmentsLabel}>
      {files.map(({ id, file, previewUrl }) => (
        <li key={id} className={styles.chip} data-uploading={percent === null ? undefined : ''}>
          {previewUrl ? (
            <img className={styles.thumb} src={previewUrl} alt="" />
          ) : (
            <span className={styles.badge} aria-hidden="true">
              {fileBadge(file.name, file.type)}
            </span>
          )}
          <span className={styles.meta}>
            <span className={styles.name} title={file.name}>
              {file.name}
            </span>
            <span className={styles.detail}>
              {percent === null
                ? `${chatText.fileKind(file.type || 'text/plain')} · ${formatSize(file.size)}`
                : chatText.uploading(percent)}
            </span>
          </span>
          {percent === null ? (
            <IconButton aria-label={chatText.removeFile(file.name)} size="sm" onPress={() => onRemove(id)}>
              <CloseIcon />
            </IconButton>
          ) : (
            <span
              className={styles.progress}
              style={{ width: `${percent}%` }}
              role="progressbar"
              aria-label={chatText.uploadingLabel(file.name, percent)}
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
