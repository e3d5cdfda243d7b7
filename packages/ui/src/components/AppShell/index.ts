export { AppShell, type AppShellProps } from './AppShell';
export { type AppShellContextValue, useAppShell } from './AppShellContext';
