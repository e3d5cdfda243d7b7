import { SearchIcon } from '@wanxiang/ui';
import { t } from '../../i18n/zh-CN';
import { PlaceholderPage } from './PlaceholderPage';

/** Any path the app does not know, inside the shell so the navigation stays at hand. */
export function NotFoundPage() {
  return (
    <PlaceholderPage
      pageTitle={t.pages.notFoundTitle}
      title={t.pages.notFoundHeadline}
      description={t.pages.notFoundBody}
      icon={<SearchIcon />}
    />
  );
}
