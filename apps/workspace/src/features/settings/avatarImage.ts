/** What the avatar picker accepts before cropping: the formats browsers decode everywhere, at most 5 MB. */
export const AVATAR_FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** The side of the uploaded square. */
export const AVATAR_SIDE = 256;

export type AvatarFileProblem = 'type' | 'size' | 'unreadable';

export class AvatarFileError extends Error {
  constructor(readonly problem: AvatarFileProblem) {
    super(problem);
    this.name = 'AvatarFileError';
  }
}

/** The picked file's problem before it is read, if any. */
export function checkAvatarFile(file: Blob): AvatarFileProblem | null {
  if (!(AVATAR_FILE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_FILE_MAX_BYTES) return 'size';
  return null;
}

/**
 * The picked image cut to its centred square and scaled to 256×256 on a canvas, as WebP (PNG where the
 * browser cannot write WebP; the server takes both and checks the bytes). A file the browser cannot decode
 * is an `unreadable` AvatarFileError.
 */
export async function squareAvatar(file: Blob, side = AVATAR_SIDE): Promise<Blob> {
  const problem = checkAvatarFile(file);
  if (problem) throw new AvatarFileError(problem);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new AvatarFileError('unreadable');
  }
  try {
    const square = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context || square === 0) throw new AvatarFileError('unreadable');
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      bitmap,
      (bitmap.width - square) / 2,
      (bitmap.height - square) / 2,
      square,
      square,
      0,
      0,
      side,
      side,
    );
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new AvatarFileError('unreadable'))),
        'image/webp',
        0.9,
      ),
    );
  } finally {
    bitmap.close();
  }
}
