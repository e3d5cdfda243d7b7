import { formatStorageBytes } from '@wanxiang/api-client/contract';
import { eq } from 'drizzle-orm';
import { parseSize } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recountStorage, setUserQuota, storageUsage } from './quota';

const USAGE = `用法（运营者）：
  node dist/main.js storage show <邮箱>             查看用户的存储空间：已用 / 上限（及其来源）
  node dist/main.js storage set <邮箱> <大小>       为该用户单独设定上限，例如 5gb、500mb、0（不能再保存）
  node dist/main.js storage reset <邮箱>            取消单独设定，恢复为套餐的上限
  node dist/main.js storage recount <邮箱>          按实际保存的内容重新统计已用空间
套餐的上限：默认套餐由 DEFAULT_PLAN_STORAGE 设定（默认 1gb）。`;

/** At most 1 TiB for one user: beyond it is a typo, not an allowance. */
const MAX_QUOTA = 1024 ** 4;

async function userByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, override: users.storageQuotaBytes })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** `storage …`: the operator's command for users' storage allowances. Answers the process exit code. */
export async function storageCommand(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const [action, email, size] = args;
  if (!action || !email || !['show', 'set', 'reset', 'recount'].includes(action)) {
    out(USAGE);
    return 2;
  }
  const user = await userByEmail(db, email);
  if (!user) {
    out(`没有这个用户：${email}`);
    return 1;
  }
  if (action === 'set') {
    const bytes = size === undefined ? undefined : parseSize(size);
    if (bytes === undefined || bytes > MAX_QUOTA) {
      out('大小应为字节数或带单位的值，例如 5gb、500mb，最大 1024gb');
      return 2;
    }
    await setUserQuota(db, user.id, bytes);
  } else if (action === 'reset') {
    await setUserQuota(db, user.id, null);
  } else if (action === 'recount') {
    await recountStorage(db, user.id);
  }
  const usage = await storageUsage(db, user.id);
  if (!usage) throw new Error(`no user ${user.id}`);
  const source = (await userByEmail(db, email))?.override === null ? '套餐' : '单独设定';
  out(
    `${user.email}\t已用 ${formatStorageBytes(usage.used_bytes)} / ${formatStorageBytes(usage.quota_bytes)}（${source}）\t${usage.used_bytes} / ${usage.quota_bytes} 字节`,
  );
  return 0;
}
