import type { LoggerOptions } from 'pino';
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

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
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
