import { createHash, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: string;
  sessionId: string;
  jti: string;
  /** Seconds since the epoch, as in the JWT. */
  issuedAt: number;
  expiresAt: number;
}

export interface SignedToken {
  token: string;
  jti: string;
  /** The token's `iat`, to the second. */
  issuedAt: Date;
  expiresAt: Date;
}

const ISSUER = 'wanxiang';
const ALGORITHM = 'HS256';
/** Verified access tokens remembered (a few hundred bytes each). */
const VERIFIED_ACCESS_MAX = 10_000;

/** Refresh tokens are stored only as this digest; a database leak then yields nothing usable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * HS256 JWTs in simplejwt's shape (`token_type`, `jti`, `sub`), plus `sid`: the session (refresh family)
 * the token belongs to, so revoking a session also refuses its access tokens.
 */
export class TokenService {
  /**
   * Access tokens already verified, by their text: a token's claims are a function of its text and the
   * secret, and a tab presents the same token with every request for minutes. This saves checking its
   * signature again (WebCrypto's HMAC, about half a millisecond of the server's thread per signed-in
   * request); a burst of 200 simultaneous turns did not get measurably faster from it. Expiry is checked
   * at every use; revocation is the session check's, in the database, as before. Bounded: the oldest goes
   * first.
   */
  private readonly verifiedAccess = new Map<string, TokenClaims>();
  /**
   * Access tokens being verified now. A burst of requests from one tab arrives with one token before its
   * first verification ends; they all wait for that one instead of each checking the signature.
   */
  private readonly verifyingAccess = new Map<string, Promise<TokenClaims | null>>();
  /**
   * The secret as a WebCrypto key, imported once: given the raw bytes, jose imports them again for every
   * signature it makes or checks (a quarter of a verification's cost).
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: Uint8Array,
    private readonly accessTtl: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    // Awaited at each use; a failure there is that request's error, not an unhandled one meanwhile.
    this.key.catch(() => undefined);
  }

  signAccess(userId: string, sessionId: string): Promise<SignedToken> {
    return this.sign('access', userId, sessionId, randomUUID(), this.accessTtl);
  }

  /**
   * A refresh token. With `times` (its issue and expiry, in whole seconds as a token carries them), the
   * same user, session and id give the very token signed before: HS256 is deterministic.
   */
  signRefresh(
    userId: string,
    sessionId: string,
    jti: string,
    ttlSeconds: number,
    times?: { issuedAt: Date; expiresAt: Date },
  ): Promise<SignedToken> {
    return this.sign('refresh', userId, sessionId, jti, ttlSeconds, times);
  }

  private async sign(
    type: TokenType,
    userId: string,
    sessionId: string,
    jti: string,
    ttl: number,
    times?: { issuedAt: Date; expiresAt: Date },
  ): Promise<SignedToken> {
    const now = Math.floor((times?.issuedAt.getTime() ?? Date.now()) / 1000);
    const exp = times ? Math.floor(times.expiresAt.getTime() / 1000) : now + Math.max(1, Math.round(ttl));
    const token = await new SignJWT({ token_type: type, sid: sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(await this.key);
    return { token, jti, issuedAt: new Date(now * 1000), expiresAt: new Date(exp * 1000) };
  }

  /**
   * The claims of a token of the given type whose signature is ours, or null. With `allowExpired`, an
   * expired but genuine token still yields its claims (logout accepts those).
   */
  async verify(
    token: string,
    type: TokenType,
    options: { allowExpired?: boolean } = {},
  ): Promise<TokenClaims | null> {
    if (type !== 'access' || options.allowExpired) return this.verifyText(token, type, options);
    const known = this.verifiedAccess.get(token);
    if (known && known.expiresAt > Date.now() / 1000) return known;
    const pending = this.verifyingAccess.get(token);
    if (pending) return pending;
    const verifying = this.verifyText(token, type, options).then((claims) => {
      if (claims) {
        if (this.verifiedAccess.size >= VERIFIED_ACCESS_MAX) {
          this.verifiedAccess.delete(this.verifiedAccess.keys().next().value as string);
        }
        this.verifiedAccess.set(token, claims);
      }
      return claims;
    });
    this.verifyingAccess.set(token, verifying);
    try {
      return await verifying;
    } finally {
      this.verifyingAccess.delete(token);
    }
  }

  private async verifyText(
    token: string,
    type: TokenType,
    options: { allowExpired?: boolean },
  ): Promise<TokenClaims | null> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      }));
    } catch (error) {
      // jose checks the signature before the claims, so an expired token's payload is authentic.
      if (options.allowExpired && error instanceof errors.JWTExpired) payload = error.payload;
      else return null;
    }
    const { sub, sid, jti, iat, exp, token_type: tokenType } = payload;
    if (tokenType !== type) return null;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof jti !== 'string') return null;
    if (typeof iat !== 'number' || typeof exp !== 'number') return null;
    return { userId: sub, sessionId: sid, jti, issuedAt: iat, expiresAt: exp };
  }
}
