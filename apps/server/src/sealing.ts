/**
 * Secrets the server must read back, kept in the database sealed with AES-256-GCM under a key derived from
 * the server secret (JWT_SECRET) for one purpose: a copy of the database without the secret holds nothing
 * usable, and a value sealed for one purpose does not open under another.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export class Sealer {
  private readonly key: Buffer;

  /** `purpose` names what is sealed; each purpose has its own key. */
  constructor(secret: Uint8Array, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The text, or null when it was sealed under another secret or for another purpose. */
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
