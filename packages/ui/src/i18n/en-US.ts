import type { UiMessages } from './zh-CN';

export const enUS: UiMessages = {
  common: {
    close: 'Close',
    confirm: 'OK',
    cancel: 'Cancel',
    loading: 'Loading...',
    required: 'Required',
  },
  tone: {
    neutral: 'Note',
    info: 'Info',
    success: 'Success',
    warning: 'Warning',
    danger: 'Error',
  },
  passwordField: {
    show: 'Show password',
    hide: 'Hide password',
  },
  select: {
    placeholder: 'Select an option',
  },
  confirmDialog: {
    failed: 'The action failed, please try again',
  },
  shell: {
    openNavigation: 'Open menu',
    closeNavigation: 'Close menu',
    navigation: 'Main navigation',
    navigationDrawer: 'Navigation menu',
    skipToContent: 'Skip to main content',
    collapseSidebar: 'Collapse sidebar',
    expandSidebar: 'Expand sidebar',
    sidebar: 'Sidebar',
  },
  errorFallback: {
    title: 'Something went wrong',
    description:
      'The application ran into an unexpected error. Please try refreshing the page. If the problem persists, contact support.',
    reload: 'Refresh page',
  },
  theme: {
    label: 'Appearance',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
  },
  userMenu: {
    label: 'User menu',
    creditsSuffix: 'credits',
    defaultPlan: 'Default plan',
    refreshing: 'Fetching the latest information…',
    loadFailed: 'Failed to load user information',
    loading: 'Loading…',
    unavailable: 'Could not load your account',
    retryHint: 'Open to try again',
    retry: 'Try again',
    logout: 'Log out',
    storage: 'Storage',
  },
  fileChips: {
    label: 'Files to send',
    remove: 'Remove {name}',
    uploading: 'Uploading {percent}%',
    uploadingLabel: '{name} uploading {percent}%',
    kindImage: 'Image',
    kindPdf: 'PDF',
    kindWord: 'Word',
    kindMarkdown: 'Markdown',
    kindJson: 'JSON',
    kindCsv: 'CSV',
    kindText: 'Text',
  },
  toast: {
    region: 'Notifications',
  },
};
