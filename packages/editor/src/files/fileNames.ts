import { ConvertError } from '../convert/errors';
import { t } from '../i18n/zh-CN';

/** The file formats the editor opens, by extension. */
export const importableExtensions = ['md', 'markdown', 'txt', 'docx', 'lexdoc'] as const;
export type ImportKind = 'markdown' | 'text' | 'docx' | 'lexdoc';

export class UnsupportedFileError extends ConvertError {
  constructor(readonly fileName: string) {
    super('UNSUPPORTED_FILE', t.convert.unsupported(fileName));
    this.name = 'UnsupportedFileError';
  }
}

/** Which importer reads a file, decided by its extension alone (case-insensitive). */
export function importKindOf(fileName: string): ImportKind {
  const ext = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
  switch (ext) {
    case 'md':
    case 'markdown':
      return 'markdown';
    case 'txt':
      return 'text';
    case 'docx':
      return 'docx';
    case 'lexdoc':
      return 'lexdoc';
    default:
      throw new UnsupportedFileError(fileName);
  }
}

/** Export file names replace each of \ / : * ? " < > | with an underscore. */
export function exportFileName(title: string, extension: string): string {
  const base = title.replace(/[\\/:*?"<>|]/g, '_').trim() || '未命名文档';
  return `${base}.${extension}`;
}
