import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import type { FileStore } from '../files/store';

const a = messages.avatar;

/** What an upload may weigh: the browser sends a 256×256 WebP of a few dozen KB; a raw photo is refused. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** The largest side accepted (the browser scales to 256; a little room for other clients). */
export const AVATAR_MAX_SIDE = 1024;
export const AVATAR_MIN_SIDE = 16;

const TYPES = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' } as const;
type AvatarType = keyof typeof TYPES;

/** The avatar's address, under /api: unguessable and new at each upload, so it may be cached for good. */
export const avatarPath = (key: string) => `/api/avatars/${key.split('/').slice(1).join('/')}`;

/**
 * Whether the whole image is there: the container's own length (WebP's RIFF size) or end marker (PNG's
 * IEND chunk, JPEG's EOI) — image-size reads only the header, which a truncated file still has.
 */
function isComplete(bytes: Buffer, type: AvatarType): boolean {
  if (type === 'webp') return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;
  if (type === 'png') return bytes.subarray(-8).toString('latin1', 0, 4) === 'IEND';
  return bytes.length >= 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
}

/**
 * Reads what the bytes are, never what the client says: a PNG, JPEG or WebP whose header image-size reads,
 * complete, square-ish within bounds. Anything else is a 400 naming the problem.
 */
export function checkAvatar(bytes: Buffer): { type: AvatarType; width: number; height: number } {
  if (bytes.length === 0) throw new HttpError(400, { detail: a.empty, code: 'avatar_invalid' });
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw new HttpError(413, { detail: a.tooLarge(AVATAR_MAX_BYTES / 1024), code: 'avatar_too_large' });
  }
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  } catch {
    throw new HttpError(400, { detail: a.notImage, code: 'avatar_invalid' });
  }
  const type = size.type as AvatarType | undefined;
  if (!type || !(type in TYPES)) throw new HttpError(400, { detail: a.notImage, code: 'avatar_invalid' });
  const { width, height } = size;
  if (
    width < AVATAR_MIN_SIDE ||
    height < AVATAR_MIN_SIDE ||
    width > AVATAR_MAX_SIDE ||
    height > AVATAR_MAX_SIDE
  ) {
    throw new HttpError(400, {
      detail: a.badDimensions(width, height, AVATAR_MIN_SIDE, AVATAR_MAX_SIDE),
      code: 'avatar_invalid',
    });
  }
  if (!isComplete(bytes, type)) throw new HttpError(400, { detail: a.truncated, code: 'avatar_invalid' });
  return { type, width, height };
}

/**
 * 头像: one image per user in the file store (`avatar/<user>/<uuid>`), named by `users.avatar_key`. A new
 * upload replaces the old one (the old file is removed after the row names the new one), and so does
 * removing it. The image is served by its key alone, public and cached for good: a new upload is a new
 * address.
 */
export class Avatars {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly stagingDir: string,
  ) {}

  async set(userId: string, bytes: Buffer): Promise<string> {
    const { type } = checkAvatar(bytes);
    const key = `avatar/${userId}/${randomUUID()}`;
    const staged = path.join(this.stagingDir, `avatar-${randomUUID()}`);
    await writeFile(staged, bytes, { mode: 0o600 });
    await this.store.put(key, staged, TYPES[type]);
    const [before] = await this.db
      .select({ key: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    await this.db.update(users).set({ avatarKey: key, updatedAt: new Date() }).where(eq(users.id, userId));
    if (before?.key) await this.store.delete([before.key]);
    return avatarPath(key);
  }

  async remove(userId: string): Promise<void> {
    const [before] = await this.db
      .select({ key: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!before?.key) return;
    await this.db.update(users).set({ avatarKey: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await this.store.delete([before.key]);
  }

  /** The stored image a user's row names, with its type read again from the bytes' first part. */
  async open(userId: string, id: string): Promise<{ stream: Readable } | undefined> {
    const key = `avatar/${userId}/${id}`;
    const [row] = await this.db
      .select({ key: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (row?.key !== key) return undefined;
    const stream = await this.store.open(key);
    return stream ? { stream } : undefined;
  }
}

/** The image type of stored avatar bytes (they were checked on the way in). */
export function avatarType(head: Buffer): string {
  if (head.subarray(0, 4).toString('latin1') === 'RIFF') return TYPES.webp;
  if (head[0] === 0x89 && head[1] === 0x50) return TYPES.png;
  return TYPES.jpg;
}
