/**
 * The check before any upload: each file at most 30 MB and of an accepted type or name ending; the
 * refusals are named file by file and joined with '；'. The accepted files go on; the server checks them
 * again, by content.
 */
import { attachmentProblem, MAX_ATTACHMENTS } from '@wanxiang/api-client';
import { chatText } from '../messages';

export interface Checked {
  accepted: File[];
  /** The refusals joined with '；', or null when every file was accepted. */
  message: string | null;
}

export function checkFiles(files: readonly File[], alreadyChosen: number): Checked {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const problem = attachmentProblem(file);
    if (problem === 'too_large') problems.push(chatText.attachTooLarge(file.name));
    else if (problem === 'unsupported') problems.push(chatText.attachUnsupported(file.name));
    else if (problem === 'empty') problems.push(chatText.attachEmpty(file.name));
    else if (alreadyChosen + accepted.length >= MAX_ATTACHMENTS) {
      if (!problems.includes(chatText.attachTooMany(MAX_ATTACHMENTS)))
        problems.push(chatText.attachTooMany(MAX_ATTACHMENTS));
    } else accepted.push(file);
  }
  return { accepted, message: problems.length > 0 ? problems.join('；') : null };
}

/** A size as people read it: 512 B, 12 KB, 1.5 MB. */
export { formatFileSize as formatSize } from '@wanxiang/ui';
