import { chmod, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, parseEnv, parseSize } from '../src/config';
import { defaultWebDistDir } from '../src/paths';
import { tempDir } from './helpers';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration from the environment', () => {
  it('has the documented defaults', async () => {
    const { dir, remove } = await tempDir('wx-cfg-');
    try {
      const config = await loadConfig({ DATA_DIR: dir });
      expect(config).toMatchObject({
        port: 8000,
        host: '0.0.0.0',
        dataDir: dir,
        databaseUrl: undefined,
        logLevel: 'info',
        accessTokenTtl: 300,
        refreshTokenTtl: 86_400,
        refreshTokenTtlRemember: 30 * 86_400,
        tokenRefreshThreshold: 60,
        webDistDir: defaultWebDistDir,
        bodyLimit: 1024 * 1024,
        trustProxy: false,
        defaultPlan: { code: 'default', name: '免费体验版', credits: 1000, storage: 1024 ** 3 },
        passwordHash: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
      });
      expect(defaultWebDistDir.endsWith(path.join('apps', 'workspace', 'dist'))).toBe(true);
    } finally {
      await remove();
    }
  });

  it('reads durations with units, and bare numbers as seconds', () => {
    expect(parseDuration('300')).toBe(300);
    expect(parseDuration('30s')).toBe(30);
    expect(parseDuration('5m')).toBe(300);
    expect(parseDuration('12h')).toBe(43_200);
    expect(parseDuration('30d')).toBe(2_592_000);
    expect(parseDuration('1500ms')).toBe(1.5);
    expect(parseDuration('five minutes')).toBeUndefined();
    expect(parseSize('512kb')).toBe(524_288);
    expect(parseSize('2mb')).toBe(2 * 1024 ** 2);
    expect(parseSize('lots')).toBeUndefined();
    const e = parseEnv({ ACCESS_TOKEN_TTL: '2', REFRESH_TOKEN_TTL: '5s', REFRESH_TOKEN_TTL_REMEMBER: '1m' });
    expect([e.ACCESS_TOKEN_TTL, e.REFRESH_TOKEN_TTL, e.REFRESH_TOKEN_TTL_REMEMBER]).toEqual([2, 5, 60]);
  });

  it('names each bad variable, says what is allowed and shows the value', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      ACCESS_TOKEN_TTL: 'soon',
      BODY_LIMIT: 'huge',
      DATABASE_URL: 'mysql://localhost/db',
      TRUST_PROXY: 'some proxies',
    });
    expect(problems).toHaveLength(6);
    expect(problems).toContain('环境变量 PORT：应为 0 到 65535 之间的整数（当前值：“eighty”）');
    expect(problems).toContain(
      '环境变量 LOG_LEVEL：应为以下之一：fatal、error、warn、info、debug、trace、silent（当前值：“loud”）',
    );
    expect(problems.find((p) => p.startsWith('环境变量 ACCESS_TOKEN_TTL：'))).toContain('30s、5m、12h、30d');
    expect(problems.find((p) => p.startsWith('环境变量 BODY_LIMIT：'))).toContain('1mb');
    expect(problems.find((p) => p.startsWith('环境变量 TRUST_PROXY：'))).toContain('代理层数');
    // Connection strings and secrets may hold passwords: named, never echoed.
    const database = problems.find((p) => p.startsWith('环境变量 DATABASE_URL：'));
    expect(database).toContain('postgres://');
    expect(database).not.toContain('mysql://localhost/db');
  });

  it('refuses a short JWT_SECRET without printing it', () => {
    const [problem] = problemsOf({ JWT_SECRET: 'short-secret' });
    expect(problem).toContain('JWT_SECRET');
    expect(problem).toContain('至少为 32 个字符');
    expect(problem).not.toContain('short-secret');
  });

  it('checks that token lifetimes make sense together', () => {
    expect(problemsOf({ ACCESS_TOKEN_TTL: '10m', REFRESH_TOKEN_TTL: '5m' })[0]).toContain(
      'REFRESH_TOKEN_TTL',
    );
    expect(problemsOf({ REFRESH_TOKEN_TTL: '2d', REFRESH_TOKEN_TTL_REMEMBER: '1d' })[0]).toContain(
      'REFRESH_TOKEN_TTL_REMEMBER',
    );
  });

  it('treats empty values as unset', () => {
    const e = parseEnv({ PORT: '', DATABASE_URL: '  ' });
    expect(e.PORT).toBe(8000);
    expect(e.DATABASE_URL).toBeUndefined();
  });

  it('reports everything in one readable message', () => {
    const error = (() => {
      try {
        parseEnv({ PORT: '-1', RATE_LIMIT_MAX: '0' });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error?.message.split('\n')).toEqual([
      '服务器配置无效：',
      '  - 环境变量 PORT：应为 0 到 65535 之间的整数（当前值：“-1”）',
      '  - 环境变量 RATE_LIMIT_MAX：应为 1 到 1000000 之间的整数（当前值：“0”）',
    ]);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR so tokens survive restarts', async () => {
    const { dir, remove } = await tempDir('wx-secret-');
    try {
      const first = await loadConfig({ DATA_DIR: dir });
      const second = await loadConfig({ DATA_DIR: dir });
      expect(first.jwtSecretSource).toBe('file');
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
      const file = path.join(dir, 'secret');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim()).toBe(Buffer.from(first.jwtSecret).toString());
      const fromEnv = await loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) });
      expect(fromEnv.jwtSecretSource).toBe('env');
      // At every start, not only at creation: a file others can read stops the server, saying how to fix it.
      await chmod(file, 0o644);
      const refused = await loadConfig({ DATA_DIR: dir }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConfigError);
      expect(String((refused as ConfigError).message)).toContain(`chmod 600 ${file}`);
      await chmod(file, 0o600);
      expect(
        Buffer.from((await loadConfig({ DATA_DIR: dir })).jwtSecret).equals(Buffer.from(first.jwtSecret)),
      ).toBe(true);
    } finally {
      await remove();
    }
  });

  it('resolves relative directories against the working directory', async () => {
    const { dir, remove } = await tempDir('wx-cwd-');
    try {
      const config = await loadConfig({ DATA_DIR: 'data', WEB_DIST_DIR: 'web' }, dir);
      expect(config.dataDir).toBe(path.join(dir, 'data'));
      expect(config.webDistDir).toBe(path.join(dir, 'web'));
    } finally {
      await remove();
    }
  });
});
