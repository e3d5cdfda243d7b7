import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { messages } from './i18n/zh-CN';
import { loadModels, type ModelDefinition, ModelsConfigError, OFFLINE_MODES } from './modules/models/config';
import { DEFAULT_SEARCH_BASE_URLS, SEARCH_PROVIDERS, type SearchSettings } from './modules/search';
import { defaultWebDistDir, packageJsonPath } from './paths';

const c = messages.config;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const LOG_FORMATS = ['json', 'pretty'] as const;
export const MARKET_DATA_SOURCES = ['simulated', 'eastmoney'] as const;
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
const MIN_SECRET_LENGTH = 32;
const DAY = 86_400;

/**
 * The whole configuration of one server process. Durations are in seconds, sizes in bytes.
 *
 * Each setting is written once: its variable, default and range in `envSchema` (which also gives its
 * TypeScript type), its place in the configuration in `loadConfig` (whose comments say what it means), and
 * a row of the settings table in this package's README (test/config-readme.test.ts holds the two
 * together). This type is what `loadConfig` builds, not a copy of it.
 */
export type Config = Awaited<ReturnType<typeof loadConfig>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`${c.invalid}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: DAY };

/** "300" (seconds), "30s", "5m", "12h", "30d", "1500ms" → seconds; undefined when malformed. */
export function parseDuration(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i.exec(raw.trim());
  if (!match?.[1]) return undefined;
  return Number(match[1]) * (UNIT_SECONDS[(match[2] ?? 's').toLowerCase()] ?? 1);
}

const UNIT_BYTES: Record<string, number> = {
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
};

/** "1048576", "512kb", "1mb" → bytes; undefined when malformed. */
export function parseSize(raw: string): number | undefined {
  const match = /^(\d+)\s*(b|kb?|mb?|gb?)?$/i.exec(raw.trim());
  if (!match?.[1]) return undefined;
  return Number(match[1]) * (UNIT_BYTES[(match[2] ?? 'b').toLowerCase()] ?? 1);
}

function formatSeconds(seconds: number): string {
  if (seconds >= DAY && seconds % DAY === 0) return `${seconds / DAY}d`;
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

const optionalString = z.string().optional();

/** An optional http(s) address, e.g. of a page the operator publishes. */
const optionalHttpUrl = optionalString.superRefine((raw, ctx) => {
  if (raw === undefined) return;
  try {
    if (!['http:', 'https:'].includes(new URL(raw).protocol)) throw new Error();
  } catch {
    ctx.addIssue({ code: 'custom', message: c.httpUrl });
  }
});

const intVar = (fallback: number, min: number, max: number) =>
  optionalString.transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const n = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: c.integerRange(min, max) });
      return z.NEVER;
    }
    return n;
  });

const durationVar = (fallback: string, min: number, max: number) =>
  optionalString.transform((raw, ctx) => {
    const seconds = parseDuration(raw ?? fallback);
    if (seconds === undefined) {
      ctx.addIssue({ code: 'custom', message: c.duration });
      return z.NEVER;
    }
    if (seconds < min || seconds > max) {
      ctx.addIssue({ code: 'custom', message: c.durationRange(formatSeconds(min), formatSeconds(max)) });
      return z.NEVER;
    }
    return seconds;
  });

const sizeVar = (fallback: string, min: number, max: number) =>
  optionalString.transform((raw, ctx) => {
    const bytes = parseSize(raw ?? fallback);
    if (bytes === undefined || bytes < min || bytes > max) {
      ctx.addIssue({ code: 'custom', message: c.size });
      return z.NEVER;
    }
    return bytes;
  });

const enumVar = <const T extends readonly string[]>(values: T, fallback: T[number]) =>
  optionalString.transform((raw, ctx) => {
    const value = (raw ?? fallback).toLowerCase();
    if (!values.includes(value)) {
      ctx.addIssue({ code: 'custom', message: c.oneOf(values) });
      return z.NEVER;
    }
    return value as T[number];
  });

const stringVar = (fallback: string) => optionalString.transform((raw) => raw ?? fallback);

/** The environment variables, each with its default and range; exported for the README check. */
export const envSchema = z.object({
  PORT: intVar(8000, 0, 65_535),
  HOST: stringVar('0.0.0.0'),
  DATA_DIR: stringVar('./data'),
  DATABASE_URL: optionalString.superRefine((raw, ctx) => {
    if (raw === undefined) return;
    let ok = false;
    try {
      ok = ['postgres:', 'postgresql:'].includes(new URL(raw).protocol);
    } catch {
      ok = false;
    }
    if (!ok) ctx.addIssue({ code: 'custom', message: c.postgresUrl });
  }),
  DATABASE_POOL_MAX: intVar(10, 1, 1000),
  LOG_LEVEL: enumVar(LOG_LEVELS, 'info'),
  LOG_FORMAT: enumVar(LOG_FORMATS, 'json'),
  JWT_SECRET: optionalString.superRefine((raw, ctx) => {
    if (raw !== undefined && raw.length < MIN_SECRET_LENGTH) {
      ctx.addIssue({ code: 'custom', message: c.secretTooShort(MIN_SECRET_LENGTH) });
    }
  }),
  ACCESS_TOKEN_TTL: durationVar('5m', 1, DAY),
  REFRESH_TOKEN_TTL: durationVar('1d', 1, 365 * DAY),
  REFRESH_TOKEN_TTL_REMEMBER: durationVar('30d', 1, 365 * DAY),
  REFRESH_REUSE_GRACE: durationVar('30s', 0, 300),
  SESSION_MAX_AGE: durationVar('90d', 1, 5 * 365 * DAY),
  TOKEN_REFRESH_THRESHOLD: durationVar('60s', 0, DAY),
  WEB_DIST_DIR: stringVar(defaultWebDistDir),
  BODY_LIMIT: sizeVar('1mb', 1024, 1024 ** 3),
  TRUST_PROXY: optionalString.transform((raw, ctx): boolean | number | string[] => {
    if (raw === undefined || /^(false|0|no|off)$/i.test(raw)) return false;
    if (/^(true|yes|on)$/i.test(raw)) return true;
    if (/^\d+$/.test(raw)) return Number(raw);
    const list = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (
      list.length === 0 ||
      list.some((s) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(s) && !/^(loopback|linklocal|uniquelocal)$/.test(s))
    ) {
      ctx.addIssue({ code: 'custom', message: c.trustProxy });
      return z.NEVER;
    }
    return list;
  }),
  RATE_LIMIT_MAX: intVar(60, 1, 1_000_000),
  RATE_LIMIT_WINDOW: durationVar('1m', 1, DAY),
  USER_RATE_LIMIT_MAX: intVar(300, 1, 1_000_000),
  USER_RATE_LIMIT_WINDOW: durationVar('1m', 1, DAY),
  LOGIN_FREE_FAILURES: intVar(5, 1, 10_000),
  LOGIN_BACKOFF: durationVar('30s', 1, DAY),
  LOGIN_BACKOFF_MAX: durationVar('15m', 1, 7 * DAY),
  LOGIN_ACCOUNT_FREE_FAILURES: intVar(20, 1, 1_000_000),
  LOGIN_CHALLENGE_BITS: intVar(16, 3, 26),
  LOGIN_CHALLENGE_BITS_MAX: intVar(18, 3, 26),
  LOGIN_CHALLENGE_TTL: durationVar('5m', 10, DAY),
  LOGIN_MAX_FAILURES_PER_IP: intVar(50, 1, 1_000_000),
  LOGIN_FAILURE_WINDOW: durationVar('15m', 1, 7 * DAY),
  REGISTRATION_MODE: enumVar(REGISTRATION_MODES, 'open'),
  REGISTRATIONS_PER_IP_PER_DAY: intVar(10, 1, 1_000_000),
  TERMS_URL: optionalHttpUrl,
  PRIVACY_URL: optionalHttpUrl,
  PUBLIC_URL: optionalHttpUrl,
  SMTP_URL: optionalString.superRefine((raw, ctx) => {
    if (raw === undefined) return;
    try {
      if (!['smtp:', 'smtps:'].includes(new URL(raw).protocol)) throw new Error();
    } catch {
      ctx.addIssue({ code: 'custom', message: c.smtpUrl });
    }
  }),
  SMTP_HOST: optionalString,
  SMTP_PORT: intVar(587, 1, 65_535),
  SMTP_SECURE: enumVar(['true', 'false'] as const, 'false'),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: optionalString,
  REQUEST_TIMEOUT: durationVar('30s', 1, 3600),
  IDLE_TIMEOUT: durationVar('2m', 20, DAY),
  KEEP_ALIVE_TIMEOUT: durationVar('72s', 1, 3600),
  DEFAULT_PLAN_NAME: stringVar(messages.plans.defaultName),
  DEFAULT_PLAN_CREDITS: intVar(1000, 0, 1_000_000_000),
  DEFAULT_PLAN_STORAGE: sizeVar('1gb', 0, 1024 ** 4),
  PASSWORD_HASH_MEMORY_KIB: intVar(19_456, 1024, 4 * 1024 * 1024),
  PASSWORD_HASH_ITERATIONS: intVar(2, 1, 100),
  PASSWORD_HASH_PARALLELISM: intVar(1, 1, 16),
  SHUTDOWN_TIMEOUT: durationVar('10s', 1, 3600),
  FILE_READ_THREADS: intVar(1, 1, 16),
  FILE_READ_TIMEOUT: durationVar('20s', 1, 600),
  FILE_READ_HEAP_MB: intVar(384, 64, 8192),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.superRefine((raw, ctx) => {
    if (raw === undefined) return;
    try {
      if (!['http:', 'https:'].includes(new URL(raw).protocol)) throw new Error();
    } catch {
      ctx.addIssue({ code: 'custom', message: c.httpUrl });
    }
  }),
  S3_REGION: stringVar('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: enumVar(['true', 'false'] as const, 'true'),
  MODELS_CONFIG: optionalString,
  MODELS_CONFIG_JSON: optionalString,
  OFFLINE_MODEL: enumVar(OFFLINE_MODES, 'auto'),
  OFFLINE_MODEL_CHUNK_DELAY: durationVar('35ms', 0, 10),
  MODEL_FIRST_TOKEN_TIMEOUT: durationVar('60s', 1, 3600),
  MODEL_RETRIES: intVar(1, 0, 5),
  CHAT_HISTORY_MESSAGES: intVar(20, 0, 500),
  CHAT_UNWATCHED_GRACE: durationVar('30s', 0, 3600),
  MAX_CONCURRENT_STREAMS: intVar(3, 1, 1000),
  STREAM_SLOT_LEASE: durationVar('1m', 3, 3600),
  SEARCH_PROVIDER: enumVar(SEARCH_PROVIDERS, 'none'),
  SEARCH_BASE_URL: optionalString.superRefine((raw, ctx) => {
    if (raw === undefined) return;
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(raw).protocol);
    } catch {
      ok = false;
    }
    if (!ok) ctx.addIssue({ code: 'custom', message: c.httpUrl });
  }),
  SEARCH_API_KEY: optionalString,
  SEARCH_TIMEOUT: durationVar('8s', 1, 120),
  SEARCH_MAX_RESULTS: intVar(5, 1, 20),
  SEARCH_PRICE_CREDITS: intVar(0, 0, 1_000_000),
  MARKET_DATA_SOURCE: enumVar(MARKET_DATA_SOURCES, 'simulated'),
  MARKET_BACKFILL_DAYS: intVar(90, 0, 240),
  MARKET_RETRIES: intVar(2, 0, 10),
  STRATEGY_SCHEDULER: enumVar(['on', 'off'] as const, 'on'),
  STRATEGY_TICK: durationVar('1m', 1, 3600),
  STRATEGY_SUMMARY_MODEL: optionalString,
});

type EnvKey = keyof typeof envSchema.shape;
const SECRET_VARS = new Set<string>([
  'JWT_SECRET',
  'DATABASE_URL',
  'MODELS_CONFIG_JSON',
  'SEARCH_API_KEY',
  'SMTP_URL',
  'SMTP_PASS',
]);

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Validates the environment; every problem is reported at once, each naming its variable. */
export function parseEnv(env: NodeJS.ProcessEnv) {
  // Only our variables, trimmed; an empty value means "not set" so `FOO=` falls back to the default.
  const input: Partial<Record<EnvKey, string>> = {};
  for (const key of Object.keys(envSchema.shape) as EnvKey[]) {
    const value = env[key]?.trim();
    if (value) input[key] = value;
  }
  const result = envSchema.safeParse(input);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      const shown = SECRET_VARS.has(name) ? undefined : input[name as EnvKey];
      problems.push(c.variable(name, issue.message, shown));
    }
    throw new ConfigError(problems);
  }
  const e = result.data;
  if (e.REFRESH_TOKEN_TTL <= e.ACCESS_TOKEN_TTL) {
    problems.push(c.variable('REFRESH_TOKEN_TTL', c.refreshShorterThanAccess, input.REFRESH_TOKEN_TTL));
  }
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    problems.push(c.variable('S3_BUCKET', c.s3NeedsKeys, input.S3_BUCKET));
  }
  if (e.REFRESH_TOKEN_TTL_REMEMBER < e.REFRESH_TOKEN_TTL) {
    problems.push(
      c.variable(
        'REFRESH_TOKEN_TTL_REMEMBER',
        c.rememberShorterThanRefresh,
        input.REFRESH_TOKEN_TTL_REMEMBER,
      ),
    );
  }
  if (e.SEARCH_PROVIDER !== 'none') {
    if (!e.SEARCH_BASE_URL && !DEFAULT_SEARCH_BASE_URLS[e.SEARCH_PROVIDER]) {
      problems.push(c.variable('SEARCH_BASE_URL', c.searchBaseUrlNeeded(e.SEARCH_PROVIDER), undefined));
    }
    if (e.SEARCH_PROVIDER !== 'searxng' && !e.SEARCH_API_KEY) {
      problems.push(c.variable('SEARCH_API_KEY', c.searchKeyNeeded(e.SEARCH_PROVIDER), undefined));
    }
  }
  if (e.SMTP_URL || e.SMTP_HOST) {
    if (e.SMTP_URL && e.SMTP_HOST) problems.push(c.variable('SMTP_HOST', c.smtpTwice, input.SMTP_HOST));
    if (!e.SMTP_FROM) problems.push(c.variable('SMTP_FROM', c.smtpNeeds, undefined));
    if (!e.PUBLIC_URL) problems.push(c.variable('PUBLIC_URL', c.smtpNeeds, undefined));
    if (Boolean(e.SMTP_USER) !== Boolean(e.SMTP_PASS)) {
      problems.push(c.variable(e.SMTP_USER ? 'SMTP_PASS' : 'SMTP_USER', c.smtpUserAndPass, undefined));
    }
  } else {
    for (const name of ['SMTP_USER', 'SMTP_PASS', 'SMTP_FROM'] as const) {
      if (e[name]) problems.push(c.variable(name, c.smtpWithoutServer, undefined));
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return e;
}

/** The SMTP server of the password-reset mail; null when none is configured (忘记密码 is not offered). */
function mailSettings(e: ReturnType<typeof parseEnv>) {
  if (!(e.SMTP_URL || e.SMTP_HOST) || !e.SMTP_FROM || !e.PUBLIC_URL) return null;
  return {
    /** A nodemailer connection URL, or the host's settings. */
    transport: e.SMTP_URL
      ? e.SMTP_URL
      : {
          host: e.SMTP_HOST ?? '',
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE === 'true',
          ...(e.SMTP_USER ? { auth: { user: e.SMTP_USER, pass: e.SMTP_PASS ?? '' } } : {}),
        },
    /** The sender, e.g. 万象 <noreply@example.com>. */
    from: e.SMTP_FROM,
    /** The site's address, which the reset link starts with (never taken from a request's Host header). */
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
  };
}

function searchSettings(e: ReturnType<typeof parseEnv>): SearchSettings | null {
  if (e.SEARCH_PROVIDER === 'none') return null;
  return {
    kind: e.SEARCH_PROVIDER,
    baseUrl: e.SEARCH_BASE_URL ?? DEFAULT_SEARCH_BASE_URLS[e.SEARCH_PROVIDER] ?? '',
    apiKey: e.SEARCH_API_KEY,
    timeout: e.SEARCH_TIMEOUT,
    maxResults: e.SEARCH_MAX_RESULTS,
    price: e.SEARCH_PRICE_CREDITS,
  };
}

/**
 * A generated secret is kept in DATA_DIR/secret so tokens survive restarts. `wx` makes concurrent first
 * starts agree: whoever loses the race reads the winner's file.
 */
async function loadOrCreateSecret(dataDir: string): Promise<Uint8Array> {
  const file = path.join(dataDir, 'secret');
  let exposed: string;
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    try {
      await writeFile(file, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // Checked at every start, not only at creation: a copy, a restore or a chmod may have opened it up.
    const { mode } = await stat(file);
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      exposed = (mode & 0o777).toString(8).padStart(3, '0');
    } else {
      const secret = (await readFile(file, 'utf8')).trim();
      if (secret.length < MIN_SECRET_LENGTH) throw new Error(c.secretTooShort(MIN_SECRET_LENGTH));
      return new TextEncoder().encode(secret);
    }
  } catch (error) {
    throw new ConfigError([c.secretFileUnreadable(file, (error as Error).message)]);
  }
  throw new ConfigError([c.secretFileExposed(file, exposed)]);
}

export async function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()) {
  const e = parseEnv(env);
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : await loadOrCreateSecret(dataDir);
  let models: ModelDefinition[];
  let modelsSource: string;
  try {
    ({ models, source: modelsSource } = await loadModels({
      file: e.MODELS_CONFIG,
      json: e.MODELS_CONFIG_JSON,
      offline: e.OFFLINE_MODEL,
      env,
      cwd,
    }));
  } catch (error) {
    if (error instanceof ModelsConfigError) throw new ConfigError(error.problems);
    throw error;
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    jwtSecret,
    /** Where the signing secret came from; a generated one is per data directory, not shared by instances. */
    jwtSecretSource: e.JWT_SECRET ? ('env' as const) : ('file' as const),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    refreshTokenTtlRemember: e.REFRESH_TOKEN_TTL_REMEMBER,
    /**
     * A refresh token presented again this soon after its exchange, while the token that exchange issued
     * is still unused, is the same client retrying an answer it never got (a reload or a closed tab mid-
     * refresh), not theft: it gets a new pair instead of ending the session (seconds; 0 = never).
     */
    refreshReuseGrace: e.REFRESH_REUSE_GRACE,
    /** A session ends this long after its sign-in, however often its tokens were refreshed (seconds). */
    sessionMaxAge: e.SESSION_MAX_AGE,
    /** Authenticated responses ask the client to refresh when the access token has less than this left. */
    tokenRefreshThreshold: e.TOKEN_REFRESH_THRESHOLD,
    webDistDir: path.resolve(cwd, e.WEB_DIST_DIR),
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    /** Requests per client address to each unauthenticated auth endpoint within `window` (in the database). */
    rateLimit: { max: e.RATE_LIMIT_MAX, window: e.RATE_LIMIT_WINDOW },
    /** Requests per signed-in user within `window`, over all signed-in routes (in the database). */
    userRateLimit: { max: e.USER_RATE_LIMIT_MAX, window: e.USER_RATE_LIMIT_WINDOW },
    /** See modules/auth/throttle.ts; durations in seconds. */
    loginThrottle: {
      freeFailures: e.LOGIN_FREE_FAILURES,
      backoff: e.LOGIN_BACKOFF,
      backoffMax: e.LOGIN_BACKOFF_MAX,
      accountFreeFailures: e.LOGIN_ACCOUNT_FREE_FAILURES,
      /** The proof of work asked past `accountFreeFailures` (log2 of its hashes), and its ceiling. */
      challengeBits: Math.min(e.LOGIN_CHALLENGE_BITS, e.LOGIN_CHALLENGE_BITS_MAX),
      challengeBitsMax: e.LOGIN_CHALLENGE_BITS_MAX,
      /** How long a challenge may be answered (seconds). */
      challengeTtl: e.LOGIN_CHALLENGE_TTL,
      /** Signs the challenges (derived from the token secret, so instances sharing it share this). */
      challengeKey: new Uint8Array(
        createHmac('sha256', jwtSecret).update('wanxiang login challenge').digest(),
      ) as Uint8Array,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      window: e.LOGIN_FAILURE_WINDOW,
    },
    registration: {
      /** open: anyone; invite: with an operator's invitation code; closed: nobody. */
      mode: e.REGISTRATION_MODE,
      /** Accounts one client address may create per day. */
      maxPerIpPerDay: e.REGISTRATIONS_PER_IP_PER_DAY,
      /** 用户协议 and 隐私政策 a new user must accept; registration asks only for those that are set. */
      termsUrl: e.TERMS_URL ?? null,
      privacyUrl: e.PRIVACY_URL ?? null,
    },
    /** 忘记密码 by e-mail: the SMTP server, the sender and the site's address; null without SMTP. */
    mail: mailSettings(e),
    /** Node's HTTP server timeouts (seconds); none of them cuts a long answer stream. */
    http: {
      requestTimeout: e.REQUEST_TIMEOUT,
      idleTimeout: e.IDLE_TIMEOUT,
      keepAliveTimeout: e.KEEP_ALIVE_TIMEOUT,
    },
    /** The plan new users get: its name, sign-up grant and storage allowance in bytes. */
    defaultPlan: {
      code: 'default',
      name: e.DEFAULT_PLAN_NAME,
      credits: e.DEFAULT_PLAN_CREDITS,
      storage: e.DEFAULT_PLAN_STORAGE,
    },
    passwordHash: {
      memoryCost: e.PASSWORD_HASH_MEMORY_KIB,
      timeCost: e.PASSWORD_HASH_ITERATIONS,
      parallelism: e.PASSWORD_HASH_PARALLELISM,
    },
    shutdownTimeout: e.SHUTDOWN_TIMEOUT,
    version: readVersion(),
    chat: {
      /**
       * The models of the server's models file, the offline one included when it is on: the model catalog's
       * seed on the first start (modules/models/catalog.ts); from then on the console's catalog decides.
       */
      models,
      /** What the seed came from, as the console names it. */
      modelsSource,
      /** An environment variable of this instance, for the providers whose key stays there. */
      readEnv: (name: string): string | undefined => env[name]?.trim() || undefined,
      /** Pause between two pieces of the offline model's answer, in milliseconds. */
      offlineChunkDelayMs: Math.round(e.OFFLINE_MODEL_CHUNK_DELAY * 1000),
      /** A provider that sends nothing for this long (seconds) fails the turn. */
      firstTokenTimeout: e.MODEL_FIRST_TOKEN_TIMEOUT,
      /** Retries of a provider call that failed before answering (429, 5xx, connection). */
      providerRetries: e.MODEL_RETRIES,
      /** How many earlier messages of the session go to the model as context. */
      historyMessages: e.CHAT_HISTORY_MESSAGES,
      /** Seconds an answer goes on generating with no tab following it (a reload, a closed tab). */
      unwatchedGrace: e.CHAT_UNWATCHED_GRACE,
      /** Answers one user may have streaming at once, across instances. */
      maxConcurrentStreams: e.MAX_CONCURRENT_STREAMS,
      /** How long a stream's slot is held without renewal: a crashed instance's slots lapse after it. */
      streamSlotLease: e.STREAM_SLOT_LEASE,
      /** The web search of turns with 联网搜索 on; null when no provider is configured (the toggle is off). */
      search: searchSettings(e),
    },
    /** Where the chat's files are kept: the data directory, or S3-compatible storage when a bucket is set. */
    files: {
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            /** Addresses as endpoint/bucket/key (MinIO and most self-hosted stores) rather than bucket.endpoint. */
            pathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
      /**
       * Reading the text of uploaded PDF and Word files, on threads of their own: a file whose reading takes
       * longer than `timeout` (seconds) or more heap than `maxHeapMb` is refused as too large to read.
       */
      reading: { threads: e.FILE_READ_THREADS, timeout: e.FILE_READ_TIMEOUT, maxHeapMb: e.FILE_READ_HEAP_MB },
    },
    market: {
      /** Where market data come from: the embedded simulated market, or Eastmoney's public pools (opt-in). */
      source: e.MARKET_DATA_SOURCE,
      /** Complete trading days archived on a fresh install. */
      backfillDays: e.MARKET_BACKFILL_DAYS,
      /** Retries of a failed Eastmoney request, with exponential backoff (1 s, 2 s, 4 s…). */
      retries: e.MARKET_RETRIES,
    },
    strategy: {
      /** Whether this process schedules the strategy runs (each run still happens once across instances). */
      scheduler: e.STRATEGY_SCHEDULER === 'on',
      /** How often the scheduler looks for a due run, ms. */
      tickMs: Math.round(e.STRATEGY_TICK * 1000),
      /** A configured model that writes the reports' summaries; none: the rules write them. */
      summaryModel: e.STRATEGY_SUMMARY_MODEL,
    },
  };
}
