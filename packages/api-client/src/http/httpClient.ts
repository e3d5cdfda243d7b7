import { DEVICE_ID_HEADER, INVALID_TOKEN_CODE, TOKEN_REFRESH_REQUIRED_HEADER } from '../contract/authPaths';
import { ApiError, NetworkError, ResponseFormatError, TimeoutError } from '../errors/errors';

export const DEFAULT_BASE_URL = '/api';
/** Request timeout. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/**
 * What the HTTP core needs from the token service. Declared here rather than imported so that the two can
 * be built independently (the token service in turn calls the HTTP core for its refresh).
 */
export interface AuthHandler {
  /** The access token to send, after a proactive refresh when it is about to expire. Never throws. */
  prepareAccessToken(): Promise<string | null>;
  /**
   * A request sent with `rejected` was answered 401 with the invalid-token code: obtain a token worth one
   * retry (refreshing, or noticing that another caller already did). Throws when there is none.
   */
  recoverFromInvalidToken(rejected: string | null): Promise<string>;
  /** The retry was rejected as well: the session cannot be saved. */
  invalidTokenAfterRetry(): void;
  /** The server asked, through a response header, for an early refresh of the token `sent`. */
  refreshRequested(sent: string | null): void;
}

export interface HttpClientOptions {
  /** Prefix of every relative path. Default `/api`. */
  baseUrl?: string;
  /** The fetch to use; tests pass a fake one. Default the global fetch. */
  fetch?: FetchLike;
  /** Default 30 s. */
  timeoutMs?: number;
  /** The device id sent as `X-Device-ID` on every request. */
  getDeviceId?: () => string | null;
  auth?: AuthHandler;
}

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is; a FormData lets the runtime set the multipart boundary. */
  body?: FormData | URLSearchParams | Blob | string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Send the bearer token, refresh it proactively and retry once after an invalid-token 401. Default true;
   * false for calls that must work without a session and must not recurse into the token service
   * (login, register, the refresh itself).
   */
  auth?: boolean;
  /** Retry once after refreshing on an invalid-token 401. Default true when `auth` is. */
  retryOnInvalidToken?: boolean;
  /** This request's transport instead of the client's (an upload that reports progress: see xhrFetch). */
  fetch?: FetchLike;
}

/** Where an answer's shape broke: zod's issue shape, which the hand-written checks use too. */
export interface ShapeIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * What validates an answer: a zod schema, or a hand-written check of the same shape where zod would
 * weigh too much (the sign-in page's calls). Declared structurally so that the HTTP core needs no zod.
 */
export interface ResponseSchema<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly ShapeIssue[] } };
}

export interface JsonRequestOptions<T> extends RequestOptions {
  /** Validates (and may transform) the answer; a mismatch is a {@link ResponseFormatError}. */
  schema?: ResponseSchema<T>;
}

/** The issues as lines for logs, as zod's prettifyError writes them. */
export function describeIssues(issues: readonly ShapeIssue[]): string {
  return issues
    .map(({ path, message }) =>
      path.length > 0 ? `✖ ${message}\n  → at ${path.map(String).join('.')}` : `✖ ${message}`,
    )
    .join('\n');
}

export interface HttpClient {
  readonly baseUrl: string;
  /** Sends a request and returns its JSON answer (undefined for an empty body). */
  request<T = unknown>(path: string, options?: JsonRequestOptions<T>): Promise<T>;
  /**
   * Sends a request and returns the successful response with its body unread, for streams and downloads.
   * The timeout covers the wait for the headers only: a stream may legitimately last longer.
   */
  requestResponse(path: string, options?: RequestOptions): Promise<Response>;
  get<T = unknown>(path: string, options?: Omit<JsonRequestOptions<T>, 'method'>): Promise<T>;
  post<T = unknown>(path: string, options?: Omit<JsonRequestOptions<T>, 'method'>): Promise<T>;
  put<T = unknown>(path: string, options?: Omit<JsonRequestOptions<T>, 'method'>): Promise<T>;
  patch<T = unknown>(path: string, options?: Omit<JsonRequestOptions<T>, 'method'>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<JsonRequestOptions<T>, 'method'>): Promise<T>;
  /** Connects the token service after construction (the two reference each other). */
  setAuthHandler(auth: AuthHandler | undefined): void;
}

/**
 * One attempt's abort wiring. The timeout is our own controller driven by setTimeout rather than
 * AbortSignal.timeout: a stream's timeout must be cancellable once its headers arrive, and tests drive it
 * with fake timers. AbortSignal.any combines it with the caller's signal.
 */
class Attempt {
  private readonly timeout = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  readonly signal: AbortSignal;

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => this.timeout.abort(new TimeoutError(timeoutMs)), timeoutMs);
    this.signal = callerSignal ? AbortSignal.any([callerSignal, this.timeout.signal]) : this.timeout.signal;
  }

  /**
   * Waits for `work` (a body read) but gives up when the attempt is aborted: not every fetch
   * implementation aborts a body that is already streaming.
   */
  guard<T>(work: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Stops the clock. */
  settle(): void {
    clearTimeout(this.timer);
  }

  /** Turns whatever a fetch or a body read threw into the error the caller should see. */
  failure(error: unknown): unknown {
    this.settle();
    if (this.callerSignal?.aborted) {
      return this.callerSignal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    }
    if (this.timeout.signal.aborted) return new TimeoutError(this.timeoutMs);
    if (error instanceof ApiError || error instanceof ResponseFormatError) return error;
    return new NetworkError({ cause: error });
  }
}

function isAbsolute(path: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(path);
}

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> | undefined): string {
  let url = isAbsolute(path) ? path : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const text = params.toString();
    if (text) url += (url.includes('?') ? '&' : '?') + text;
  }
  return url;
}

/**
 * Whether `url` is the API's own: the bearer token and the device id go nowhere else, so that an absolute
 * address (a link in an answer, a redirect target someone planted) never receives them.
 */
function isOwnOrigin(url: string, baseUrl: string): boolean {
  if (!isAbsolute(url)) return true;
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    const api = new URL(baseUrl, page);
    return new URL(url).origin === api.origin;
  } catch {
    // A relative API address outside a page has no origin to compare with: nothing absolute is ours.
    return false;
  }
}

function wantsRefresh(response: Response): boolean {
  return response.headers.get(TOKEN_REFRESH_REQUIRED_HEADER)?.trim().toLowerCase() === 'true';
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let auth = options.auth;

  async function attempt(
    url: string,
    request: RequestOptions,
    token: string | null,
  ): Promise<{ response: Response; attempt: Attempt }> {
    const headers = new Headers(request.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const deviceId = isOwnOrigin(url, baseUrl) ? options.getDeviceId?.() : undefined;
    if (deviceId) headers.set(DEVICE_ID_HEADER, deviceId);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined = request.body;
    if (request.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.json);
    }
    const current = new Attempt(request.timeoutMs ?? defaultTimeout, request.signal);
    try {
      const init: RequestInit = { method: request.method ?? 'GET', headers, signal: current.signal };
      if (body !== undefined) init.body = body;
      const response = await (request.fetch ?? fetchImpl)(url, init);
      return { response, attempt: current };
    } catch (error) {
      throw current.failure(error);
    }
  }

  async function errorFrom(response: Response, current: Attempt): Promise<ApiError> {
    try {
      return await current.guard(ApiError.fromResponse(response));
    } catch (error) {
      throw current.failure(error);
    } finally {
      current.settle();
    }
  }

  /** Runs the request with the auth rules; resolves with a 2xx response whose clock is still running. */
  async function execute(
    path: string,
    request: RequestOptions,
  ): Promise<{ response: Response; attempt: Attempt }> {
    const url = buildUrl(baseUrl, path, request.query);
    const handler = (request.auth ?? true) && isOwnOrigin(url, baseUrl) ? auth : undefined;
    const token = handler ? await handler.prepareAccessToken() : null;
    let result = await attempt(url, request, token);
    if (handler && wantsRefresh(result.response)) handler.refreshRequested(token);

    if (result.response.status === 401 && handler && (request.retryOnInvalidToken ?? true)) {
      const rejected = await errorFrom(result.response, result.attempt);
      if (rejected.code !== INVALID_TOKEN_CODE) throw rejected;
      let renewed: string;
      try {
        renewed = await handler.recoverFromInvalidToken(token);
      } catch (cause) {
        throw new ApiError(rejected.response, rejected.body, { cause });
      }
      result = await attempt(url, request, renewed);
      if (wantsRefresh(result.response)) handler.refreshRequested(renewed);
      if (result.response.status === 401) {
        const again = await errorFrom(result.response, result.attempt);
        if (again.code === INVALID_TOKEN_CODE) handler.invalidTokenAfterRetry();
        throw again;
      }
    }

    if (!result.response.ok) throw await errorFrom(result.response, result.attempt);
    return result;
  }

  async function request<T>(path: string, request: JsonRequestOptions<T> = {}): Promise<T> {
    const { response, attempt: current } = await execute(path, request);
    let text: string;
    try {
      text = await current.guard(response.text());
    } catch (error) {
      response.body?.cancel().catch(() => {});
      throw current.failure(error);
    }
    current.settle();
    let data: unknown;
    if (text.trim() !== '') {
      try {
        data = JSON.parse(text);
      } catch (cause) {
        throw new ResponseFormatError('response body is not JSON', { cause });
      }
    }
    if (!request.schema) return data as T;
    const parsed = request.schema.safeParse(data);
    if (!parsed.success)
      throw new ResponseFormatError(describeIssues(parsed.error.issues), { cause: parsed.error });
    return parsed.data;
  }

  async function requestResponse(path: string, request: RequestOptions = {}): Promise<Response> {
    const { response, attempt: current } = await execute(path, request);
    current.settle();
    return response;
  }

  const withMethod =
    (method: HttpMethod) =>
    <T>(path: string, options: Omit<JsonRequestOptions<T>, 'method'> = {}) =>
      request<T>(path, { ...options, method });

  return {
    baseUrl,
    request,
    requestResponse,
    get: withMethod('GET'),
    post: withMethod('POST'),
    put: withMethod('PUT'),
    patch: withMethod('PATCH'),
    delete: withMethod('DELETE'),
    setAuthHandler(next) {
      auth = next;
    },
  };
}
