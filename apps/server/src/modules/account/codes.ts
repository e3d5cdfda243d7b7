/**
 * Redeem codes (兑换码): 20 characters of Crockford's base32 (100 random bits), shown in groups of four
 * (XXXX-XXXX-XXXX-XXXX-XXXX). What the user types is read leniently: case, dashes and spaces do not
 * matter, and I, L and O read as 1, 1 and 0, as Crockford intends.
 *
 * A code is stored twice. Its SHA-256 finds it when redeemed: with 100 random bits nobody can guess a
 * code from its hash, so the lookup needs no key. Its text is sealed with AES-256-GCM under a key derived
 * from the server secret, because operators export a batch again as CSV (a hash alone could not give the
 * codes back); a copy of the database without the secret holds no usable code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Sealer } from '../../sealing';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 20;

/** A new code, grouped for reading. */
export function newRedeemCode(): string {
  // 5 bits per character: 20 characters take 100 bits; each byte's low 5 bits are uniform.
  const bytes = randomBytes(CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return groupCode(code);
}

export function groupCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** The code as stored (upper case, no separators, Crockford's look-alikes mapped), or null if it cannot be one. */
export function normalizeRedeemCode(raw: string): string | null {
  const code = raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (code.length !== CODE_LENGTH) return null;
  for (const char of code) if (!ALPHABET.includes(char)) return null;
  return code;
}

export function hashRedeemCode(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}

/** Seals codes for the CSV export (see above). */
export class CodeSealer extends Sealer {
  constructor(secret: Uint8Array) {
    super(secret, 'wanxiang redeem codes');
  }
}
