/**
 * The chips of the files chosen for the next message are the design system's (also the editor assistant's
 * dock's); the chat's names for them stay, for its own modules.
 */
export {
  FileChips as AttachmentChips,
  type FileChipsProps as AttachmentChipsProps,
  type PendingFile,
} from '@wanxiang/ui';

import { fileBadge as badge } from '@wanxiang/ui';
import { chatText } from '../messages';

/** The short label on a file's tile: its ending (PDF, DOCX, MD…), or its kind. */
export function fileBadge(name: string, type: string): string {
  return badge(name, chatText.fileKind(type));
}
