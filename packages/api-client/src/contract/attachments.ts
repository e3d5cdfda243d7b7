/**
 * Chat attachments: the limits and the accepted types, shared by the client (which checks a
 * file before it is sent) and the server (which checks it again, by content as well as by name). Each side
 * words the refusal from its own catalogue; `attachmentProblem` says which refusal applies.
 */
import { z } from 'zod';

/** 30 MB each. */
export const MAX_ATTACHMENT_BYTES = 30 * 1024 * 1024;
/** Files one message may carry; ten covers a page of screenshots. */
export const MAX_ATTACHMENTS = 10;

/** The accepted kinds, each with its canonical MIME type and the name endings that imply it. */
export const ATTACHMENT_KINDS = {
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], image: true },
  png: { mime: 'image/png', extensions: ['png'], image: true },
  gif: { mime: 'image/gif', extensions: ['gif'], image: true },
  webp: { mime: 'image/webp', extensions: ['webp'], image: true },
  text: { mime: 'text/plain', extensions: ['txt'], image: false },
  markdown: { mime: 'text/markdown', extensions: ['md', 'markdown'], image: false },
  json: { mime: 'application/json', extensions: ['json'], image: false },
  csv: { mime: 'text/csv', extensions: ['csv'], image: false },
  pdf: { mime: 'application/pdf', extensions: ['pdf'], image: false },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    image: false,
  },
  doc: { mime: 'application/msword', extensions: ['doc'], image: false },
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_KINDS;

/** The MIME types accepted as they are declared. */
export const ACCEPTED_ATTACHMENT_TYPES: readonly string[] = [
  ...Object.values(ATTACHMENT_KINDS).map((kind) => kind.mime),
  'text/x-markdown',
];
/** A file is also accepted by these name endings, whatever its declared type. */
export const ACCEPTED_ATTACHMENT_EXTENSIONS = ['txt', 'md', 'json', 'csv', 'pdf', 'doc', 'docx'] as const;
/** For an `<input type=file accept>`: the types and every ending (images' too, for pickers that go by name). */
export const ATTACHMENT_ACCEPT = [
  ...ACCEPTED_ATTACHMENT_TYPES,
  ...Object.values(ATTACHMENT_KINDS).flatMap((kind) => kind.extensions.map((ext) => `.${ext}`)),
].join(',');

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind a file claims by its declared type, else by its name; undefined when it claims none accepted. */
export function claimedKind(file: { name: string; type: string }): AttachmentKind | undefined {
  const type = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  const kinds = Object.entries(ATTACHMENT_KINDS) as [
    AttachmentKind,
    (typeof ATTACHMENT_KINDS)[AttachmentKind],
  ][];
  if (type === 'text/x-markdown') return 'markdown';
  const byType = kinds.find(([, kind]) => kind.mime === type);
  if (byType) return byType[0];
  const ext = extensionOf(file.name);
  if (!(ACCEPTED_ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return undefined;
  return kinds.find(([, kind]) => (kind.extensions as readonly string[]).includes(ext))?.[0];
}

export type AttachmentProblem = 'too_large' | 'unsupported' | 'empty';

/** Why a file cannot be attached, by its size and its declared type and name; null when it can. */
export function attachmentProblem(file: {
  name: string;
  type: string;
  size: number;
}): AttachmentProblem | null {
  if (file.size > MAX_ATTACHMENT_BYTES) return 'too_large';
  if (!claimedKind(file)) return 'unsupported';
  if (file.size === 0) return 'empty';
  return null;
}

export const isImageType = (type: string) => type.startsWith('image/');

/** Where an attachment's bytes are fetched (the owner only; others get 404). */
export const ATTACHMENTS_PATH = '/chat/files/';
export const attachmentPath = (id: string) => `${ATTACHMENTS_PATH}${encodeURIComponent(id)}/`;

/** An attachment as a message carries it. */
export const attachment = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
  /** The file's address under the API base (see `attachmentPath`). */
  url: z.string(),
  /** True when its text was cut to fit the model's context. */
  truncated: z.boolean().default(false),
});
export type Attachment = z.infer<typeof attachment>;
