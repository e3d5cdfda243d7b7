import type { ReactNode } from 'react';
import * as account from '../account/Account.css';

/** A console table: named for screen readers, its head from `columns`, scrolling sideways on a phone. */
export function AdminTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className={account.tableWrap}>
      <table className={account.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((name) => (
              <th key={name} className={account.headCell} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
