/*
 * @wanxiang/ui — the design system of 万象. Importing this entry also installs the themes (theme/themes.css)
 * and what the components need of a base (theme/base.css); the page's own base is opt-in,
 * '@wanxiang/ui/reset.css', and so is the self-hosted font, '@wanxiang/ui/fonts'.
 */
import './theme/themes.css';
import './theme/base.css';

export {
  Alert,
  type AlertProps,
  type AlertTone,
  type AlertVariant,
  alertTones,
  alertVariants,
} from './components/Alert';
export {
  AppShell,
  type AppShellContextValue,
  type AppShellProps,
  SidebarCollapseButton,
  useAppShell,
} from './components/AppShell';
export { AttachButton, type AttachButtonProps } from './components/AttachButton';
export {
  Avatar,
  type AvatarProps,
  type AvatarSize,
  type AvatarTone,
  avatarSizes,
  avatarTones,
} from './components/Avatar';
export {
  Badge,
  type BadgeProps,
  type BadgeTone,
  type BadgeVariant,
  badgeTones,
  badgeVariants,
} from './components/Badge';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonSizes,
  buttonVariants,
} from './components/Button';
export {
  Card,
  type CardPadding,
  type CardProps,
  type CardVariant,
  cardPaddings,
  cardVariants,
} from './components/Card';
export { Checkbox, type CheckboxProps } from './components/Checkbox';
export {
  Chip,
  type ChipProps,
  type ChipSize,
  type ChipTone,
  type ChipVariant,
  chipSizes,
  chipTones,
  chipVariants,
} from './components/Chip';
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmDialogTone,
  confirmDialogTones,
} from './components/ConfirmDialog';
export {
  Dialog,
  type DialogProps,
  type DialogSize,
  DialogTrigger,
  type DialogTriggerProps,
  dialogSizes,
} from './components/Dialog';
export {
  Disclosure,
  DisclosureGroup,
  type DisclosureGroupProps,
  type DisclosureProps,
} from './components/Disclosure';
export { EmptyState, type EmptyStateProps } from './components/EmptyState';
export {
  ErrorBoundary,
  type ErrorBoundaryProps,
  ErrorFallback,
  type ErrorFallbackProps,
} from './components/ErrorFallback';
export {
  FileChips,
  type FileChipsProps,
  FileTile,
  type FileTileProps,
  fileBadge,
  fileKindLabel,
  fileTileListClass,
  fileTileNameClass,
  formatFileSize,
  type PendingFile,
  useFileDrop,
} from './components/FileChips';
export {
  IconButton,
  type IconButtonProps,
  type IconButtonShape,
  type IconButtonSize,
  type IconButtonVariant,
  iconButtonShapes,
  iconButtonSizes,
  iconButtonVariants,
} from './components/IconButton';
export {
  Inline,
  type InlineAlign,
  type InlineElement,
  type InlineJustify,
  type InlineProps,
  inlineAligns,
  inlineElements,
  inlineJustifies,
} from './components/Inline';
export {
  Menu,
  MenuItem,
  type MenuItemProps,
  type MenuItemTone,
  type MenuProps,
  MenuSection,
  type MenuSectionProps,
  MenuSeparator,
  MenuTrigger,
  type MenuTriggerProps,
  menuItemTones,
} from './components/Menu';
export { NavGroup, type NavGroupProps } from './components/NavGroup';
export { NavLink, type NavLinkProps } from './components/NavLink';
export { PasswordField, type PasswordFieldProps } from './components/PasswordField';
export { Popover, type PopoverProps } from './components/Popover';
export {
  Select,
  SelectItem,
  type SelectItemProps,
  type SelectProps,
  SelectSection,
  type SelectSectionProps,
} from './components/Select';
export { Sidebar, type SidebarProps } from './components/Sidebar';
export {
  Spinner,
  SpinnerGlyph,
  type SpinnerProps,
  type SpinnerSize,
  spinnerSizes,
} from './components/Spinner';
export {
  Stack,
  type StackAlign,
  type StackElement,
  type StackProps,
  stackAligns,
  stackElements,
} from './components/Stack';
export { Switch, type SwitchProps } from './components/Switch';
export {
  Tab,
  TabList,
  type TabListProps,
  TabPanel,
  type TabPanelProps,
  type TabProps,
  Tabs,
  type TabsProps,
  type TabsVariant,
  tabsVariants,
} from './components/Tabs';
export { TextField, type TextFieldProps } from './components/TextField';
export { ThemeSwitcher, type ThemeSwitcherProps, themeIcons } from './components/ThemeSwitcher';
export {
  createToastApi,
  DEFAULT_TOAST_TIMEOUT_MS,
  type ToastContent,
  type ToastOptions,
  ToastQueue,
  ToastRegion,
  type ToastRegionProps,
  type ToastTone,
  toast,
  toastQueue,
  toastTones,
} from './components/Toast';
export {
  TOOLTIP_DELAY_MS,
  TOOLTIP_TOUCH_HOLD_MS,
  TOOLTIP_TOUCH_LINGER_MS,
  Tooltip,
  type TooltipProps,
} from './components/Tooltip';
export {
  UserMenu,
  type UserMenuAccountState,
  type UserMenuProps,
  type UserMenuStatus,
  type UserMenuStorage,
  userMenuAccountStates,
  userMenuStatuses,
} from './components/UserMenu';
export {
  VisuallyHidden,
  type VisuallyHiddenElement,
  type VisuallyHiddenProps,
  visuallyHiddenElements,
} from './components/VisuallyHidden';
export {
  enUS,
  fill,
  type UiLocale,
  type UiMessages,
  UiProvider,
  type UiProviderProps,
  uiLocales,
  useUiMessages,
  zhCN,
} from './i18n';
export {
  AttachIcon,
  ChatIcon,
  CheckIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronUpIcon,
  CloseIcon,
  CopyIcon,
  DesignIcon,
  DocumentIcon,
  ErrorIcon,
  EyeIcon,
  EyeOffIcon,
  Icon,
  type IconProps,
  InfoIcon,
  LogoutIcon,
  MenuIcon,
  MinusIcon,
  MonitorIcon,
  MoonIcon,
  MoreIcon,
  PlusIcon,
  PresentationIcon,
  SearchIcon,
  SendIcon,
  SpreadsheetIcon,
  StockIcon,
  StopIcon,
  SuccessIcon,
  SunIcon,
  TrashIcon,
  UserIcon,
  WarningIcon,
} from './icons';
export { type Space, spaceScale } from './styles/space';
export {
  applyStoredTheme,
  darkTokens,
  isThemePreference,
  lightTokens,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ThemeName,
  type ThemePreference,
  type ThemeState,
  type ThemeTokens,
  themeBootScript,
  themeNames,
  themePreferences,
  type UseThemeResult,
  useTheme,
  vars,
} from './theme';
