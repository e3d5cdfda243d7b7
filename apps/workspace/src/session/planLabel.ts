import type { CurrentUser } from '@wanxiang/api-client';

const shanghaiDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Asia/Shanghai',
});

/**
 * The plan the user menu names: a running strategy subscription with its last day (策略订阅 · 至
 * 2026-12-28, Shanghai calendar), otherwise the account's plan; undefined when there is none (the menu then
 * says its default).
 */
export function planLabel(plan: CurrentUser['subscription_plan'] | undefined): string | undefined {
  if (!plan?.name) return undefined;
  if (!plan.expires_at) return plan.name;
  const end = new Date(plan.expires_at);
  if (Number.isNaN(end.getTime())) return plan.name;
  return `${plan.name} · 至 ${shanghaiDay.format(end)}`;
}
