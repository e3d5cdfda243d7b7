import { Dialog, FileTile, fileTileListClass, fileTileNameClass, Inline } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { chatText } from '../messages';
import type { ChatFile } from '../state/types';
import { fileBadge } from './AttachmentChips';
import * as styles from './attachments.css';
import { formatSize } from './validate';

/** Where a message's images sit and how large: the user's at the end as thumbnails, an answer's at the start larger. */
export const MESSAGE_FILES_PLACEMENTS = ['question', 'answer'] as const;
export type MessageFilesPlacement = (typeof MESSAGE_FILES_PLACEMENTS)[number];

export interface MessageFilesProps {
  files: readonly ChatFile[];
  /** A stored file's bytes as an object URL (fetched with the user's token). */
  loadUrl: (url: string) => Promise<string>;
  /** @default 'question' */
  placement?: MessageFilesPlacement;
}

/** The address to show a file from: this tab's copy, or the stored one fetched once. */
function useFileSource(file: ChatFile, loadUrl: MessageFilesProps['loadUrl'], wanted: boolean) {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({
    src: file.localUrl ?? null,
    failed: false,
  });
  useEffect(() => {
    if (!wanted || file.localUrl || !file.url) return;
    let live = true;
    loadUrl(file.url).then(
      (src) => live && setState({ src, failed: false }),
      () => live && setState({ src: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [file.localUrl, file.url, loadUrl, wanted]);
  return state;
}

function ImageFile({
  file,
  loadUrl,
  placement,
}: {
  file: ChatFile;
  loadUrl: MessageFilesProps['loadUrl'];
  placement: MessageFilesPlacement;
}) {
  const { src, failed } = useFileSource(file, loadUrl, true);
  const imageClass = placement === 'answer' ? styles.answerImage : styles.messageImage;
  const [open, setOpen] = useState(false);
  if (failed) return <StoredFileTile file={file} loadUrl={loadUrl} note={chatText.imageLoadFailed} />;
  return (
    <>
      <button
        type="button"
        className={styles.imageButton}
        aria-label={chatText.openImage(file.name)}
        onClick={() => setOpen(true)}
      >
        {src ? (
          <img className={imageClass} src={src} alt={file.name} />
        ) : (
          <span className={styles.messageImage} />
        )}
      </button>
      <Dialog title={file.name} size="lg" isOpen={open} onOpenChange={setOpen} isDismissable>
        {src ? <img className={styles.fullImage} src={src} alt={file.name} /> : null}
      </Dialog>
    </>
  );
}

function StoredFileTile({
  file,
  loadUrl,
  note,
}: {
  file: ChatFile;
  loadUrl: MessageFilesProps['loadUrl'];
  note?: string;
}) {
  const download = async () => {
    if (!file.url) return;
    const href = await loadUrl(file.url);
    const link = document.createElement('a');
    link.href = href;
    link.download = file.name;
    link.click();
  };
  const details = [chatText.fileKind(file.type), ...(file.size === undefined ? [] : [formatSize(file.size)])];
  const shownNote = note ?? (file.truncated ? chatText.fileTruncated : undefined);
  return (
    <FileTile
      badge={fileBadge(file.name, file.type)}
      title={file.name}
      name={
        file.url ? (
          <button
            type="button"
            className={`${styles.fileLink} ${fileTileNameClass}`}
            title={chatText.downloadFile(file.name)}
            onClick={() => void download()}
          >
            {file.name}
          </button>
        ) : (
          file.name
        )
      }
      details={shownNote ? [details.join(' · '), shownNote] : [details.join(' · ')]}
    />
  );
}

/**
 * The files of a message: images that open larger (a question's as thumbnails, an answer's generated ones
 * as previews), other files as tiles with their kind and size (a stored file downloads from its name).
 */
export function MessageFiles({ files, loadUrl, placement = 'question' }: MessageFilesProps) {
  if (files.length === 0) return null;
  const images = files.filter((file) => file.type.startsWith('image/') && (file.url || file.localUrl));
  const others = files.filter((file) => !images.includes(file));
  return (
    <div>
      {images.length > 0 ? (
        <Inline
          gap="xs"
          justify={placement === 'answer' ? 'start' : 'end'}
          align={placement === 'answer' ? 'start' : 'center'}
        >
          {images.map((file, index) => (
            <ImageFile
              key={file.url ?? `${file.name}-${index}`}
              file={file}
              loadUrl={loadUrl}
              placement={placement}
            />
          ))}
        </Inline>
      ) : null}
      {others.length > 0 ? (
        <ul className={`${fileTileListClass} ${styles.messageFiles}`}>
          {others.map((file, index) => (
            <StoredFileTile key={file.url ?? `${file.name}-${index}`} file={file} loadUrl={loadUrl} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
