/** The HTTP call and the error mapping the providers share. */
import type { z } from 'zod';
import { messages } from '../../i18n/zh-CN';
import { SearchError } from './types';

const m = messages.search;

/** `path` under `base`, keeping a base path (`http://host/searx` + `/search`). */
export function endpoint(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url;
}

/**
 * Sends the request and answers its JSON body checked by `schema`. An HTTP error becomes a SearchError
 * whose message names what went wrong (the key, the quota, the engine), with `reason` the provider's own
 * text when `reasonOf` finds one in the body.
 */
export async function requestJson<T>(
  url: URL,
  init: RequestInit & { signal: AbortSignal },
  schema: z.ZodType<T>,
  reasonOf: (body: unknown) => string | undefined,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'follow' });
  } catch (error) {
    if (init.signal.aborted) throw abortError(init.signal, error);
    throw new SearchError('unreachable', m.unreachable, { cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (init.signal.aborted) throw abortError(init.signal, error);
    throw new SearchError('unreachable', m.unreachable, { cause: error });
  }
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw httpError(response.status, body === undefined ? undefined : reasonOf(body));
  if (body === undefined) throw new SearchError('bad_response', m.badResponse);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SearchError('bad_response', m.badResponse, { cause: parsed.error });
  return parsed.data;
}

/** A JSON POST with a bearer key, as Bocha and Tavily both take their searches; see {@link requestJson}. */
export function postJsonWithKey<T>(
  url: URL,
  request: { apiKey: string | undefined; body: unknown; signal: AbortSignal },
  schema: z.ZodType<T>,
  reasonOf: (body: unknown) => string | undefined,
): Promise<T> {
  return requestJson(
    url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${request.apiKey ?? ''}`,
      },
      body: JSON.stringify(request.body),
      signal: request.signal,
    },
    schema,
    reasonOf,
  );
}

function abortError(signal: AbortSignal, cause: unknown): unknown {
  const reason = signal.reason as unknown;
  if (reason instanceof SearchError) return reason;
  return reason ?? cause;
}

/** An HTTP status (or a provider's own code in a 200 body, as Bocha's) as the user's note. */
export function httpError(status: number, reason: string | undefined): SearchError {
  const options = { status };
  // Bocha's 余额不足 (its balance is used up) comes as a 403 with its own text.
  if (status === 403 && reason && /余额|quota|balance/i.test(reason)) {
    return new SearchError('quota', m.quota(reason), options);
  }
  if (status === 401 || status === 403) return new SearchError('auth', m.auth(status, reason), options);
  if (status === 429) return new SearchError('rate_limited', m.rateLimited, options);
  // Tavily's plan and pay-as-you-go limits.
  if (status === 402 || status === 432 || status === 433) {
    return new SearchError('quota', m.quota(reason), options);
  }
  if (status >= 500) return new SearchError('unavailable', m.unavailable(status), options);
  return new SearchError('rejected', m.rejected(status, reason), options);
}

/** The host of a URL, without `www.`, for the sources list; '' for a URL that does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Only http(s) pages are offered as sources: a `javascript:` or `data:` link must never reach a page. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Collapses whitespace and strips the tags some engines leave in titles and snippets. */
export function plainText(text: string | null | undefined, max = 400): string {
  if (!text) return '';
  const flat = text
    .replace(/<[^>]{0,200}>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : flat;
}
