import { useState } from 'react';
import {
  ChatIcon,
  DesignIcon,
  DocumentIcon,
  PlusIcon,
  PresentationIcon,
  SpreadsheetIcon,
  StockIcon,
  TrashIcon,
} from '../../icons';
import { SidebarCollapseButton } from '../AppShell/AppShell';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { NavGroup } from '../NavGroup/NavGroup';
import { NavLink } from '../NavLink/NavLink';
import { Sidebar } from '../Sidebar/Sidebar';
import { UserMenu } from '../UserMenu/UserMenu';

/* The app's sidebar as stories use it: fixed data, so screenshots are stable. Not exported. */

export const sessions = [
  { id: 's1', title: '季度销售数据分析' },
  { id: 's2', title: '帮我写一封请假邮件' },
  { id: 's3', title: '' },
  { id: 's4', title: '解释一下市盈率和市净率的区别，以及它们在估值中的局限性' },
];

export function DemoSidebar({
  currentPath = '/home',
  onDeleteSession,
  onLogout = () => {},
}: {
  currentPath?: string;
  onDeleteSession?: (id: string) => void;
  onLogout?: () => void;
}) {
  const [office, setOffice] = useState(true);
  const [wealth, setWealth] = useState(true);
  const link = (href: string) => ({ href, isCurrent: currentPath === href });
  return (
    <Sidebar
      header={
        <>
          <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <strong style={{ fontSize: '18px' }}>万象</strong>
            <SidebarCollapseButton />
          </span>
          <Button variant="secondary" iconStart={<PlusIcon />} isFullWidth>
            新建对话
          </Button>
        </>
      }
      footer={
        <UserMenu
          name="李明"
          email="liming@example.com"
          planName="专业版"
          credits={12800}
          onLogout={onLogout}
          themePreference="system"
        />
      }
    >
      <NavLink {...link('/home')} icon={<ChatIcon />}>
        对话
      </NavLink>
      <NavGroup title="办公" isExpanded={office} onExpandedChange={setOffice}>
        <NavLink {...link('/document')} icon={<DocumentIcon />}>
          文档
        </NavLink>
        <NavLink {...link('/presentation')} badge={<Badge>即将推出</Badge>} icon={<PresentationIcon />}>
          演示文稿
        </NavLink>
        <NavLink {...link('/spreadsheet')} icon={<SpreadsheetIcon />}>
          电子表格
        </NavLink>
        <NavLink {...link('/design')} icon={<DesignIcon />}>
          设计
        </NavLink>
      </NavGroup>
      <NavGroup title="财富" isExpanded={wealth} onExpandedChange={setWealth}>
        <NavLink {...link('/stock')} icon={<StockIcon />}>
          股票
        </NavLink>
      </NavGroup>
      <NavGroup
        title="历史会话"
        badge={<Badge aria-label={`${sessions.length} 个会话`}>{sessions.length}</Badge>}
      >
        {sessions.map((session) => (
          <NavLink
            key={session.id}
            {...link(`/home?session=${session.id}`)}
            action={
              <IconButton
                size="sm"
                variant="subtle"
                aria-label={`删除会话：${session.title || '未命名会话'}`}
                onPress={() => onDeleteSession?.(session.id)}
              >
                <TrashIcon />
              </IconButton>
            }
          >
            {session.title || '未命名会话'}
          </NavLink>
        ))}
      </NavGroup>
    </Sidebar>
  );
}
