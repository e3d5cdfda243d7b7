export { AppShell, type AppShellProps, SidebarCollapseButton } from './AppShell';
export { type AppShellContextValue, useAppShell } from './AppShellContext';
