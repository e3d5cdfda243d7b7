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
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

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

export class CodeSealer {
  private readonly key: Buffer;
  constructor(secret: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'wanxiang redeem codes', 32));
  }

  seal(normalized: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(normalized, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The code, or null when it was sealed under another secret. */
  open(sealed: string): string | null {
    try {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
