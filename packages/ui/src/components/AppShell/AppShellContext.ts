import { createContext, useContext } from 'react';

export interface AppShellContextValue {
  /** Closes the navigation drawer (narrow screens); a no-op on wide screens. */
  closeNavigation: () => void;
  /** Collapses the wide screen's sidebar column to a rail; null when the app does not offer it. */
  collapseSidebar: (() => void) | null;
}

export const AppShellContext = createContext<AppShellContextValue | null>(null);

/** The shell around the caller, or null outside an AppShell. */
export function useAppShell(): AppShellContextValue | null {
  return useContext(AppShellContext);
}
