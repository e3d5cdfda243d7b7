/*
 * The self-hosted CJK face comes with the signed-in shell, not with the first visit: its stylesheet (one
 * @font-face per unicode-range slice) weighs ~32 KiB gzip, more than the whole sign-in form. /login and
 * /register show the system's CJK face (PingFang, Microsoft YaHei, Noto Sans CJK), as the signed-in pages
 * do wherever the system has PingFang, Hiragino Sans GB or Microsoft YaHei (they come first in the theme's
 * font stack, so macOS, iOS and Windows download no slice at all); the CSS arrives with this chunk, which
 * the sign-in page fetches while the password is typed.
 */
import '@wanxiang/ui/fonts';
import { formatStorageBytes } from '@wanxiang/api-client';
import {
  AppShell,
  Badge,
  ChatIcon,
  DesignIcon,
  DocumentIcon,
  MenuItem,
  NavGroup,
  NavLink,
  PresentationIcon,
  Sidebar,
  SidebarCollapseButton,
  SpreadsheetIcon,
  StockIcon,
  UserMenu,
} from '@wanxiang/ui';
import { useAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { isChatPath, sessionPath } from '../features/chat/route/sessionRoute';
import { ChatHistory, NewChatButton, NewChatTopBarButton } from '../features/chat/sidebar';
import { currentSessionIdAtom } from '../features/chat/state/conversation';
import { hasChatDepsAtom } from '../features/chat/state/deps';
import { useChatValue } from '../features/chat/state/hooks';
import { resetChatAtom } from '../features/chat/state/lifecycle';
import { t } from '../i18n/zh-CN';
import { api } from '../session/api';
import { AUTH_LOGOUT_EVENT } from '../session/client';
import { useCurrentUser, useCurrentUserActions } from '../session/currentUser';
import { planLabel } from '../session/planLabel';
import { useStorageActions, useStorageUsage } from '../session/storage';
import { persistentFlagAtom } from '../state/persistentFlag';
import { ensureChatDeps } from './chatDeps';
import { warmMarketRoutes, warmWhenIdle } from './warmRoutes';

const officeOpenAtom = persistentFlagAtom('wanxiang.nav.office', true);
const wealthOpenAtom = persistentFlagAtom('wanxiang.nav.wealth', true);
const sidebarCollapsedAtom = persistentFlagAtom('wanxiang.nav.collapsed', false);

/** Marks a module that is linked but not built yet (its page says 即将推出 too). */
const soon = <Badge tone="neutral">{t.pages.comingSoon}</Badge>;

/** The frame of every signed-in screen: the 260-wide sidebar and the page beside it. */
export function AppLayout() {
  const store = useStore();
  // Before anything below reads the chat: its deps are made with the shell, not on /login.
  useState(() => ensureChatDeps(store));
  useEffect(() => {
    // Whoever signs in next starts from a clean chat: no history, messages or banner of the previous user.
    const onLogout = () => {
      if (store.get(hasChatDepsAtom)) store.set(resetChatAtom);
    };
    globalThis.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    return () => globalThis.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
  }, [store]);
  const { pathname } = useLocation();
  const [officeOpen, setOfficeOpen] = useAtom(officeOpenAtom);
  const [wealthOpen, setWealthOpen] = useAtom(wealthOpenAtom);
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);
  // The chat link goes back to the chat that was open, not to a new one.
  const openChat = useChatValue(currentSessionIdAtom);
  const link = (href: string) => ({ href, isCurrent: pathname === href || pathname.startsWith(`${href}/`) });

  return (
    <AppShell
      mobileTitle={t.brand.name}
      mobileActions={isChatPath(pathname) ? <NewChatTopBarButton /> : undefined}
      // Folded to a rail on a wide screen at the user's word, remembered across visits.
      isSidebarCollapsed={collapsed}
      onSidebarCollapsedChange={setCollapsed}
      sidebar={
        <Sidebar
          aria-label={t.nav.main}
          header={
            <>
              <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <span lang="zh-CN" style={{ fontSize: '18px', fontWeight: 700 }}>
                  {t.brand.name}
                </span>
                <SidebarCollapseButton />
              </span>
              <NewChatButton />
            </>
          }
          footer={<AccountMenu />}
        >
          <NavLink href={sessionPath(openChat)} isCurrent={isChatPath(pathname)} icon={<ChatIcon />}>
            {t.nav.modelChat}
          </NavLink>
          <NavGroup title={t.nav.office} isExpanded={officeOpen} onExpandedChange={setOfficeOpen}>
            <NavLink {...link('/document')} icon={<DocumentIcon />}>
              {t.nav.documents}
            </NavLink>
            <NavLink {...link('/presentation')} badge={soon} icon={<PresentationIcon />}>
              {t.nav.presentations}
            </NavLink>
            <NavLink {...link('/spreadsheet')} badge={soon} icon={<SpreadsheetIcon />}>
              {t.nav.spreadsheets}
            </NavLink>
            <NavLink {...link('/design')} badge={soon} icon={<DesignIcon />}>
              {t.nav.design}
            </NavLink>
          </NavGroup>
          <NavGroup title={t.nav.wealth} isExpanded={wealthOpen} onExpandedChange={setWealthOpen}>
            <NavLink {...link('/stock')} icon={<StockIcon />}>
              {t.nav.stock}
            </NavLink>
          </NavGroup>
          <ChatHistory />
        </Sidebar>
      }
    >
      <Outlet />
    </AppShell>
  );
}

/** The user menu at the foot of the sidebar: who is signed in, plan, credits, storage, theme and logout. */
function AccountMenu() {
  const { user, status } = useCurrentUser();
  const { refresh, clear } = useCurrentUserActions();
  const storage = useStorageUsage();
  const storageActions = useStorageActions();
  const navigate = useNavigate();

  useEffect(() => {
    void refresh();
    void storageActions.refresh();
  }, [refresh, storageActions.refresh]);
  useEffect(() => warmWhenIdle(warmMarketRoutes), []);

  return (
    <UserMenu
      name={user ? user.nickname || user.email : ''}
      // Before the first answer it says it is loading; a failed first answer says so, with 重试.
      account={user ? 'ready' : status === 'error' ? 'unavailable' : 'loading'}
      onRetry={() => void refresh()}
      {...(user ? { email: user.email, credits: user.credits_balance } : {})}
      {...(user?.avatar_url ? { avatarUrl: user.avatar_url } : {})}
      {...(planLabel(user?.subscription_plan) ? { planName: planLabel(user?.subscription_plan) } : {})}
      {...(storage
        ? {
            storage: {
              used: storage.used_bytes,
              quota: storage.quota_bytes,
              text: t.userMenu.storageUsed(
                formatStorageBytes(storage.used_bytes),
                formatStorageBytes(storage.quota_bytes),
              ),
            },
          }
        : {})}
      status={status}
      onOpenChange={(isOpen) => {
        if (isOpen) {
          void refresh();
          void storageActions.refresh();
        }
      }}
      onLogout={() => {
        clear();
        storageActions.clear();
        // The auth:logout event this fires takes the user to /login (RootLayout).
        void api.auth.logout();
      }}
    >
      <MenuItem id="account" onAction={() => navigate('/account')}>
        积分明细与充值
      </MenuItem>
      <MenuItem id="settings" onAction={() => navigate('/settings')}>
        {t.settings.menuEntry}
      </MenuItem>
      {user?.role === 'admin' ? (
        <MenuItem id="admin" onAction={() => navigate('/admin')}>
          管理
        </MenuItem>
      ) : null}
    </UserMenu>
  );
}
