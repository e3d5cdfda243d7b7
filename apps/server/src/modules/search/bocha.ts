/**
 * Bocha (博查), the web search API many Chinese deployments use: `POST /v1/web-search` with a bearer key.
 * Its answer is `{code, msg, data}` with Bing-shaped `data.webPages.value`; a failure carries its own
 * `code` and `msg` (e.g. 403 余额不足), sometimes in an HTTP 200.
 */
import { z } from 'zod';
import { endpoint, hostOf, httpError, isWebUrl, plainText, postJsonWithKey } from './http';
import type { SearchProvider, SearchProviderConfig } from './types';

const webPage = z.looseObject({
  name: z.string().nullish(),
  url: z.string(),
  snippet: z.string().nullish(),
  summary: z.string().nullish(),
  siteName: z.string().nullish(),
  datePublished: z.string().nullish(),
});

export const bochaAnswer = z.looseObject({
  code: z.number(),
  msg: z.string().nullish(),
  data: z
    .looseObject({
      webPages: z.looseObject({ value: z.array(webPage).nullish() }).nullish(),
    })
    .nullish(),
});

export function bochaReason(body: unknown): string | undefined {
  const record = body as { msg?: unknown; message?: unknown } | null;
  if (typeof record?.msg === 'string' && record.msg !== '') return record.msg;
  return typeof record?.message === 'string' ? record.message : undefined;
}

export function bochaProvider(config: SearchProviderConfig): SearchProvider {
  return {
    kind: 'bocha',
    async search({ query, count, signal }) {
      const answer = await postJsonWithKey(
        endpoint(config.baseUrl, '/v1/web-search'),
        {
          apiKey: config.apiKey,
          body: { query, count, summary: true, freshness: 'noLimit' },
          signal,
        },
        bochaAnswer,
        bochaReason,
      );
      if (answer.code !== 200) {
        throw httpError(answer.code, bochaReason(answer));
      }
      return (answer.data?.webPages?.value ?? [])
        .filter((page) => isWebUrl(page.url))
        .slice(0, count)
        .map((page) => ({
          title: plainText(page.name, 200) || hostOf(page.url),
          url: page.url,
          // The summary is the longer extract Bocha makes for models; the snippet is the short one.
          snippet: plainText(page.summary || page.snippet),
          site: plainText(page.siteName, 60) || hostOf(page.url),
          ...(page.datePublished ? { publishedAt: page.datePublished } : {}),
        }));
    },
  };
}
