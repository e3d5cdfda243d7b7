import { Link } from 'react-aria-components';
import * as styles from './StockDetail.css';

/** The address of a stock's page. */
export const stockPath = (code: string) => `/stock/${encodeURIComponent(code)}`;

/**
 * A stock code that opens the stock's page: through the app's router inside the app (the UI provider's
 * navigate), as a plain link elsewhere.
 */
export function StockLink({ code, children }: { code: string; children?: React.ReactNode }) {
  return (
    <Link href={stockPath(code)} className={styles.stockLink} data-stock-link={code}>
      {children ?? code}
    </Link>
  );
}
