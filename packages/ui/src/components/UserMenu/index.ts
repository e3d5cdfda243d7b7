export { UserMenu, type UserMenuProps, type UserMenuStatus, userMenuStatuses } from './UserMenu';
