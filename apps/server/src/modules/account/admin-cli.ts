import type { Db } from '../../db/client';
import { listAdmins, setRole } from './batches';

const USAGE = `用法（运营者）：
  node dist/main.js admin grant <邮箱>    让这个账号成为管理员（可在 /admin/redeem-codes 管理兑换码）
  node dist/main.js admin revoke <邮箱>   取消管理员
  node dist/main.js admin list            列出管理员
服务器运行时也可以使用：内置数据库（PGlite）下命令经数据目录中的本地套接字交给运行中的服务器执行。`;

/** `admin …`: the operator's command for admins. Answers the process exit code. */
export async function adminCommand(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const [action, email] = args;
  if ((action === 'grant' || action === 'revoke') && email) {
    if (!(await setRole(db, email, action === 'grant' ? 'admin' : 'user'))) {
      out(`没有这个账号：${email}`);
      return 1;
    }
    out(action === 'grant' ? `${email} 现在是管理员。` : `${email} 不再是管理员。`);
    return 0;
  }
  if (action === 'list' && !email) {
    const admins = await listAdmins(db);
    if (admins.length === 0) out('还没有管理员。');
    for (const admin of admins) out(admin);
    return 0;
  }
  out(USAGE);
  return 2;
}
