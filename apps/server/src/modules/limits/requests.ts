import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { throttled } from '../../http/errors';
import { type CounterHit, countHit } from './counters';

export interface RequestLimit {
  max: number;
  /** Seconds. */
  window: number;
}

/**
 * Requests per signed-in user over every signed-in route, counted in the database (so across instances).
 * Counted by requireAuth in the statement that checks the token's session (AuthService.authenticate),
 * before the body is read. This is its counter.
 */
export const userLimitKey = (userId: string) => `user:${userId}`;

/** Refuses a request over the per-user limit, from its counted hit. */
export function checkUserLimit({ hits, retryAfter }: CounterHit, limit: RequestLimit): void {
  if (hits > limit.max) throw throttled(retryAfter);
}

/** onRequest hook: requests per client address to one unauthenticated route, counted in the database. */
export function createAddressLimit(db: Db, limit: RequestLimit) {
  return async (request: FastifyRequest): Promise<void> => {
    const route = request.routeOptions.url ?? request.url;
    const { hits, retryAfter } = await countHit(db, `ip:${route}:${normalizeIP(request.ip)}`, limit.window);
    if (hits > limit.max) throw throttled(retryAfter);
  };
}
