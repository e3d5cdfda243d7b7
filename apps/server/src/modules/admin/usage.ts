/**
 * The service's usage as operators read it: credits and tokens spent over a chosen range of days, by day
 * and model, the heaviest users, and every (day, user, model) as CSV. Spending is what a user's own usage
 * counts (chat, assistant and search charges net of their refunds), read from the ledger by its time index.
 */
import {
  ADMIN_USAGE_DAYS_DEFAULT,
  ADMIN_USAGE_DAYS_MAX,
  ADMIN_USAGE_EXPORT_ROWS_MAX,
  ADMIN_USAGE_TOP_USERS,
  type AdminUsageQuery,
  type AdminUsageReport,
  type UsageDay,
} from '@wanxiang/api-client/contract';
import { sql } from 'drizzle-orm';
import { toCsv } from '../../csv';
import type { Db } from '../../db/client';
import { creditLedger, users } from '../../db/schema';
import { fieldErrors, HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { addDays, DEFAULT_TIME_ZONE, knownTimeZone, spending, todayIn } from '../account/service';

export interface UsageRange {
  from: string;
  to: string;
  zone: string;
}

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The asked range made whole (to: today; from: 29 days before to) and checked, each fault on its field. */
export function usageRange(query: AdminUsageQuery, now = new Date()): UsageRange {
  const zone = query.tz ?? DEFAULT_TIME_ZONE;
  if (!knownTimeZone(zone)) throw fieldErrors({ tz: [messages.validation.invalid] });
  const to = query.to ?? todayIn(zone, now);
  const from = query.from ?? addDays(to, -(ADMIN_USAGE_DAYS_DEFAULT - 1));
  if (from > to) throw fieldErrors({ from: [messages.admin.usageFromAfterTo] });
  if (dayCount(from, to) > ADMIN_USAGE_DAYS_MAX)
    throw fieldErrors({ from: [messages.admin.usageRangeTooLong(ADMIN_USAGE_DAYS_MAX)] });
  return { from, to, zone };
}

/** Spending rows within the range's days, in its zone (the end day included). */
const inRange = ({ from, to, zone }: UsageRange) => sql`${spending}
  and ${creditLedger.createdAt} >= (${from}::date)::timestamp at time zone ${zone}
  and ${creditLedger.createdAt} < (${addDays(to, 1)}::date)::timestamp at time zone ${zone}`;

const day = (zone: string) => sql`to_char(${creditLedger.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;

type Sums = { credits: number | string; tokens_in: number | string; tokens_out: number | string };
const sums = sql`-sum(${creditLedger.delta})::bigint as credits,
  coalesce(sum(${creditLedger.tokensIn}), 0)::bigint as tokens_in,
  coalesce(sum(${creditLedger.tokensOut}), 0)::bigint as tokens_out`;
const totalsOf = (row: Sums) => ({
  credits: Number(row.credits),
  tokens_in: Number(row.tokens_in),
  tokens_out: Number(row.tokens_out),
});

async function rowsOf<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The report of the console's 用量 page. */
export async function usageReport(db: Db, range: UsageRange): Promise<AdminUsageReport> {
  const where = inRange(range);
  const [byDayModel, byUser, [counted]] = await Promise.all([
    rowsOf<Sums & { day: string; model: string | null }>(
      db,
      sql`select ${day(range.zone)} as day, ${creditLedger.model} as model, ${sums}
        from ${creditLedger} where ${where} group by 1, 2 order by 1, 2`,
    ),
    rowsOf<Sums & { id: string; email: string; nickname: string | null }>(
      db,
      sql`select u.id, u.email, u.nickname, s.credits, s.tokens_in, s.tokens_out
        from (select ${creditLedger.userId} as user_id, ${sums} from ${creditLedger} where ${where} group by 1) s
        join ${users} u on u.id = s.user_id
        order by s.credits desc, u.email limit ${ADMIN_USAGE_TOP_USERS}`,
    ),
    rowsOf<{ users: number | string }>(
      db,
      sql`select count(distinct ${creditLedger.userId}) as users from ${creditLedger} where ${where}`,
    ),
  ]);

  const days = new Map<string, UsageDay['models']>();
  const models = new Map<string | null, ReturnType<typeof totalsOf>>();
  const totals = { credits: 0, tokens_in: 0, tokens_out: 0 };
  for (const row of byDayModel) {
    const part = totalsOf(row);
    days.set(row.day, [...(days.get(row.day) ?? []), { model: row.model, ...part }]);
    const sum = models.get(row.model) ?? { credits: 0, tokens_in: 0, tokens_out: 0 };
    models.set(row.model, {
      credits: sum.credits + part.credits,
      tokens_in: sum.tokens_in + part.tokens_in,
      tokens_out: sum.tokens_out + part.tokens_out,
    });
    totals.credits += part.credits;
    totals.tokens_in += part.tokens_in;
    totals.tokens_out += part.tokens_out;
  }
  return {
    time_zone: range.zone,
    from: range.from,
    to: range.to,
    totals: { ...totals, users: Number(counted?.users ?? 0) },
    days: Array.from({ length: dayCount(range.from, range.to) }, (_, index) => {
      const date = addDays(range.from, index);
      return { date, models: days.get(date) ?? [] };
    }),
    models: [...models]
      .map(([model, sum]) => ({ model, ...sum }))
      .sort((a, b) => b.credits - a.credits || (a.model ?? '').localeCompare(b.model ?? '')),
    users: byUser.map((row) => ({
      id: row.id,
      email: row.email,
      nickname: row.nickname ?? '',
      ...totalsOf(row),
    })),
  };
}

/**
 * Every (day, user, model) of the range as CSV, by day then e-mail. A range with more rows than one file
 * should hold is refused (413) before anything is written, naming the way out.
 */
export async function usageCsv(db: Db, range: UsageRange): Promise<string> {
  const rows = await rowsOf<
    Sums & { day: string; email: string; nickname: string | null; model: string | null }
  >(
    db,
    sql`select s.day, u.email, u.nickname, s.model, s.credits, s.tokens_in, s.tokens_out
      from (select ${day(range.zone)} as day, ${creditLedger.userId} as user_id, ${creditLedger.model} as model,
          ${sums}
        from ${creditLedger} where ${inRange(range)} group by 1, 2, 3) s
      join ${users} u on u.id = s.user_id
      order by s.day, u.email, s.model nulls first
      limit ${ADMIN_USAGE_EXPORT_ROWS_MAX + 1}`,
  );
  if (rows.length > ADMIN_USAGE_EXPORT_ROWS_MAX)
    throw new HttpError(413, {
      detail: messages.admin.usageExportTooLarge(ADMIN_USAGE_EXPORT_ROWS_MAX),
      code: 'usage_export_too_large',
    });
  return toCsv([
    ['日期', '邮箱', '昵称', '模型', '积分', '输入 token', '输出 token'],
    ...rows.map((row) => [
      row.day,
      row.email,
      row.nickname ?? '',
      row.model ?? '',
      Number(row.credits),
      Number(row.tokens_in),
      Number(row.tokens_out),
    ]),
  ]);
}
