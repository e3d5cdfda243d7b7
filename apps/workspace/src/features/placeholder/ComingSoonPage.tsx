import { DesignIcon, PresentationIcon, SpreadsheetIcon } from '@wanxiang/ui';
import { useLocation } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { PlaceholderPage } from './PlaceholderPage';

const modules = {
  '/presentation': { name: t.nav.presentations, icon: <PresentationIcon /> },
  '/spreadsheet': { name: t.nav.spreadsheets, icon: <SpreadsheetIcon /> },
  '/design': { name: t.nav.design, icon: <DesignIcon /> },
} as const;

/** /presentation, /spreadsheet and /design: linked from the sidebar, not built yet. */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const module = modules[pathname as keyof typeof modules] ?? modules['/presentation'];
  return (
    <PlaceholderPage
      pageTitle={module.name}
      title={t.pages.comingSoon}
      description={t.pages.comingSoonBody}
      icon={module.icon}
    />
  );
}
