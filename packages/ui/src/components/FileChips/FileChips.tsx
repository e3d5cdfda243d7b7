import { fill } from '../../i18n/fill';
import { useUiMessages } from '../../i18n/UiProvider';
import type { UiMessages } from '../../i18n/zh-CN';
import { CloseIcon } from '../../icons';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './FileChips.css';
import { FileTile } from './FileTile';

/** A file chosen for the next message, with its preview while it waits. */
export interface PendingFile {
  id: string;
  file: File;
  /** An object URL for an image's thumbnail. */
  previewUrl?: string;
}

export interface FileChipsProps {
  files: readonly PendingFile[];
  /** 0–1 while the files are being sent; null (or absent) before. */
  progress?: number | null;
  onRemove: (id: string) => void;
  /** Removing is not offered (the files' message is on its way, or the form is busy). */
  isDisabled?: boolean;
  /** The list's name; by default the catalogue's (待发送的附件). */
  'aria-label'?: string;
}

const EXTENSION = /\.([^.]{1,5})$/;

/** A size as people read it: 512 B, 12 KB, 1.5 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / 1024 ** 2;
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
}

/** A file's kind in words, by its MIME type (图片, PDF, Word, Markdown…). */
export function fileKindLabel(type: string, messages: UiMessages['fileChips']): string {
  if (type.startsWith('image/')) return messages.kindImage;
  if (type === 'application/pdf') return messages.kindPdf;
  if (type.includes('wordprocessingml') || type === 'application/msword') return messages.kindWord;
  if (type === 'text/markdown' || type === 'text/x-markdown') return messages.kindMarkdown;
  if (type === 'application/json') return messages.kindJson;
  if (type === 'text/csv') return messages.kindCsv;
  return messages.kindText;
}

/** The short label on a file's tile: its ending (PDF, DOCX, MD…), or its kind. */
export function fileBadge(name: string, kind: string): string {
  const ending = EXTENSION.exec(name)?.[1];
  return (ending ?? kind).toUpperCase().slice(0, 4);
}

/**
 * The chips of the files chosen for the next message (the chat's input, the editor assistant's dock): an
 * image's thumbnail or the file's ending, its name, kind and size, a remove button; while the message is
 * sent, the upload's progress instead of the button.
 */
export function FileChips({
  files,
  progress = null,
  onRemove,
  isDisabled = false,
  'aria-label': label,
}: FileChipsProps) {
  const t = useUiMessages().fileChips;
  if (files.length === 0) return null;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <ul className={styles.list} aria-label={label ?? t.label}>
      {files.map(({ id, file, previewUrl }) => {
        const kind = fileKindLabel(file.type || 'text/plain', t);
        return (
          <FileTile
            key={id}
            name={file.name}
            thumbnailUrl={previewUrl}
            badge={fileBadge(file.name, kind)}
            details={[
              percent === null ? `${kind} · ${formatFileSize(file.size)}` : fill(t.uploading, { percent }),
            ]}
            end={
              percent === null ? (
                <IconButton
                  aria-label={fill(t.remove, { name: file.name })}
                  size="sm"
                  isDisabled={isDisabled}
                  onPress={() => onRemove(id)}
                >
                  <CloseIcon />
                </IconButton>
              ) : undefined
            }
            overlay={
              percent === null ? undefined : (
                <span
                  className={styles.progress}
                  style={{ width: `${percent}%` }}
                  role="progressbar"
                  aria-label={fill(t.uploadingLabel, { name: file.name, percent })}
                  aria-valuenow={percent}
                  aria-valuemin={0}
                  aria-valuemax={100}
                />
              )
            }
          />
        );
      })}
    </ul>
  );
}
