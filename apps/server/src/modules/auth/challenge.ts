import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The proof of work asked of a sign-in from an unknown place once its account has had many failures (see
 * throttle.ts). A challenge is stateless: `salt.bits.parts.expires.signature`, the signature an HMAC over
 * the account and the rest, so any instance sharing the secret can check it and nothing is stored until it
 * is used. The answer is `parts` increasing decimal counters, comma-separated, each such that
 * SHA-256(`salt:counter`) starts with `bits` zero bits: about parts × 2^bits hashes to find (the client's
 * packages/api-client/src/auth/loginChallenge.ts), `parts` to check. Its work is given as a whole, in bits
 * (log2 of the hashes): it is split into PARTS finds, whose total time varies far less than one find's.
 * Spent salts are remembered until the challenge expires, by the throttle, in the database.
 */
export type ChallengeRefusal = 'forged' | 'expired' | 'wrong' | 'easier';

export type ChallengeCheck =
  | { ok: true; salt: string /** log2 of the hashes it took, on average. */; work: number; expiresAt: Date }
  | { ok: false; reason: ChallengeRefusal };

/** Finds per challenge: 8 keeps the time within about half its average either way, most of the time. */
export const PARTS = 8;
const PART_BITS = Math.log2(PARTS);
const COUNTER = /^\d{1,16}$/;

export class LoginChallenges {
  constructor(
    private readonly key: Uint8Array,
    /** Seconds a challenge may be answered. */
    private readonly ttl: number,
  ) {}

  private sign(account: string, body: string): string {
    return createHmac('sha256', this.key).update(`${account}\n${body}`).digest('base64url');
  }

  /** A new challenge for `account` of about 2^`work` hashes (`work` at least log2 of PARTS). */
  issue(account: string, work: number, now = Date.now()): string {
    const bits = Math.max(0, work - PART_BITS);
    const body = `${randomBytes(16).toString('base64url')}.${bits}.${PARTS}.${Math.floor(now / 1000) + this.ttl}`;
    return `${body}.${this.sign(account, body)}`;
  }

  /** Whether `answer` solves `token`, issued for `account` and still valid (its work is the caller's to judge). */
  check(account: string, token: string, answer: string, now = Date.now()): ChallengeCheck {
    const fields = token.split('.');
    if (fields.length !== 5) return { ok: false, reason: 'forged' };
    const [salt = '', bitsText = '', partsText = '', expiresText = '', signature = ''] = fields;
    const expected = Buffer.from(this.sign(account, `${salt}.${bitsText}.${partsText}.${expiresText}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'forged' };
    const bits = Number(bitsText);
    const parts = Number(partsText);
    const expires = Number(expiresText);
    if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
    const counters = answer.split(',');
    const solved =
      counters.length === parts &&
      counters.every(
        (counter, i) =>
          COUNTER.test(counter) &&
          (i === 0 || Number(counter) > Number(counters[i - 1])) &&
          leadingZeroBits(`${salt}:${counter}`, bits),
      );
    if (!solved) return { ok: false, reason: 'wrong' };
    return { ok: true, salt, work: bits + Math.log2(parts), expiresAt: new Date(expires * 1000) };
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
