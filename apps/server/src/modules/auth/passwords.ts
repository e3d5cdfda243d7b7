import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import type { Config } from '../../config';

// `Algorithm` is a const enum, which isolatedModules cannot inline; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
/** Version 0x13, the current one (also a const enum). */
const VERSION_0x13 = 1;

/**
 * Argon2id on the libuv thread pool (never the event loop). Passwords are NFKC-normalised first, as NIST
 * SP 800-63B advises, so the same password typed with another input method still matches.
 */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly params: Config['passwordHash']) {}

  private options() {
    return {
      algorithm: ARGON2ID,
      memoryCost: this.params.memoryCost,
      timeCost: this.params.timeCost,
      parallelism: this.params.parallelism,
    };
  }

  hash(password: string): Promise<string> {
    return hash(password.normalize('NFKC'), this.options());
  }

  /** Whether the password matches, and whether the stored hash was made with other parameters. */
  async verify(stored: string, password: string): Promise<{ ok: boolean; needsRehash: boolean }> {
    let ok = false;
    try {
      ok = await verify(stored, password.normalize('NFKC'));
    } catch {
      ok = false;
    }
    return { ok, needsRehash: ok && this.needsRehash(stored) };
  }

  needsRehash(stored: string): boolean {
    try {
      const current = parseOptions(stored);
      return (
        current.algorithm !== ARGON2ID ||
        current.version !== VERSION_0x13 ||
        current.memoryCost !== this.params.memoryCost ||
        current.timeCost !== this.params.timeCost ||
        current.parallelism !== this.params.parallelism
      );
    } catch {
      return true;
    }
  }

  /**
   * Spends the time of one verification when there is no user to verify against, so an unknown email
   * answers as slowly as a wrong password (OWASP: no account enumeration through timing).
   */
  async verifyDummy(password: string): Promise<void> {
    this.dummy ??= this.hash(randomBytes(24).toString('base64url'));
    await this.verify(await this.dummy, password);
  }
}
