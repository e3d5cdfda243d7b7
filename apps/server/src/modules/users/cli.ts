import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { recordAudit } from '../admin/audit';
import { PasswordHasher } from '../auth/passwords';
import { normalizeEmail } from '../auth/rules';
import { regrantPlanOf } from '../billing/monthlyGrant';

const USAGE = `用法（运营者）：
  node dist/main.js users reset-password <邮箱>   为忘记密码的用户设一个临时密码（打印出来，请通过安全渠道告知本人），并退出其全部登录
  node dist/main.js users disable <邮箱>          停用账号：立即退出其全部登录，之后无法登录
  node dist/main.js users enable <邮箱>           恢复已停用的账号
服务器运行时也可以使用：内置数据库（PGlite）下命令经数据目录中的本地套接字交给运行中的服务器执行。`;

/** Readable characters only (no 0/O, 1/I/L): the user types the temporary password once, by hand. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** 16 characters from 55: about 92 bits, in four groups of four. */
export function temporaryPassword(): string {
  const bytes = randomBytes(64);
  let out = '';
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte >= 220) continue;
    out += ALPHABET[byte % ALPHABET.length];
    if (out.length === 16) break;
  }
  if (out.length < 16) return temporaryPassword();
  return out.match(/.{4}/g)?.join('-') ?? out;
}

/**
 * The hash of an operator's command, made with the default Argon2id cost (the server's own may differ: a
 * hash records its parameters, and the next sign-in rehashes it with the server's).
 */
const hasher = new PasswordHasher({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });

async function endSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: 'admin' })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/**
 * `users …`: what an operator does for a user without the e-mail a reset link would need — a temporary
 * password — and stopping or restoring an account. Answers the process exit code.
 */
export async function usersCommand(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const [action, rawEmail, ...rest] = args;
  if (!rawEmail || rest.length > 0 || !['reset-password', 'disable', 'enable'].includes(action ?? '')) {
    out(USAGE);
    return 2;
  }
  const email = normalizeEmail(rawEmail);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    out(`没有这个账号：${email}`);
    return 1;
  }
  if (action === 'reset-password') {
    const password = temporaryPassword();
    const passwordHash = await hasher.hash(password);
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await endSessions(db, user.id);
    out(`${email} 的临时密码：${password}`);
    out('其全部登录已退出。请让本人登录后在 设置 › 修改密码 中换成自己的密码。');
    return 0;
  }
  const active = action === 'enable';
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: active, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (active) await regrantPlanOf(tx, user.id);
    else await endSessions(tx, user.id);
    await recordAudit(tx, {
      actor: 'cli',
      action: active ? 'user.enable' : 'user.disable',
      target: { type: 'user', id: user.id, label: email },
    });
  });
  out(active ? `${email} 已恢复，可以登录。` : `${email} 已停用，其全部登录已退出。`);
  return 0;
}
