/**
 * Web search for chat turns (联网搜索) behind one interface: each provider is a small adapter that sends
 * its engine's request and checks its answer's shape with zod, so that a changed or broken answer is a clear
 * error instead of a crash or an empty list.
 */
export const SEARCH_PROVIDERS = ['none', 'searxng', 'tavily', 'bocha'] as const;
export type SearchProviderKind = Exclude<(typeof SEARCH_PROVIDERS)[number], 'none'>;

/** One page a search found, in the engine's order. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
  site?: string;
  publishedAt?: string;
}

export interface SearchRequest {
  query: string;
  /** At most this many results. */
  count: number;
  /** Aborts the request: the turn's timeout, or the client went away. */
  signal: AbortSignal;
}

export interface SearchProvider {
  readonly kind: SearchProviderKind;
  search(request: SearchRequest): Promise<SearchHit[]>;
}

export type SearchFailureCode =
  | 'unreachable'
  | 'auth'
  | 'rate_limited'
  | 'quota'
  | 'timeout'
  | 'bad_response'
  | 'rejected'
  | 'unavailable';

/** A search that did not give results; `message` is the Chinese note the user sees. */
export class SearchError extends Error {
  /** The HTTP status (or the provider's own error code) it failed with, when it answered. */
  readonly status: number | undefined;

  constructor(
    readonly code: SearchFailureCode,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options);
    this.status = options?.status;
    this.name = 'SearchError';
  }
}

/** What a provider needs from the configuration. */
export interface SearchProviderConfig {
  kind: SearchProviderKind;
  baseUrl: string;
  apiKey: string | undefined;
}
