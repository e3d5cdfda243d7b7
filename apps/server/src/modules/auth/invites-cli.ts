import { parseArgs } from 'node:util';
import { parseDuration } from '../../config';
import type { Db } from '../../db/client';
import { createInvites, listInvites, revokeInvite } from './invites';

const USAGE = `用法（运营者）：
  node dist/main.js invites create [--count 1] [--uses 1] [--expires 7d] [--note 备注]
  node dist/main.js invites list
  node dist/main.js invites revoke <邀请码>
邀请码只在创建时显示一次；数据库只保存其散列。REGISTRATION_MODE=invite 时注册需要有效的邀请码。`;

const positiveInt = (raw: string | undefined, fallback: number, name: string) => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1 || n > 100_000)
    throw new Error(`--${name} 应为 1 到 100000 之间的整数`);
  return n;
};

/** `invites …`: the operator's command for invitation codes. Answers the process exit code. */
export async function invitesCommand(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      count: { type: 'string' },
      uses: { type: 'string' },
      expires: { type: 'string' },
      note: { type: 'string' },
    },
  });
  const [action, code] = positionals;
  if (action === 'create') {
    const expiresIn = values.expires === undefined ? undefined : parseDuration(values.expires);
    if (values.expires !== undefined && !expiresIn) throw new Error('--expires 应为时长，例如 7d、12h');
    const codes = await createInvites(db, {
      count: positiveInt(values.count, 1, 'count'),
      uses: positiveInt(values.uses, 1, 'uses'),
      expiresIn,
      note: values.note,
    });
    for (const created of codes) out(created);
    return 0;
  }
  if (action === 'list') {
    for (const row of await listInvites(db)) {
      const state = row.revokedAt
        ? '已作废'
        : row.expiresAt && row.expiresAt.getTime() <= Date.now()
          ? '已过期'
          : row.uses >= row.maxUses
            ? '已用完'
            : '可用';
      out(
        [
          `#${row.id}`,
          state,
          `已用 ${row.uses}/${row.maxUses}`,
          row.expiresAt ? `到期 ${row.expiresAt.toISOString()}` : '不过期',
          row.note ?? '',
        ].join('\t'),
      );
    }
    return 0;
  }
  if (action === 'revoke' && code) {
    if (await revokeInvite(db, code)) {
      out('已作废。');
      return 0;
    }
    out('没有这个邀请码。');
    return 1;
  }
  out(USAGE);
  return 2;
}
