import type { FastifyRequest } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';
import type { Config } from './config';

/** Anything that could carry a credential never reaches the logs. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'password',
  'refresh',
  'access',
  'token',
  '*.password',
  '*.refresh',
  '*.access',
  '*.token',
  '*.passwordHash',
  '*.*.password',
  '*.*.refresh',
  '*.*.access',
];

/**
 * Fields of database errors that carry the statement's values: drizzle's `params` (and its message, which
 * lists them), PostgreSQL's `detail` (`Key (email)=(…) already exists`), `where` and `internalQuery`.
 * A failed insert of an account would otherwise log its e-mail and password hash, a failed turn its prompt.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);
/** PostgreSQL's data exceptions (class 22) quote the offending value at the end of their message. */
const QUOTED_VALUE = /: "[\s\S]*"$/;
const REDACTED = '[redacted]';

/** A copy of `error` and its causes without the values of the statement that failed. */
function withoutValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const source = error as Error & Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) {
    if (VALUE_FIELDS.has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (descriptor) Object.defineProperty(copy, key, descriptor);
  }
  let message = error.message;
  if (typeof source.query === 'string' && Array.isArray(source.params)) {
    message = `Failed query: ${source.query}\nparams: ${REDACTED}`;
  } else if (typeof source.code === 'string' && source.code.startsWith('22') && 'severity' in source) {
    message = message.replace(QUOTED_VALUE, `: "${REDACTED}"`);
  }
  if (message !== error.message) {
    copy.message = message;
    copy.stack = (error.stack ?? '').replace(error.message, message);
  }
  if ('cause' in error) copy.cause = withoutValues(error.cause, depth + 1);
  if (Array.isArray(source.errors)) copy.errors = source.errors.map((item) => withoutValues(item, depth + 1));
  return copy;
}

/** pino's error serializer, fed errors without their statement's values. */
export function serializeError(error: unknown) {
  return stdSerializers.err(withoutValues(error) as Error);
}

/** A parameter's name that says nothing of its value (page, page_size, q). */
const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,40}$/;

/**
 * A request's url as logged: the path, and its query with every value replaced. A query carries what people
 * type (a chat search's `q` is what they looked for in their own conversations) and, from some clients,
 * codes and tokens; none of it belongs in an access log kept for weeks. The names stay, so that a log still
 * says which parameters came; a name that is not plainly one (`?某个词`) is replaced as well.
 */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      if (!PLAIN_NAME.test(name)) return REDACTED;
      return equals < 0 ? name : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/**
 * fastify's request serializer, with the url's query values redacted. Anything else code logs as `req` is
 * left to the redaction paths.
 */
function serializeRequest(value: FastifyRequest | Record<string, unknown>) {
  if (typeof value?.url !== 'string' || typeof value.method !== 'string') return value;
  const request = value as FastifyRequest;
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: { err: serializeError, req: serializeRequest },
    // pino-pretty is a dev dependency: LOG_FORMAT=pretty is for development only.
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

const SEVERITY = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/**
 * A route's own log level is absolute in fastify, so quieting a noisy route must never make it louder
 * than the process (LOG_LEVEL=silent stays silent).
 */
export function quieter(level: Config['logLevel'], atLeast: 'warn' | 'error'): Config['logLevel'] {
  return SEVERITY.indexOf(level) >= SEVERITY.indexOf(atLeast) ? level : atLeast;
}
