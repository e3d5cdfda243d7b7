/** The configured web search: one provider, its timeout and result count, and its price. */
import type { SearchSource } from '@wanxiang/api-client/contract';
import { messages } from '../../i18n/zh-CN';
import { bochaProvider } from './bocha';
import { searxngProvider } from './searxng';
import { tavilyProvider } from './tavily';
import {
  SearchError,
  type SearchHit,
  type SearchProvider,
  type SearchProviderConfig,
  type SearchProviderKind,
} from './types';

export { SEARCH_PROVIDERS, SearchError, type SearchProviderKind } from './types';

export interface SearchSettings extends SearchProviderConfig {
  /** A search slower than this (seconds) is given up; the model answers without it. */
  timeout: number;
  /** Results given to the model. */
  maxResults: number;
  /** Credits one search costs (0: free); charged only when the search gave an answer. */
  price: number;
}

/** The providers' default endpoints; SearXNG is self-hosted and has none. */
export const DEFAULT_SEARCH_BASE_URLS: Record<SearchProviderKind, string | undefined> = {
  searxng: undefined,
  tavily: 'https://api.tavily.com',
  bocha: 'https://api.bochaai.com',
};

/** Longest query sent to an engine, in characters (Tavily advises under 400). */
const MAX_QUERY_CHARS = 200;

export function createSearchProvider(config: SearchProviderConfig): SearchProvider {
  switch (config.kind) {
    case 'searxng':
      return searxngProvider(config);
    case 'tavily':
      return tavilyProvider(config);
    case 'bocha':
      return bochaProvider(config);
  }
}

/** The query a prompt makes: its text on one line, cut to what engines take. */
export function searchQueryOf(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > MAX_QUERY_CHARS ? chars.slice(0, MAX_QUERY_CHARS).join('') : flat;
}

export class WebSearch {
  private readonly provider: SearchProvider;

  constructor(readonly settings: SearchSettings) {
    this.provider = createSearchProvider(settings);
  }

  get price(): number {
    return this.settings.price;
  }

  /**
   * The sources for `query`, numbered from 1. Throws a {@link SearchError} with the user's note when the
   * provider fails or takes longer than the timeout; the caller's `signal` (the turn) aborts it too.
   */
  async search(query: string, signal: AbortSignal): Promise<SearchSource[]> {
    const timeoutMs = this.settings.timeout * 1000;
    const timeout = new SearchError('timeout', messages.search.timeout(this.settings.timeout));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
    const onAbort = () => controller.abort(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    try {
      const hits = await this.provider.search({
        query,
        count: this.settings.maxResults,
        signal: controller.signal,
      });
      return hits.map(toSource);
    } catch (error) {
      if (controller.signal.reason === timeout) throw timeout;
      if (error instanceof SearchError || signal.aborted) throw error;
      throw new SearchError('bad_response', messages.search.badResponse, { cause: error });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}

function toSource(hit: SearchHit, position: number): SearchSource {
  return {
    index: position + 1,
    title: hit.title,
    url: hit.url,
    snippet: hit.snippet,
    ...(hit.site ? { site: hit.site } : {}),
    ...(hit.publishedAt ? { published_at: hit.publishedAt } : {}),
  };
}
