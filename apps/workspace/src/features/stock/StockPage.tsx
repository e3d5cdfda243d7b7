import { StockIcon } from '@wanxiang/ui';
import { t } from '../../i18n/zh-CN';
import { PlaceholderPage } from '../placeholder/PlaceholderPage';

/** /stock: the short-term strategy board of spec 03, built by its own issue; the route and frame exist now. */
export function StockPage() {
  return (
    <PlaceholderPage
      pageTitle={t.pages.stockTitle}
      title={t.pages.comingSoon}
      description={t.pages.stockPending}
      icon={<StockIcon />}
    />
  );
}
