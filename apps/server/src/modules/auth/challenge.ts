import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The proof of work asked of a sign-in from an unknown place once its account has had many failures (see
 * throttle.ts). A challenge is stateless: `salt.bits.expires.signature`, the signature an HMAC over the
 * account and the rest, so any instance sharing the secret can check it and nothing is stored until it is
 * used. The answer is a decimal counter such that SHA-256(`salt:answer`) starts with `bits` zero bits:
 * about 2^bits hashes to find (the client's packages/api-client/src/auth/loginChallenge.ts), one to check.
 * Spent salts are remembered until the challenge expires, by the throttle, in the database.
 */
export type ChallengeRefusal = 'forged' | 'expired' | 'wrong' | 'easier';

export type ChallengeCheck =
  | { ok: true; salt: string; bits: number; expiresAt: Date }
  | { ok: false; reason: ChallengeRefusal };

const ANSWER = /^\d{1,16}$/;

export class LoginChallenges {
  constructor(
    private readonly key: Uint8Array,
    /** Seconds a challenge may be answered. */
    private readonly ttl: number,
  ) {}

  private sign(account: string, body: string): string {
    return createHmac('sha256', this.key).update(`${account}\n${body}`).digest('base64url');
  }

  /** A new challenge of `bits` for `account`. */
  issue(account: string, bits: number, now = Date.now()): string {
    const body = `${randomBytes(16).toString('base64url')}.${bits}.${Math.floor(now / 1000) + this.ttl}`;
    return `${body}.${this.sign(account, body)}`;
  }

  /** Whether `answer` solves `token`, issued for `account` and still valid (its bits are the caller's to judge). */
  check(account: string, token: string, answer: string, now = Date.now()): ChallengeCheck {
    const parts = token.split('.');
    if (parts.length !== 4) return { ok: false, reason: 'forged' };
    const [salt = '', bitsText = '', expiresText = '', signature = ''] = parts;
    const expected = Buffer.from(this.sign(account, `${salt}.${bitsText}.${expiresText}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'forged' };
    const bits = Number(bitsText);
    const expires = Number(expiresText);
    if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
    if (!ANSWER.test(answer) || !leadingZeroBits(`${salt}:${answer}`, bits))
      return { ok: false, reason: 'wrong' };
    return { ok: true, salt, bits, expiresAt: new Date(expires * 1000) };
  }
}

function leadingZeroBits(text: string, bits: number): boolean {
  const digest = createHash('sha256').update(text).digest();
  let left = bits;
  for (const byte of digest) {
    if (left <= 0) return true;
    if (left >= 8) {
      if (byte !== 0) return false;
    } else return byte >> (8 - left) === 0;
    left -= 8;
  }
  return left <= 0;
}
