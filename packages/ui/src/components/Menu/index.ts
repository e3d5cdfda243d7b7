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
} from './Menu';
