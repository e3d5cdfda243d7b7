/**
 * A local HTTP server speaking three web search APIs in their public formats, for the search tests and the
 * end-to-end journey:
 *
 * - SearXNG `GET /search?q=…&format=json` (403 without format=json, as a stock instance answers)
 * - Tavily `POST /search` with `Authorization: Bearer …`, errors as `{"detail": {"error": "…"}}`
 * - Bocha `POST /v1/web-search` with `Authorization: Bearer …`, `{code, msg, data: {webPages: {value}}}`
 *
 * Results are made from the query. A query containing one of these words fails as named instead:
 * `fail-401`, `fail-403` (SearXNG: as an instance without the JSON format), `fail-429`, `fail-500`, `fail-quota` (Tavily 432, Bocha 403 余额不足), `fail-code` (Bocha: an
 * error code in an HTTP 200), `fail-malformed` (a 200 of the wrong shape), `fail-slow` (answers after
 * `slowMs`), `nothing` (no results). A wrong key (not `options.key`) is a 401. It also serves the result
 * pages themselves (`GET /page/<n>`), so that a citation can be followed to a real page.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as bodyText } from 'node:stream/consumers';

export interface FakeSearchRequest {
  provider: 'searxng' | 'tavily' | 'bocha';
  query: string;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
  url: string;
}

export interface FakeSearch {
  baseURL: string;
  key: string;
  requests: FakeSearchRequest[];
  close(): Promise<void>;
}

export interface FakeSearchOptions {
  key: string;
  slowMs: number;
  /** Results for a query that names no failure. */
  results: number;
}

export interface FakeResult {
  title: string;
  url: string;
  content: string;
  site: string;
}

/** The results the fake gives for `query`: titles and snippets quote it, pages are on the fake itself. */
export function fakeResults(baseURL: string, query: string, count: number): FakeResult[] {
  const sites = ['新华网', '人民网', '中国政府网', '澎湃新闻', '36氪', '知乎', '维基百科', '央视网'];
  return Array.from({ length: count }, (_, i) => ({
    title: `${query}（来源 ${i + 1}）`,
    url: `${baseURL}/page/${i + 1}?q=${encodeURIComponent(query)}`,
    content: `这是第 ${i + 1} 条关于“${query}”的搜索结果摘要，由本地测试搜索服务生成。`,
    site: sites[i % sites.length] ?? '网站',
  }));
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function startFakeSearch(overrides: Partial<FakeSearchOptions> = {}): Promise<FakeSearch> {
  const options: FakeSearchOptions = { key: 'test-search-key', slowMs: 5000, results: 3, ...overrides };
  const requests: FakeSearchRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let baseURL = '';

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const page = /^\/page\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const q = url.searchParams.get('q') ?? '';
      res.end(
        `<!doctype html><html lang="zh-CN"><title>来源 ${page[1]}</title><h1>来源 ${page[1]}</h1><p>${q.replace(/[<&]/g, '')}</p></html>`,
      );
      return;
    }
    let provider: FakeSearchRequest['provider'];
    let query: string;
    let body: Record<string, unknown> | undefined;
    if (req.method === 'GET' && url.pathname === '/search') {
      provider = 'searxng';
      query = url.searchParams.get('q') ?? '';
    } else if (req.method === 'POST' && (url.pathname === '/search' || url.pathname === '/v1/web-search')) {
      provider = url.pathname === '/search' ? 'tavily' : 'bocha';
      try {
        body = JSON.parse(await bodyText(req)) as Record<string, unknown>;
      } catch {
        send(res, 400, { detail: { error: 'Invalid JSON' } });
        return;
      }
      query = String(body.query ?? '');
    } else {
      send(res, 404, { detail: 'Not Found' });
      return;
    }
    const authorization = req.headers.authorization;
    requests.push({ provider, query, authorization, body, url: req.url ?? '' });

    const failWith = (status: number, message: string) => {
      if (provider === 'tavily') send(res, status, { detail: { error: message } });
      else if (provider === 'bocha') send(res, status, { code: status, msg: message, log_id: 'fake' });
      else send(res, status, status === 403 ? undefined : { error: message });
    };

    if (provider === 'searxng' && (url.searchParams.get('format') !== 'json' || query.includes('fail-403'))) {
      res.writeHead(403, { 'content-type': 'text/html' }).end('<h1>403 Forbidden</h1>');
      return;
    }
    if (provider !== 'searxng' && authorization !== `Bearer ${options.key}`) {
      failWith(401, provider === 'tavily' ? 'Unauthorized: missing or invalid API key.' : 'Invalid API KEY');
      return;
    }
    if (query.includes('fail-401')) return failWith(401, 'Unauthorized: missing or invalid API key.');
    if (query.includes('fail-429')) return failWith(429, 'Too many requests');
    if (query.includes('fail-500')) return failWith(500, 'Internal error');
    if (query.includes('fail-quota')) {
      if (provider === 'tavily') return failWith(432, "This request exceeds your plan's set usage limit.");
      if (provider === 'bocha') return failWith(403, '余额不足');
      return failWith(402, 'quota');
    }
    if (query.includes('fail-code') && provider === 'bocha') {
      send(res, 200, { code: 400, msg: '参数错误：query 不能为空', log_id: 'fake' });
      return;
    }
    if (query.includes('fail-malformed')) {
      send(res, 200, { unexpected: true, items: 'not a list' });
      return;
    }
    const answer = () => {
      const hits = query.includes('nothing') ? [] : fakeResults(baseURL, query, options.results);
      if (provider === 'searxng') {
        send(res, 200, {
          query,
          number_of_results: hits.length,
          results: hits.map((hit) => ({
            url: hit.url,
            title: hit.title,
            content: hit.content,
            engine: 'bing',
            engines: ['bing'],
            score: 1,
            category: 'general',
            publishedDate: null,
          })),
          answers: [],
          corrections: [],
          infoboxes: [],
          suggestions: [],
          unresponsive_engines: [],
        });
      } else if (provider === 'tavily') {
        send(res, 200, {
          query,
          follow_up_questions: null,
          answer: null,
          images: [],
          results: hits.map((hit, i) => ({
            title: hit.title,
            url: hit.url,
            content: hit.content,
            score: 0.9 - i / 10,
            raw_content: null,
          })),
          response_time: 0.42,
        });
      } else {
        send(res, 200, {
          code: 200,
          log_id: 'fake',
          msg: null,
          data: {
            _type: 'SearchResponse',
            queryContext: { originalQuery: query },
            webPages: {
              webSearchUrl: '',
              totalEstimatedMatches: hits.length,
              value: hits.map((hit, i) => ({
                id: `https://api.bochaai.com/v1/#WebPages.${i}`,
                name: hit.title,
                url: hit.url,
                displayUrl: hit.url,
                snippet: hit.content.slice(0, 20),
                summary: hit.content,
                siteName: hit.site,
                siteIcon: '',
                datePublished: '2026-11-20T08:00:00+08:00',
                dateLastCrawled: '2026-11-20T08:00:00Z',
              })),
              someResultsRemoved: true,
            },
            images: null,
            videos: null,
          },
        });
      }
    };
    if (query.includes('fail-slow')) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, options.slowMs);
      timers.add(timer);
      return;
    }
    answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseURL,
    key: options.key,
    requests,
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
