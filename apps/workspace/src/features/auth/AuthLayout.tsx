import { Card } from '@wanxiang/ui';
import type { ReactNode } from 'react';
import { t } from '../../i18n/zh-CN';
import * as styles from './AuthLayout.css';

/** The frame of /login and /register: the brand, a heading and one card holding the form. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <img className={styles.logo} src="/favicon.svg" alt="" width={48} height={48} />
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        <Card padding="lg">{children}</Card>
        <p className={styles.footer}>{footer}</p>
        <p className={styles.tagline}>
          {t.brand.name} · {t.brand.tagline}
        </p>
      </div>
    </main>
  );
}
