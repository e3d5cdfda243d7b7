/**
 * Where the chat's files live: one interface, two stores. The data directory by default (one machine);
 * S3-compatible object storage when configured, so that several instances behind one PostgreSQL serve the
 * same files (see s3.ts). Uploads arrive as files in a local staging directory (streamed there by the
 * multipart parser), so `put` takes a path and never a buffer: a 30 MB upload is never held in memory.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkKey } from './keys';
import { S3FileStore, type S3Settings } from './s3';

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Stores the local file at `source` under `key` (the source may be moved away). */
  put(key: string, source: string, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when there is nothing under `key`. */
  open(key: string): Promise<Readable | undefined>;
  /** Removes what is stored under each key; keys with nothing stored are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * The keys under `prefix` last written before `before`, with their sizes, for the sweep of files no row
   * names (a crash between storing a turn's files and writing its rows). Absent on a store that cannot
   * list cheaply.
   */
  keysWrittenBefore?(prefix: string, before: Date): Promise<{ key: string; size: number }[]>;
}

export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, source: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      // Staging lives inside the data directory, so this is a rename on the same file system.
      await rename(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(source, target);
    }
  }

  async open(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      await stat(file);
    } catch {
      return undefined;
    }
    return createReadStream(file);
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  async keysWrittenBefore(prefix: string, before: Date): Promise<{ key: string; size: number }[]> {
    const keys: { key: string; size: number }[] = [];
    const walk = async (dir: string, key: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(at, `${key}/${entry.name}`);
        else if (entry.isFile()) {
          const info = await stat(at).catch(() => undefined);
          if (info && info.mtime < before) keys.push({ key: `${key}/${entry.name}`, size: info.size });
        }
      }
    };
    await walk(path.join(this.root, prefix), prefix);
    return keys;
  }
}

/**
 * A staging folder nothing was written into for this long belongs to no live request: an upload that
 * stalls is cut long before (the request timeout), and a finished request removes its own folder.
 */
export const STAGING_IDLE_MS = 5 * 60_000;

/** Removes the staging folders of requests that died (a crash, a kill) with their folders still there. */
export async function sweepStaging(root: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(root).catch(() => [])) {
    const at = path.join(root, entry);
    const inside = await readdir(at).catch(() => []);
    const times = await Promise.all(
      [at, ...inside.map((name) => path.join(at, name))].map((file) =>
        stat(file).then(
          (info) => info.mtimeMs,
          () => 0,
        ),
      ),
    );
    if (Math.max(...times) < now - STAGING_IDLE_MS) {
      await rm(at, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * The directory uploads stream into before they are checked; each request gets its own folder, removed
 * when the request ends. Leftovers of a crash are swept at start and every few minutes (sweepStaging).
 */
export async function stagingRoot(dataDir: string): Promise<string> {
  const root = path.join(dataDir, 'files', '.incoming');
  await mkdir(root, { recursive: true, mode: 0o700 });
  return root;
}

/** The store the configuration names: S3 when a bucket is set, else `<DATA_DIR>/files`. */
export async function createFileStore(config: {
  dataDir: string;
  files: { s3: S3Settings | undefined };
}): Promise<FileStore> {
  if (config.files.s3) return new S3FileStore(config.files.s3);
  const root = path.join(config.dataDir, 'files');
  await mkdir(root, { recursive: true, mode: 0o700 });
  return new DiskFileStore(root);
}
