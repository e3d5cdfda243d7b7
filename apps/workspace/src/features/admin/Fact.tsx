import type { ReactNode } from 'react';
import * as styles from './Admin.css';

/** One labelled figure of a <dl className={styles.facts}>: a user's balance, a range's total. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}
