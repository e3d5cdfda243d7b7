import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { ChevronLeftIcon, CloseIcon, MenuIcon } from '../../icons';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './AppShell.css';
import { AppShellContext, type AppShellContextValue, useAppShell } from './AppShellContext';

export interface AppShellProps {
  /** The navigation, usually a <Sidebar>. A column on wide screens, a drawer below 768 px. */
  sidebar: ReactNode;
  /** The page. */
  children: ReactNode;
  /** What the phone top bar shows next to the menu button (the product name or page title). */
  mobileTitle?: ReactNode;
  /**
   * What the phone top bar offers at its other end: the page's most used action, one tap away instead of
   * behind the drawer (a new chat, say). Shown only where the top bar is.
   */
  mobileActions?: ReactNode;
  /** Controls the drawer (narrow screens); leave out to let the shell manage it. */
  isNavigationOpen?: boolean;
  defaultNavigationOpen?: boolean;
  onNavigationOpenChange?: (isOpen: boolean) => void;
  /**
   * Wide screens: the sidebar column folded to a rail with a button that opens it again. The app keeps
   * the state (and remembers it); without onSidebarCollapsedChange the sidebar cannot be collapsed.
   */
  isSidebarCollapsed?: boolean;
  onSidebarCollapsedChange?: (collapsed: boolean) => void;
}

/**
 * The frame of every signed-in page: sidebar and main area. Below 768 px the sidebar becomes a drawer
 * opened from a menu button in a top bar; choosing a NavLink closes it. Includes a skip link to the main
 * content for keyboard users.
 */
export function AppShell({
  sidebar,
  children,
  mobileTitle,
  mobileActions,
  isNavigationOpen,
  defaultNavigationOpen = false,
  onNavigationOpenChange,
  isSidebarCollapsed = false,
  onSidebarCollapsedChange,
}: AppShellProps) {
  const messages = useUiMessages();
  const mainId = useId();
  const [localOpen, setLocalOpen] = useState(defaultNavigationOpen);
  const isOpen = isNavigationOpen ?? localOpen;
  const setOpen = (open: boolean) => {
    if (isNavigationOpen === undefined) setLocalOpen(open);
    onNavigationOpenChange?.(open);
  };

  // NavLinks call closeNavigation after every press; a stable context keeps them from re-rendering when
  // the drawer opens, and the ref gives the call the current state.
  const latest = useRef({ isOpen, setOpen, onSidebarCollapsedChange });
  latest.current = { isOpen, setOpen, onSidebarCollapsedChange };
  const collapsible = onSidebarCollapsedChange !== undefined;
  const context = useMemo<AppShellContextValue>(
    () => ({
      closeNavigation: () => {
        if (latest.current.isOpen) latest.current.setOpen(false);
      },
      collapseSidebar: collapsible ? () => latest.current.onSidebarCollapsedChange?.(true) : null,
    }),
    [collapsible],
  );
  const collapsed = collapsible && isSidebarCollapsed;

  return (
    <AppShellContext.Provider value={context}>
      <div className={styles.root}>
        <a
          href={`#${mainId}`}
          className={styles.skipLink}
          onClick={(event) => {
            // Focus the main area directly: a fragment link is resolved against <base href> when a page has
            // one, which would turn it into a full navigation.
            event.preventDefault();
            document.getElementById(mainId)?.focus();
          }}
        >
          {messages.shell.skipToContent}
        </a>
        <div className={collapsed ? styles.layoutCollapsed : styles.layout}>
          {collapsed ? (
            <div className={styles.rail}>
              <IconButton
                aria-label={messages.shell.expandSidebar}
                aria-expanded={false}
                onPress={() => onSidebarCollapsedChange?.(false)}
              >
                <MenuIcon />
              </IconButton>
            </div>
          ) : (
            <div className={styles.sidebarColumn}>{sidebar}</div>
          )}
          <div className={styles.mainColumn}>
            <header className={styles.topBar}>
              <IconButton
                aria-label={messages.shell.openNavigation}
                aria-expanded={isOpen}
                onPress={() => setOpen(true)}
              >
                <MenuIcon />
              </IconButton>
              <div className={styles.topBarTitle}>{mobileTitle}</div>
              {mobileActions ? <div className={styles.topBarActions}>{mobileActions}</div> : null}
            </header>
            <main id={mainId} tabIndex={-1} className={styles.main}>
              {children}
            </main>
          </div>
        </div>
        <ModalOverlay isDismissable isOpen={isOpen} onOpenChange={setOpen} className={styles.drawerOverlay}>
          <Modal className={styles.drawer} data-wx-drawer="">
            <Dialog aria-label={messages.shell.navigationDrawer} className={styles.drawerDialog}>
              <IconButton
                size="sm"
                variant="subtle"
                className={styles.drawerClose}
                aria-label={messages.shell.closeNavigation}
                onPress={() => setOpen(false)}
              >
                <CloseIcon />
              </IconButton>
              {sidebar}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </div>
    </AppShellContext.Provider>
  );
}

/**
 * The button that folds the sidebar column to a rail, for the sidebar's header. It shows only where that
 * makes sense: on a wide screen, in a shell whose app lets the sidebar collapse (not in the phone drawer).
 */
export function SidebarCollapseButton() {
  const messages = useUiMessages();
  const shell = useAppShell();
  if (!shell?.collapseSidebar) return null;
  return (
    <span className={styles.collapseButton}>
      <IconButton
        size="sm"
        variant="subtle"
        aria-label={messages.shell.collapseSidebar}
        onPress={shell.collapseSidebar}
      >
        <ChevronLeftIcon />
      </IconButton>
    </span>
  );
}
