import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { throttled } from '../../http/errors';
import { countHit } from './counters';

export interface RequestLimit {
  max: number;
  /** Seconds. */
  window: number;
}

/**
 * Requests per signed-in user over every signed-in route, counted in the database (so across instances).
 * Run by requireAuth right after the token is checked, before the body is read.
 */
export function createUserLimit(db: Db, limit: RequestLimit) {
  return async (userId: string): Promise<void> => {
    const { hits, retryAfter } = await countHit(db, `user:${userId}`, limit.window);
    if (hits > limit.max) throw throttled(retryAfter);
  };
}

/** onRequest hook: requests per client address to one unauthenticated route, counted in the database. */
export function createAddressLimit(db: Db, limit: RequestLimit) {
  return async (request: FastifyRequest): Promise<void> => {
    const route = request.routeOptions.url ?? request.url;
    const { hits, retryAfter } = await countHit(db, `ip:${route}:${normalizeIP(request.ip)}`, limit.window);
    if (hits > limit.max) throw throttled(retryAfter);
  };
}
