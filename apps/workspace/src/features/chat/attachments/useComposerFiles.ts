import { useCallback, useEffect, useRef, useState } from 'react';
import type { PendingFile } from './AttachmentChips';
import { checkFiles } from './validate';

let pendingIds = 0;

function pending(file: File): PendingFile {
  pendingIds += 1;
  return {
    id: `file-${pendingIds}`,
    file,
    ...(file.type.startsWith('image/') ? { previewUrl: URL.createObjectURL(file) } : {}),
  };
}

/**
 * The composer's files: chosen (checked by `checkFiles`, refusals said in its words), removed, sent
 * with the message (their chips show the upload's progress and go when it is done), and given back when
 * the server refused the message, so that nothing the user chose is lost.
 */
export function useComposerFiles(returned: readonly File[] | undefined, returnedSeq: number | undefined) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const live = useRef(files);
  live.current = files;
  const uploading = useRef(false);
  uploading.current = progress !== null;

  useEffect(() => {
    if (!returned || returned.length === 0 || returnedSeq === undefined) return;
    setProgress(null);
    setFiles((current) => (current.length > 0 ? current : returned.map(pending)));
  }, [returned, returnedSeq]);

  // Thumbnails' object URLs go with the composer.
  useEffect(
    () => () => {
      for (const file of live.current) if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
    },
    [],
  );

  const add = (chosen: File[]) => {
    const { accepted, message } = checkFiles(chosen, live.current.length);
    setError(message);
    if (accepted.length > 0) setFiles((current) => [...current, ...accepted.map(pending)]);
  };

  const remove = (id: string) => {
    setError(null);
    setFiles((current) => {
      const gone = current.find((file) => file.id === id);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((file) => file.id !== id);
    });
  };

  /** Sends through `send` (which answers whether the message went); the chips then show the upload. */
  const sendWith = (send: (files: File[], onProgress: (sent: number, total: number) => void) => boolean) => {
    const chosen = live.current.map((file) => file.file);
    const went = send(chosen, (sent, total) => {
      const share = total > 0 ? sent / total : 0;
      if (share >= 1) {
        setProgress(null);
        setFiles([]);
      } else setProgress(share);
    });
    if (!went) return false;
    setError(null);
    if (chosen.length > 0) setProgress(0);
    return true;
  };

  /** The turn ended before the upload said it was done (refused, stopped): the chips leave the input. */
  const settle = useCallback(() => {
    if (!uploading.current) return;
    setProgress(null);
    setFiles([]);
  }, []);

  return { files, error, progress, add, remove, sendWith, settle };
}
