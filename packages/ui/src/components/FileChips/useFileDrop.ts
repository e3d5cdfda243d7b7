import { type ClipboardEvent, type DragEvent, useState } from 'react';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Files pasted into a question box or dropped on its area, as one list, for `onFiles`; `null` while the
 * box takes no files (nothing is then prevented: a paste of text stays a paste). `dragging` says when files
 * are held over the area, to show where they would go. Spread `dropProps` on the area and give `onPaste`
 * to the text box.
 */
export function useFileDrop(onFiles: ((files: File[]) => void) | null) {
  const [dragging, setDragging] = useState(false);
  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0 || !onFiles) return;
    event.preventDefault();
    onFiles(pasted);
  };
  const dropProps = {
    'data-dragging': dragging ? '' : undefined,
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!onFiles || !carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      // Leaving for one of the area's own children is not leaving.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      setDragging(false);
      if (!onFiles || !carriesFiles(event)) return;
      event.preventDefault();
      onFiles(Array.from(event.dataTransfer.files));
    },
  };
  return { dragging, dropProps, onPaste };
}
