/** What the tests of uploads share: files to send, the form they go in, where the server keeps them. */
import { createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface Upload {
  name: string;
  type: string;
  body: Blob;
}

export const file = (name: string, type: string, content: string | Uint8Array): Upload => ({
  name,
  type,
  body: new Blob([typeof content === 'string' ? content : new Uint8Array(content)]),
});

/** The multipart body of a question with files: its JSON as `data` (none: left out), the files as `files`. */
export function uploadForm(data: Record<string, unknown> | null, files: readonly Upload[]): FormData {
  const form = new FormData();
  if (data) form.append('data', JSON.stringify(data));
  for (const upload of files)
    form.append('files', new File([upload.body], upload.name, { type: upload.type }));
  return form;
}

/** The names of the chat files kept in a data directory, every user's. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'files', 'chat');
  const users = await readdir(root).catch(() => []);
  const all: string[] = [];
  for (const user of users) all.push(...(await readdir(path.join(root, user))));
  return all;
}

/** Writes a price table of exactly `bytes` bytes to `file`, 64 KiB at a time (none of it is held whole). */
export async function writeLargeCsv(file: string, bytes: number): Promise<void> {
  const row = 'date,code,price,volume\n2024-01-02,600519,1700.5,12345\n';
  const chunk = row.repeat(Math.floor(65536 / row.length));
  await pipeline(
    Readable.from(
      (function* () {
        let written = 0;
        while (written + chunk.length <= bytes) {
          written += chunk.length;
          yield chunk;
        }
        yield 'x'.repeat(bytes - written);
      })(),
    ),
    createWriteStream(file),
  );
}
