export {
  UserMenu,
  type UserMenuAccountState,
  type UserMenuProps,
  type UserMenuStatus,
  userMenuAccountStates,
  userMenuStatuses,
} from './UserMenu';
