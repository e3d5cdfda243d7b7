/**
 * SearXNG, the self-hosted metasearch engine: `GET /search?q=…&format=json`. The instance must allow the
 * JSON format (settings.yml, `search.formats`), else it answers 403.
 */
import { z } from 'zod';
import { messages } from '../../i18n/zh-CN';
import { endpoint, hostOf, isWebUrl, plainText, requestJson } from './http';
import { SearchError, type SearchHit, type SearchProvider, type SearchProviderConfig } from './types';

export const searxngAnswer = z.object({
  query: z.string().optional(),
  results: z.array(
    z.looseObject({
      url: z.string(),
      title: z.string().nullish(),
      content: z.string().nullish(),
      engine: z.string().nullish(),
      publishedDate: z.string().nullish(),
    }),
  ),
});

export function searxngProvider(config: SearchProviderConfig): SearchProvider {
  return {
    kind: 'searxng',
    async search({ query, count, signal }) {
      const url = endpoint(config.baseUrl, '/search');
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('pageno', '1');
      const headers: Record<string, string> = { accept: 'application/json' };
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      let answer: z.infer<typeof searxngAnswer>;
      try {
        answer = await requestJson(url, { method: 'GET', headers, signal }, searxngAnswer, () => undefined);
      } catch (error) {
        // A stock instance refuses format=json with 403 until it is enabled: say so, not "bad key".
        if (error instanceof SearchError && error.status === 403) {
          throw new SearchError('auth', messages.search.searxngJsonDisabled, { cause: error });
        }
        throw error;
      }
      const hits: SearchHit[] = [];
      const seen = new Set<string>();
      for (const result of answer.results) {
        // SearXNG merges engines but can still list one page twice (http and https, a trailing slash).
        if (!isWebUrl(result.url) || seen.has(result.url)) continue;
        seen.add(result.url);
        hits.push({
          title: plainText(result.title, 200) || hostOf(result.url),
          url: result.url,
          snippet: plainText(result.content),
          site: hostOf(result.url),
          ...(result.publishedDate ? { publishedAt: result.publishedDate } : {}),
        });
        if (hits.length >= count) break;
      }
      return hits;
    },
  };
}
