export { ThemeSwitcher, type ThemeSwitcherProps, themeIcons } from './ThemeSwitcher';
