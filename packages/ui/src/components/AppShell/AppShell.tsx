import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { CloseIcon, MenuIcon } from '../../icons';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './AppShell.css';
import { AppShellContext, type AppShellContextValue } from './AppShellContext';

export interface AppShellProps {
  /** The navigation, usually a <Sidebar>. A column on wide screens, a drawer below 768 px. */
  sidebar: ReactNode;
  /** The page. */
  children: ReactNode;
  /** What the phone top bar shows next to the menu button (the product name or page title). */
  mobileTitle?: ReactNode;
  /** Controls the drawer (narrow screens); leave out to let the shell manage it. */
  isNavigationOpen?: boolean;
  defaultNavigationOpen?: boolean;
  onNavigationOpenChange?: (isOpen: boolean) => void;
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
  isNavigationOpen,
  defaultNavigationOpen = false,
  onNavigationOpenChange,
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
  const latest = useRef({ isOpen, setOpen });
  latest.current = { isOpen, setOpen };
  const context = useMemo<AppShellContextValue>(
    () => ({
      closeNavigation: () => {
        if (latest.current.isOpen) latest.current.setOpen(false);
      },
    }),
    [],
  );

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
        <div className={styles.layout}>
          <div className={styles.sidebarColumn}>{sidebar}</div>
          <div className={styles.mainColumn}>
            <header className={styles.topBar}>
              <IconButton
                aria-label={messages.shell.openNavigation}
                aria-expanded={isOpen}
                onPress={() => setOpen(true)}
              >
                <MenuIcon />
              </IconButton>
              {mobileTitle ? <div className={styles.topBarTitle}>{mobileTitle}</div> : null}
            </header>
            <main id={mainId} tabIndex={-1} className={styles.main}>
              {children}
            </main>
          </div>
        </div>
        <ModalOverlay isDismissable isOpen={isOpen} onOpenChange={setOpen} className={styles.drawerOverlay}>
          <Modal className={styles.drawer}>
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
