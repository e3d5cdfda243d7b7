import type { Socket } from 'node:net';
import { type ErrorBody, INVALID_TOKEN_CODE } from '@wanxiang/api-client/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { formatWait, messages } from '../i18n/zh-CN';

const m = messages.http;

/** An error whose status and DRF-shaped body are meant for the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail ?? body.non_field_errors?.[0] ?? `HTTP ${statusCode}`);
    this.name = 'HttpError';
  }
}

export const fieldErrors = (errors: Record<string, string[]>) => new HttpError(400, { errors });

export const tokenNotValid = () =>
  new HttpError(
    401,
    { detail: messages.auth.tokenInvalid, code: INVALID_TOKEN_CODE },
    { 'www-authenticate': 'Bearer realm="api", error="invalid_token"' },
  );

export const notAuthenticated = () =>
  new HttpError(
    401,
    { detail: messages.auth.notAuthenticated, code: 'not_authenticated' },
    { 'www-authenticate': 'Bearer realm="api"' },
  );

export const throttled = (
  retryAfterSeconds: number,
  detail = m.tooManyRequests(formatWait(retryAfterSeconds)),
) =>
  new HttpError(
    429,
    { detail, code: 'throttled' },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

export const notFound = () => new HttpError(404, { detail: m.notFound });

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2} MB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} 字节`;
}

/** Fastify's own 4xx errors, by code, in the words users read. */
function frameworkDetail(error: FastifyError, request: FastifyRequest): string | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return m.emptyJsonBody;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return m.invalidJson;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return m.invalidContentLength;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return m.bodyTooLarge(
        formatBytes(request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0),
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return m.unsupportedMediaType(String(request.headers['content-type'] ?? '').split(';')[0] ?? '');
    case 'FST_ERR_BAD_URL':
      return m.badUrl;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return m.uriTooLong;
    default:
      return undefined;
  }
}

function statusDetail(status: number): string {
  switch (status) {
    case 401:
      return messages.auth.notAuthenticated;
    case 403:
      return m.forbidden;
    case 404:
      return m.notFound;
    case 405:
      return m.methodNotAllowed;
    case 406:
      return m.notAcceptable;
    case 409:
      return m.conflict;
    case 413:
      return m.bodyTooLarge(formatBytes(0));
    case 414:
      return m.uriTooLong;
    case 415:
      return m.unsupportedMediaType('');
    case 431:
      return m.headersTooLarge;
    case 429:
      return m.tooManyRequests(formatWait(60));
    default:
      return m.badRequest;
  }
}

function sendError(reply: FastifyReply, error: HttpError) {
  return reply.code(error.statusCode).headers(error.headers).send(error.body);
}

/**
 * One error handler for the whole app: DRF shapes, Chinese texts, and never a 500 for something the client
 * did wrong. Unexpected errors are logged with their stack and answered with a generic text.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error);

    if (Array.isArray(error.validation)) {
      const errors: Record<string, string[]> = {};
      const nonField: string[] = [];
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/').filter(Boolean).join('.');
        const message = issue.message ?? m.badRequest;
        if (!field) {
          // The body as a whole has the wrong type (a string, an array, nothing at all).
          nonField.push(issue.keyword === 'invalid_type' ? m.notAnObject : message);
          continue;
        }
        const list = errors[field] ?? [];
        if (!list.includes(message)) list.push(message);
        errors[field] = list;
      }
      const body: ErrorBody = {};
      if (Object.keys(errors).length > 0) body.errors = errors;
      if (nonField.length > 0) body.non_field_errors = [...new Set(nonField)];
      return reply.code(400).send(body);
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      request.log.info({ code: error.code, status }, error.message);
      const detail = frameworkDetail(error, request) ?? statusDetail(status);
      return reply.code(status).send({ detail });
    }

    request.log.error({ err: error }, 'unhandled error');
    const unavailable = status === 503;
    return reply.code(unavailable ? 503 : 500).send({ detail: unavailable ? m.unavailable : m.internal });
  });
}

/**
 * Errors Fastify answers before a route runs (a malformed URL, a path parameter over its length limit), with
 * the product's Chinese body instead of Fastify's English one. (They meet no route, so no error handler.)
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 400;
  reply.code(status).send({ detail: frameworkDetail(error, request) ?? statusDetail(status) });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over the size limit, a
 * timeout, bytes that are not HTTP): answered on the socket in the product's JSON shape, then closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', m.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', m.requestTimeout]
        : [400, 'Bad Request', m.badRequest];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
