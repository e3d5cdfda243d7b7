export { NavGroup, type NavGroupProps } from './NavGroup';
