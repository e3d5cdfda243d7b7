import { authPaths, INVALID_TOKEN_CODE } from '../contract/authPaths';
import { ApiError } from '../errors/errors';
import { isTokenServiceError, TokenServiceError } from '../errors/tokenServiceError';
import type { AuthHandler, HttpClient } from '../http/httpClient';
import { t } from '../i18n/messages';
import type { TokenStore } from '../storage/tokenStore';
import { refreshAnswer } from './authAnswers';
import { getTokenExpiry } from './jwt';

/** Refresh at 60 s of life left, at most once per cooldown; two failures in a row end the session. */
export const TOKEN_REFRESH_THRESHOLD_MS = 60_000;
export const REFRESH_COOLDOWN_MS = 30_000;
export const MAX_CONSECUTIVE_REFRESH_FAILURES = 2;

/** The browser event by which any logout sends the user to /login. */
export const AUTH_LOGOUT_EVENT = 'auth:logout';

/** `user` for a logout the user asked for; otherwise the forced logout's cause. */
export type LogoutReason = 'user' | 'REFRESH_UNAUTHORIZED' | 'REFRESH_TOO_MANY_FAILURES' | 'INVALID_TOKEN';

export interface LogoutDetail {
  reason: LogoutReason;
  /** What to tell the user (认证已过期，请重新登录) for a forced logout; null for the user's own. */
  message: string | null;
}

/** Runs `task` while holding a lock shared by every tab (the Web Locks API's shape). */
export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export interface TokenServiceOptions {
  store: TokenStore;
  /** The HTTP core for the refresh call; may be attached later with {@link TokenService.attachClient}. */
  client?: Pick<HttpClient, 'request'>;
  refreshPath?: string;
  now?: () => number;
  thresholdMs?: number;
  cooldownMs?: number;
  maxConsecutiveFailures?: number;
  /** Receives the `auth:logout` CustomEvent. Default globalThis when it is an EventTarget (a window). */
  eventTarget?: EventTarget | null;
  /** Refresh on a timer before the access token reaches the threshold. Default true. */
  autoRefresh?: boolean;
  /**
   * Serialises refreshes across tabs. Default navigator.locks when present: with rotating refresh tokens,
   * two tabs refreshing at once would present the same refresh token twice, which the server treats as
   * reuse. null disables.
   */
  lock?: LockRunner | null;
}

const LOCK_NAME = 'wanxiang:token-refresh';
/** Guards against a server issuing tokens shorter-lived than the threshold, which would refresh in a loop. */
const MIN_TIMER_INTERVAL_MS = 5_000;
/** setTimeout's largest delay; longer ones fire at once. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

function defaultEventTarget(): EventTarget | null {
  return typeof EventTarget === 'function' && globalThis instanceof EventTarget ? globalThis : null;
}

function defaultLock(): LockRunner | null {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks || typeof locks.request !== 'function') return null;
  // request() resolves with what the task resolves with; its typing nests the promise.
  return <T>(name: string, task: () => Promise<T>) => locks.request(name, task) as unknown as Promise<T>;
}

/**
 * Keeps the access token fresh: refreshes at 60 s of life left, on the server's header and
 * after an invalid-token 401; one refresh in flight at a time; a cooldown after a failure; forced logout
 * after two consecutive failures, on a 401/403 from the refresh call, or when an invalid token cannot be
 * renewed.
 */
export class TokenService implements AuthHandler {
  private readonly store: TokenStore;
  private client: Pick<HttpClient, 'request'> | undefined;
  private readonly refreshPath: string;
  private readonly now: () => number;
  private readonly thresholdMs: number;
  private readonly cooldownMs: number;
  private readonly maxFailures: number;
  private readonly eventTarget: EventTarget | null;
  private readonly autoRefresh: boolean;
  private readonly lock: LockRunner | null;

  private inflight: Promise<string> | null = null;
  private consecutiveFailures = 0;
  private cooldownUntil = 0;
  private lastRefreshAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(detail: LogoutDetail) => void>();

  constructor(options: TokenServiceOptions) {
    this.store = options.store;
    this.client = options.client;
    this.refreshPath = options.refreshPath ?? authPaths.refresh;
    this.now = options.now ?? Date.now;
    this.thresholdMs = options.thresholdMs ?? TOKEN_REFRESH_THRESHOLD_MS;
    this.cooldownMs = options.cooldownMs ?? REFRESH_COOLDOWN_MS;
    this.maxFailures = options.maxConsecutiveFailures ?? MAX_CONSECUTIVE_REFRESH_FAILURES;
    this.eventTarget = options.eventTarget === undefined ? defaultEventTarget() : options.eventTarget;
    this.autoRefresh = options.autoRefresh ?? true;
    this.lock = options.lock === undefined ? defaultLock() : options.lock;
    this.scheduleTimer();
  }

  attachClient(client: Pick<HttpClient, 'request'>): void {
    this.client = client;
  }

  getAccessToken(): string | null {
    return this.store.getAccessToken();
  }

  getRefreshToken(): string | null {
    return this.store.getRefreshToken();
  }

  /** Signed in: some token is stored and no logout happened since. */
  isAuthenticated(): boolean {
    return !this.store.isLoggedOut() && this.store.hasTokens();
  }

  /** True when the access token has 60 s or less to live (or is missing while a refresh token exists). */
  needsRefresh(token: string | null = this.store.getAccessToken()): boolean {
    if (!token) return this.store.getRefreshToken() !== null;
    const expiry = getTokenExpiry(token);
    return expiry !== null && expiry - this.now() <= this.thresholdMs;
  }

  /** Milliseconds left in the cooldown after a failed refresh; 0 when a refresh may be attempted. */
  cooldownRemaining(): number {
    return Math.max(0, this.cooldownUntil - this.now());
  }

  /**
   * Refreshes the access token and resolves with the new one. Every caller during a refresh shares it.
   * Rejects with a {@link TokenServiceError}.
   */
  refresh(): Promise<string> {
    if (this.inflight) return this.inflight;
    const refusal = this.refusal();
    if (refusal) return Promise.reject(refusal);
    const promise = this.runExclusive().finally(() => {
      if (this.inflight === promise) this.inflight = null;
    });
    this.inflight = promise;
    return promise;
  }

  /** Refreshes when the token is about to expire; never throws, the request then goes with what it has. */
  async ensureFresh(): Promise<void> {
    if (this.store.isLoggedOut() || !this.store.getRefreshToken() || !this.needsRefresh()) return;
    if (!this.inflight && this.cooldownRemaining() > 0) return;
    try {
      await this.refresh();
    } catch {
      // Already accounted for (cooldown, failure count, logout); the server's answer decides the rest.
    }
  }

  /** The session check's work: keep a signed-in session's token fresh. */
  checkSession(): Promise<void> {
    return this.ensureFresh();
  }

  /** Stores a new session (after login) and clears the logged-out flag and the failure history. */
  setSession(tokens: { access: string; refresh?: string | undefined; deviceId?: string | undefined }): void {
    this.store.setTokens({ access: tokens.access, refresh: tokens.refresh });
    if (tokens.deviceId) this.store.setDeviceId(tokens.deviceId);
    this.store.setLoggedOut(false);
    this.consecutiveFailures = 0;
    this.cooldownUntil = 0;
    this.scheduleTimer();
  }

  /**
   * Clears the tokens, sets the logged-out flag and announces `auth:logout`, once: a second logout while
   * already logged out stays silent, so that concurrent failures redirect only once.
   */
  logout(reason: LogoutReason = 'user'): void {
    const alreadyOut = this.store.isLoggedOut() && !this.store.hasTokens();
    this.store.clearTokens();
    this.store.setLoggedOut(true);
    this.clearTimer();
    if (alreadyOut) return;
    const detail: LogoutDetail = { reason, message: reason === 'user' ? null : t('authExpired') };
    for (const listener of this.listeners) listener(detail);
    if (this.eventTarget) {
      const event =
        typeof CustomEvent === 'function'
          ? new CustomEvent<LogoutDetail>(AUTH_LOGOUT_EVENT, { detail })
          : Object.assign(new Event(AUTH_LOGOUT_EVENT), { detail });
      this.eventTarget.dispatchEvent(event);
    }
  }

  /** Called on every logout with its detail; returns the unsubscribe function. */
  onLogout(listener: (detail: LogoutDetail) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the refresh timer (a Node script or a test tearing the client down). */
  dispose(): void {
    this.clearTimer();
  }

  // AuthHandler, used by the HTTP core.

  async prepareAccessToken(): Promise<string | null> {
    await this.ensureFresh();
    return this.store.getAccessToken();
  }

  async recoverFromInvalidToken(rejected: string | null): Promise<string> {
    const current = this.store.getAccessToken();
    // Another request's refresh already replaced the token this request was sent with.
    if (current && current !== rejected) return current;
    try {
      return await this.refresh();
    } catch (error) {
      // Without a refresh token an invalid access token can never be renewed.
      if (isTokenServiceError(error, 'NO_REFRESH_TOKEN')) this.logout('INVALID_TOKEN');
      throw error;
    }
  }

  invalidTokenAfterRetry(): void {
    this.logout('INVALID_TOKEN');
  }

  refreshRequested(sent: string | null): void {
    if (sent !== null && this.store.getAccessToken() !== sent) return;
    if (this.inflight || this.store.isLoggedOut() || !this.store.getRefreshToken()) return;
    if (this.cooldownRemaining() > 0) return;
    this.refresh().catch(() => {
      // Accounted for inside; nobody waits on a header-triggered refresh.
    });
  }

  // Internals.

  private refusal(): TokenServiceError | null {
    if (this.store.isLoggedOut()) return new TokenServiceError('LOGGED_OUT');
    const wait = this.cooldownRemaining();
    if (wait > 0) return new TokenServiceError('REFRESH_COOLDOWN', { retryAfterMs: wait });
    if (!this.client) return new TokenServiceError('NO_API_CLIENT');
    if (!this.store.getRefreshToken()) return new TokenServiceError('NO_REFRESH_TOKEN');
    return null;
  }

  private runExclusive(): Promise<string> {
    const before = this.store.getAccessToken();
    return this.lock ? this.lock(LOCK_NAME, () => this.exchange(before)) : this.exchange(before);
  }

  private async exchange(before: string | null): Promise<string> {
    const current = this.store.getAccessToken();
    // Another tab refreshed while this one waited for the lock.
    if (current && current !== before && !this.needsRefresh(current)) {
      this.succeeded();
      return current;
    }
    const refreshToken = this.store.getRefreshToken();
    const client = this.client;
    if (!refreshToken) throw new TokenServiceError('NO_REFRESH_TOKEN');
    if (!client) throw new TokenServiceError('NO_API_CLIENT');

    let answer: unknown;
    try {
      answer = await client.request(this.refreshPath, {
        method: 'POST',
        json: { refresh: refreshToken },
        auth: false,
      });
    } catch (error) {
      throw this.failed(error);
    }
    // A logout during the call wins: its tokens must not come back.
    if (this.store.isLoggedOut()) throw new TokenServiceError('LOGGED_OUT');
    const parsed = refreshAnswer.safeParse(answer);
    const access = parsed.success ? parsed.data.access || parsed.data.access_token : undefined;
    if (!parsed.success || !access) {
      throw this.failed(
        new TokenServiceError('MALFORMED_REFRESH_RESPONSE', {
          cause: parsed.success ? undefined : parsed.error,
        }),
      );
    }
    this.store.setTokens({ access, refresh: parsed.data.refresh });
    this.succeeded();
    return access;
  }

  private succeeded(): void {
    this.consecutiveFailures = 0;
    this.cooldownUntil = 0;
    this.lastRefreshAt = this.now();
    this.scheduleTimer();
  }

  /** Books a failure and returns the error for the callers. */
  private failed(error: unknown): TokenServiceError {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      this.logout('REFRESH_UNAUTHORIZED');
      return new TokenServiceError('REFRESH_UNAUTHORIZED', { cause: error });
    }
    if (error instanceof ApiError && error.code === INVALID_TOKEN_CODE) {
      this.logout('INVALID_TOKEN');
      return new TokenServiceError('REFRESH_UNAUTHORIZED', { cause: error });
    }
    this.consecutiveFailures += 1;
    this.cooldownUntil = this.now() + this.cooldownMs;
    if (this.consecutiveFailures >= this.maxFailures) {
      this.logout('REFRESH_TOO_MANY_FAILURES');
      return new TokenServiceError('REFRESH_TOO_MANY_FAILURES', { cause: error });
    }
    this.scheduleTimer();
    return error instanceof TokenServiceError
      ? error
      : new TokenServiceError('REFRESH_FAILED', { cause: error });
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private scheduleTimer(): void {
    this.clearTimer();
    if (!this.autoRefresh || this.store.isLoggedOut() || !this.store.getRefreshToken()) return;
    const access = this.store.getAccessToken();
    const expiry = access ? getTokenExpiry(access) : null;
    if (access && expiry === null) return;
    const due = Math.max(
      expiry === null ? this.now() : expiry - this.thresholdMs,
      this.cooldownUntil,
      this.lastRefreshAt + MIN_TIMER_INTERVAL_MS,
    );
    const delay = Math.min(Math.max(0, due - this.now()), MAX_TIMER_DELAY_MS);
    const timer = setTimeout(() => {
      this.timer = undefined;
      void this.ensureFresh().finally(() => {
        if (this.timer === undefined) this.scheduleTimer();
      });
    }, delay);
    // In Node a pending refresh must not keep a finished script alive.
    (timer as { unref?: () => void }).unref?.();
    this.timer = timer;
  }
}
