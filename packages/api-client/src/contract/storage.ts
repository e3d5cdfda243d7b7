/**
 * The wire contract of a user's storage allowance: what the server keeps for the user (chat files, images a
 * model generated, cloud documents, exports not yet expired) counts against an allowance set by the plan,
 * or by the operator for one user. A write that would pass it is refused with 413 and
 * {@link STORAGE_FULL_CODE}, its `detail` naming what is used and what is left.
 */
import { z } from 'zod';

export const storagePaths = {
  usage: '/storage/',
} as const;

/** The code of the 413 answer to a write the allowance has no room for. */
export const STORAGE_FULL_CODE = 'storage_full';

/** The allowance of the default plan when the operator sets none: 1 GiB. */
export const DEFAULT_STORAGE_QUOTA_BYTES = 1024 ** 3;

export const storageUsage = z.object({
  /** Bytes kept for the user now. */
  used_bytes: z.number().int().nonnegative(),
  /** Bytes the user may keep. */
  quota_bytes: z.number().int().nonnegative(),
});
export type StorageUsage = z.infer<typeof storageUsage>;

const UNITS = [
  ['GB', 1024 ** 3],
  ['MB', 1024 ** 2],
  ['KB', 1024],
] as const;

/** A size as the user reads it, in binary units: `1 GB` when whole, else one decimal (`1.5 GB`). */
export function formatStorageBytes(bytes: number): string {
  for (const [unit, size] of UNITS) {
    if (bytes >= size) {
      const value = bytes / size;
      return Number.isInteger(value) ? `${value} ${unit}` : `${value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} 字节`;
}
