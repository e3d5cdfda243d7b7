export { vars } from './contract.css';
export {
  applyStoredTheme,
  isThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ThemePreference,
  type ThemeState,
  themeBootScript,
  themePreferences,
} from './preference';
export { darkTokens, lightTokens, type ThemeName, type ThemeTokens, themeNames } from './tokens';
export { type UseThemeResult, useTheme } from './useTheme';
export { themeVariableName } from './variableNames';
