import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import * as styles from './Admin.css';
import { adminText as t } from './messages';

const SECTIONS = [
  { to: '/admin/users', label: t.nav.users },
  { to: '/admin/usage', label: t.nav.usage },
  { to: '/admin/plans', label: t.nav.plans },
  { to: '/admin/models', label: t.nav.models },
  { to: '/admin/redeem-codes', label: t.nav.redeemCodes },
  { to: '/admin/invites', label: t.nav.invites },
  { to: '/admin/audit', label: t.nav.audit },
] as const;

/** 管理: 用户 · 用量 · 套餐 · 模型 · 兑换码 · 邀请码 · 审计日志 in a side nav (on top on a phone), the section beside it. */
export function AdminConsole({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.console_}>
      <div className={styles.layout}>
        <nav className={styles.nav} aria-label={t.navLabel}>
          <p className={styles.navTitle} aria-hidden="true">
            {t.title}
          </p>
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} className={styles.navLink}>
              {section.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.main}>{children ?? <Outlet />}</div>
      </div>
    </div>
  );
}
