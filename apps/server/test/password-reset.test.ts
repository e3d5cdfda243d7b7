import { createServer as createNetServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { passwordResets, users } from '../src/db/schema';
import { RESETS_PER_EMAIL_PER_HOUR } from '../src/modules/auth/passwordReset';
import { databaseKinds, testConfig, useTestDatabase } from './helpers';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a new and better one';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The body of a one-part text mail as nodemailer writes it (quoted-printable or base64), decoded. */
function decodeMail(raw: string): Mail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    bytes = Buffer.from(
      joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    );
  } else bytes = Buffer.from(body, 'utf8');
  // The subject is an encoded word: =?UTF-8?B?…?= or =?UTF-8?Q?…?=.
  const subject = header('Subject').replace(
    /=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi,
    (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  );
  return { to: [], subject, text: bytes.toString('utf8') };
}

/** A real SMTP server on a free port, keeping every mail it receives. */
async function startMailbox() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = decodeMail(Buffer.concat(chunks).toString('latin1'));
        mail.to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        mails.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { mails, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(databaseKinds)('忘记密码 by e-mail on %s', (kind) => {
  const db = useTestDatabase(kind);
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await buildApp(
      await testConfig({
        SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
        SMTP_FROM: '万象 <noreply@wanxiang.test>',
        PUBLIC_URL: `${base}/`,
      }),
      { database: db().database },
    );
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await mailbox?.close();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  async function signUp(email: string) {
    expect((await post('/api/auth/register/', { email, password: PASSWORD })).status).toBe(201);
  }
  async function signIn(email: string, password: string) {
    return post('/api/auth/login/', { email, password });
  }

  it('the policy offers it, a link arrives, the link opens the page and sets a password that ends every sign-in', async () => {
    const policy = (await (await fetch(`${base}/api/auth/registration-policy/`)).json()) as {
      password_reset?: boolean;
    };
    expect(policy.password_reset).toBe(true);

    await signUp('forgot@example.com');
    const first = (await (await signIn('forgot@example.com', PASSWORD)).json()) as { access: string };
    const second = (await (await signIn('forgot@example.com', PASSWORD)).json()) as { access: string };

    const asked = await post('/api/auth/password-reset/', { email: ' Forgot@Example.com ' });
    expect(asked.status).toBe(200);
    const answer = ((await asked.json()) as { detail: string }).detail;
    expect(answer).toContain('如果该邮箱已注册');

    await expect.poll(() => mailbox.mails.filter((m) => m.to.includes('forgot@example.com')).length).toBe(1);
    const mail = mailbox.mails.find((m) => m.to.includes('forgot@example.com'));
    expect(mail?.subject).toBe('万象：重置密码');
    const link = /(http:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link, mail?.text).toBeDefined();
    const url = new URL(link ?? '');
    expect(url.origin).toBe(base);

    // The link opens the app's page (the SPA); the token is in the fragment, which no server sees.
    const page = await fetch(url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
    // Only its hash is stored.
    const [stored] = await db().database.db.select().from(passwordResets);
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The new password follows the registration's rules, and says which field.
    const weak = await post('/api/auth/password-reset/confirm/', { token, new_password: '12345678' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { errors: Record<string, string[]> }).errors.new_password).toEqual([
      '密码不能全部为数字。',
    ]);

    const done = await post('/api/auth/password-reset/confirm/', { token, new_password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { detail: string }).detail).toContain('所有设备上的登录已退出');

    // Every sign-in ended: both access tokens are refused.
    for (const access of [first.access, second.access]) {
      const me = await fetch(`${base}/api/auth/users/me/`, {
        headers: { authorization: `Bearer ${access}` },
      });
      expect(me.status).toBe(401);
    }
    expect((await signIn('forgot@example.com', PASSWORD)).status).toBe(401);
    expect((await signIn('forgot@example.com', NEW_PASSWORD)).status).toBe(200);

    // Used once: the same link is refused, saying so.
    const again = await post('/api/auth/password-reset/confirm/', {
      token,
      new_password: 'yet another one 42',
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      code: 'reset_invalid',
      detail: '重置链接无效或已被使用，请重新申请。',
    });
  });

  it('answers an unknown e-mail the same and sends nothing; an expired or forged link is refused', async () => {
    const before = mailbox.mails.length;
    const unknown = await post('/api/auth/password-reset/', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(200);
    expect(((await unknown.json()) as { detail: string }).detail).toContain('如果该邮箱已注册');

    await signUp('late@example.com');
    await post('/api/auth/password-reset/', { email: 'late@example.com' });
    await expect.poll(() => mailbox.mails.filter((m) => m.to.includes('late@example.com')).length).toBe(1);
    // The unknown address's mail would have gone first: none did.
    expect(mailbox.mails.slice(before).every((m) => !m.to.includes('nobody@example.com'))).toBe(true);

    const text = mailbox.mails.find((m) => m.to.includes('late@example.com'))?.text ?? '';
    const token = /#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    const [user] = await db()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'late@example.com'));
    await db()
      .database.db.update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.userId, user?.id ?? ''));
    const expired = await post('/api/auth/password-reset/confirm/', { token, new_password: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'reset_expired' });

    const forged = await post('/api/auth/password-reset/confirm/', {
      token: 'x'.repeat(43),
      new_password: NEW_PASSWORD,
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'reset_invalid' });
    expect((await signIn('late@example.com', PASSWORD)).status).toBe(200);
  });

  it('limits the links per e-mail, whatever the address asks', async () => {
    await signUp('often@example.com');
    for (let i = 0; i < RESETS_PER_EMAIL_PER_HOUR; i += 1) {
      const res = await post(
        '/api/auth/password-reset/',
        { email: 'often@example.com' },
        { 'x-forwarded-for': `10.0.0.${i}` },
      );
      expect(res.status).toBe(200);
    }
    const refused = await post('/api/auth/password-reset/', { email: 'often@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/后重试|再试/);
  });
});

describe.each(databaseKinds)('without SMTP on %s', (kind) => {
  const db = useTestDatabase(kind);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(await testConfig(), { database: db().database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the policy does not offer it, and asking says how to get help', async () => {
    const policy = await app.inject({ method: 'GET', url: '/api/auth/registration-policy/' });
    expect(policy.json()).toMatchObject({ password_reset: false });
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({
      code: 'password_reset_unavailable',
      detail: '本站未开启邮件找回密码。请联系管理员重置密码。',
    });
  });
});
