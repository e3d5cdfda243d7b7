import { Button, EmptyState } from '@wanxiang/ui';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import * as styles from './PlaceholderPage.css';

/** A screen inside the shell that only has a title, a message and a way back to the chat. */
export function PlaceholderPage({
  pageTitle,
  title,
  description,
  icon,
}: {
  /** The page's h1 (the module's name). */
  pageTitle: string;
  title: string;
  description: string;
  icon?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{pageTitle}</h1>
      <div className={styles.body}>
        <EmptyState
          icon={icon}
          title={title}
          description={description}
          action={
            <Button variant="secondary" onPress={() => navigate('/home')}>
              {t.pages.backToChat}
            </Button>
          }
        />
      </div>
    </div>
  );
}
