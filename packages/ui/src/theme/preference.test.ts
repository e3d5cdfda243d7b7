import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  applyStoredTheme,
  isThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  themeBootScript,
  themeStore,
} from './preference';

const root = document.documentElement;
const systemTheme = () => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

beforeEach(() => {
  localStorage.removeItem(THEME_STORAGE_KEY);
  root.removeAttribute('data-theme');
});
afterEach(() => {
  localStorage.removeItem(THEME_STORAGE_KEY);
  root.removeAttribute('data-theme');
});

test('leaves <html> alone until the app hands it the theme', () => {
  // Runs first in this file: nothing has called applyStoredTheme or setPreference yet.
  const unsubscribe = themeStore.subscribe(() => {});
  localStorage.setItem(THEME_STORAGE_KEY, 'dark');
  window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
  expect(root.hasAttribute('data-theme')).toBe(false);
  unsubscribe();
});

describe('resolveTheme', () => {
  test.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', false, 'light'],
    ['system', true, 'dark'],
  ] as const)('%s with the OS dark=%s is %s', (preference, osDark, expected) => {
    expect(resolveTheme(preference, osDark)).toBe(expected);
  });
});

test('only light, dark and system are preferences', () => {
  expect(['light', 'dark', 'system'].every(isThemePreference)).toBe(true);
  expect(['', 'Dark', 'auto', null, 1].some(isThemePreference)).toBe(false);
});

describe('the boot script', () => {
  const run = () => new Function(themeBootScript)();

  test('applies a stored choice before the app loads', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
  });

  test('follows the OS when nothing (or garbage) is stored', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    run();
    expect(root.dataset.theme).toBe(systemTheme());
  });

  test('agrees with applyStoredTheme for every stored value', () => {
    for (const stored of ['light', 'dark', 'system', 'nonsense']) {
      localStorage.setItem(THEME_STORAGE_KEY, stored);
      run();
      const fromScript = root.dataset.theme;
      root.removeAttribute('data-theme');
      expect(applyStoredTheme()).toBe(fromScript);
      expect(root.dataset.theme).toBe(fromScript);
    }
  });
});

describe('the theme store', () => {
  test('defaults to following the system', () => {
    expect(themeStore.getSnapshot()).toEqual({ preference: 'system', resolved: systemTheme() });
  });

  test('setPreference stores the choice, paints <html> and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = themeStore.subscribe(listener);
    themeStore.setPreference('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(themeStore.getSnapshot()).toEqual({ preference: 'dark', resolved: 'dark' });
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  test('returns the same snapshot object while nothing changed (useSyncExternalStore needs it)', () => {
    themeStore.setPreference('light');
    expect(themeStore.getSnapshot()).toBe(themeStore.getSnapshot());
  });

  test('follows a choice made in another tab once the app has applied the theme', () => {
    const listener = vi.fn();
    const unsubscribe = themeStore.subscribe(listener);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    expect(listener).toHaveBeenCalled();
    expect(root.dataset.theme).toBe('dark');
    unsubscribe();
  });

  test('rejects an unknown preference instead of storing it', () => {
    expect(() => themeStore.setPreference('sepia' as never)).toThrow(TypeError);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
