import type { TestProject } from 'vitest/node';
import { startFakeSearch } from '../apps/server/test/fake-search';
import { buildProduct, LOAD_TEST_LIMITS, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The local search service the server's 联网搜索 asks (SearXNG's format). */
    searchURL: string;
    accessTokenTtlSeconds: number;
  }
}

/**
 * Builds the product as a user gets it (unless E2E_SKIP_BUILD=1, for quick local reruns), then starts
 * the real server on a free port with a throwaway data directory. DATABASE_URL passes through, so CI
 * runs the journeys on PostgreSQL when it is set.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') buildProduct();
  // Short-lived access tokens, so that a journey sees one expire and be refreshed without noticing.
  const accessTokenTtlSeconds = 70;
  // 联网搜索 asks a local service speaking SearXNG's format, which also serves the pages it finds.
  const search = await startFakeSearch();
  const server = await startServer({
    ACCESS_TOKEN_TTL: `${accessTokenTtlSeconds}s`,
    NODE_ENV: 'production',
    SEARCH_PROVIDER: 'searxng',
    SEARCH_BASE_URL: search.baseURL,
    ...LOAD_TEST_LIMITS,
  });
  project.provide('baseURL', server.baseURL);
  project.provide('searchURL', search.baseURL);
  project.provide('accessTokenTtlSeconds', accessTokenTtlSeconds);
  return async () => {
    await server.stop();
    await search.close();
  };
}
