import { createContext, useContext } from 'react';

export interface AppShellContextValue {
  /** Closes the navigation drawer (narrow screens); a no-op on wide screens. */
  closeNavigation: () => void;
}

export const AppShellContext = createContext<AppShellContextValue | null>(null);

/** The shell around the caller, or null outside an AppShell. */
export function useAppShell(): AppShellContextValue | null {
  return useContext(AppShellContext);
}
