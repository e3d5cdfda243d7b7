import { t } from '../i18n/messages';

/**
 * What an error answer may carry. Parsed field by field and leniently: a server (or a proxy in front of it)
 * that sends one odd field must not cost us the others, and DRF-style `errors` sometimes hold a bare string
 * where a list is expected.
 */
export interface ApiErrorBody {
  detail?: string;
  error?: string;
  code?: string;
  errors?: Record<string, string[]>;
  non_field_errors?: string[];
  /** A sign-in's proof-of-work challenge (403 challenge_required / challenge_invalid). */
  challenge?: string;
}

// Checked by hand, not with zod: the HTTP core is on the sign-in page, where zod would weigh ~24 KiB gzip.
const isString = (value: unknown): value is string => typeof value === 'string';
/** A list of texts, or a bare text taken as a list of one; undefined for anything else. */
function messages(value: unknown): string[] | undefined {
  if (isString(value)) return [value];
  return Array.isArray(value) && value.every(isString) ? value : undefined;
}

export function parseErrorBody(raw: unknown): ApiErrorBody | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const body: ApiErrorBody = {};
  for (const name of ['detail', 'error', 'code', 'challenge'] as const) {
    const value = record[name];
    if (isString(value)) body[name] = value;
  }
  const errors = record.errors;
  if (errors !== null && typeof errors === 'object' && !Array.isArray(errors)) {
    const entries = Object.entries(errors).map(([field, value]) => [field, messages(value)] as const);
    // Like a zod record: one field of the wrong kind drops the whole map.
    if (entries.every(([, value]) => value !== undefined))
      body.errors = Object.fromEntries(entries) as Record<string, string[]>;
  }
  const nonField = messages(record.non_field_errors);
  if (nonField) body.non_field_errors = nonField;
  return body;
}

/** A non-2xx answer from the server. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed error body, or null when the answer was not a JSON object (an HTML 502 page, say). */
  readonly body: ApiErrorBody | null;
  /** The response itself (headers, url); its body has already been read into {@link body}. */
  readonly response: Response;

  constructor(response: Response, body: ApiErrorBody | null, options?: { cause?: unknown }) {
    super(t('apiRequestFailed', { detail: body?.detail ?? body?.error ?? t('unknownServerError') }), options);
    this.status = response.status;
    this.body = body;
    this.response = response;
  }

  get detail(): string | undefined {
    return this.body?.detail;
  }

  get code(): string | undefined {
    return this.body?.code;
  }

  /** Reads the response's body (once) and builds the error from it. */
  static async fromResponse(response: Response): Promise<ApiError> {
    let body: ApiErrorBody | null = null;
    try {
      const text = await response.text();
      body = text ? parseErrorBody(JSON.parse(text)) : null;
    } catch {
      body = null;
    }
    return new ApiError(response, body);
  }
}

/** The request never got an answer: offline, DNS, refused connection, CORS, or a dropped body. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly code = 'NETWORK_ERROR';
  constructor(options?: { cause?: unknown }) {
    super(t('networkFailed'), options);
  }
}

export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly code = 'TIMEOUT';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(t('requestTimeout', { seconds: Math.round(timeoutMs / 1000) }));
    this.timeoutMs = timeoutMs;
  }
}

/** A 2xx answer whose body does not have the shape the contract promises. */
export class ResponseFormatError extends Error {
  override readonly name = 'ResponseFormatError';
  readonly code = 'MALFORMED_RESPONSE';
  /** Where the shape broke, for logs (zod's issues as text). */
  readonly issues: string;
  constructor(issues: string, options?: { cause?: unknown }) {
    super(t('malformedResponse'), options);
    this.issues = issues;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** A stream that cannot be read as the contract describes (no body, or an event of the wrong shape). */
export class StreamError extends Error {
  override readonly name = 'StreamError';
  readonly code: 'EMPTY_BODY' | 'MALFORMED_EVENT';
  constructor(code: 'EMPTY_BODY' | 'MALFORMED_EVENT', options?: { cause?: unknown }) {
    super(code === 'EMPTY_BODY' ? t('emptyResponseBody') : t('malformedStreamEvent'), options);
    this.code = code;
  }
}
