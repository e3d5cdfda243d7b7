/**
 * Reads a JWT's claims without verifying it: the client only needs to know when its own token expires and
 * whose it is; the server verifies every token it receives.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The token's `exp` in epoch milliseconds, or null when it has none or cannot be read. */
export function getTokenExpiry(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

const OWNER_CLAIMS = ['sub', 'user_id', 'uid', 'email', 'username', 'id'] as const;

/**
 * The owner of local documents: the subject claim, else user id, uid, email, username or id,
 * else the literal `anon`.
 */
export function getTokenOwner(token: string | null | undefined): string {
  const payload = token ? decodeJwtPayload(token) : null;
  for (const claim of OWNER_CLAIMS) {
    const value = payload?.[claim];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return 'anon';
}
