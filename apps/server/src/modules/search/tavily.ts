/** Tavily, a search API made for language models: `POST /search` with a bearer key. */
import { z } from 'zod';
import { endpoint, hostOf, isWebUrl, plainText, postJsonWithKey } from './http';
import type { SearchProvider, SearchProviderConfig } from './types';

export const tavilyAnswer = z.object({
  query: z.string().optional(),
  results: z.array(
    z.looseObject({
      title: z.string().nullish(),
      url: z.string(),
      content: z.string().nullish(),
      score: z.number().nullish(),
      published_date: z.string().nullish(),
    }),
  ),
});

/** Tavily's errors are `{"detail": {"error": "…"}}` (older answers: `{"detail": "…"}`). */
export function tavilyReason(body: unknown): string | undefined {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  const error = (detail as { error?: unknown } | null | undefined)?.error;
  return typeof error === 'string' ? error : undefined;
}

export function tavilyProvider(config: SearchProviderConfig): SearchProvider {
  return {
    kind: 'tavily',
    async search({ query, count, signal }) {
      const answer = await postJsonWithKey(
        endpoint(config.baseUrl, '/search'),
        {
          apiKey: config.apiKey,
          body: {
            query,
            max_results: count,
            search_depth: 'basic',
            include_answer: false,
            include_raw_content: false,
          },
          signal,
        },
        tavilyAnswer,
        tavilyReason,
      );
      return answer.results
        .filter((result) => isWebUrl(result.url))
        .slice(0, count)
        .map((result) => ({
          title: plainText(result.title, 200) || hostOf(result.url),
          url: result.url,
          snippet: plainText(result.content),
          site: hostOf(result.url),
          ...(result.published_date ? { publishedAt: result.published_date } : {}),
        }));
    },
  };
}
