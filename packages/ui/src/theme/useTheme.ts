import { useSyncExternalStore } from 'react';
import { type ThemePreference, type ThemeState, themeStore } from './preference';

export interface UseThemeResult extends ThemeState {
  setPreference: (preference: ThemePreference) => void;
}

/**
 * The user's theme preference, the theme in effect, and a setter that stores the choice and repaints
 * <html>. Call `applyStoredTheme()` once at start-up so the document also follows OS changes and choices
 * made in other tabs.
 */
export function useTheme(): UseThemeResult {
  const state = useSyncExternalStore(
    themeStore.subscribe,
    themeStore.getSnapshot,
    themeStore.getServerSnapshot,
  );
  return { ...state, setPreference: themeStore.setPreference };
}
