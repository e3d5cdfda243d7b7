export {
  UserMenu,
  type UserMenuAccountState,
  type UserMenuProps,
  type UserMenuStatus,
  type UserMenuStorage,
  userMenuAccountStates,
  userMenuStatuses,
} from './UserMenu';
