import { TOKEN_REFRESH_REQUIRED_HEADER } from '@wanxiang/api-client/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, AuthService } from '../modules/auth/service';
import { checkUserLimit, type RequestLimit } from '../modules/limits/requests';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth; null on routes that do not require it. */
    auth: AuthContext | null;
  }
}

export type RequireAuth = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * onRequest hook of the routes that need a signed-in user: a request without a valid token is answered
 * before its body is read, so an anonymous client cannot make the server take in a megabyte to refuse it.
 */
export function createRequireAuth(
  auth: AuthService,
  /** The per-user request limit, counted with the session check once the token is valid. */
  userLimit?: RequestLimit,
): RequireAuth {
  return async (request, reply) => {
    const { hit, ...context } = await auth.authenticate(request.headers.authorization, userLimit);
    request.auth = context;
    if (context.refreshRequired) reply.header(TOKEN_REFRESH_REQUIRED_HEADER, 'true');
    if (hit && userLimit) checkUserLimit(hit, userLimit);
  };
}

/** The authenticated context of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing the requireAuth hook');
  return request.auth;
}
