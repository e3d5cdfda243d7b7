import type { ThemeName } from './tokens';

/** Where the user's choice is kept. Part of the public contract: the boot script reads the same key. */
export const THEME_STORAGE_KEY = 'wanxiang.theme';

export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];

const darkQuery = '(prefers-color-scheme: dark)';

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (themePreferences as readonly string[]).includes(value);
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ThemeName {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * Inline this in index.html's <head> (before any stylesheet paints) so the first frame already has the
 * right theme. It is the same logic as `applyStoredTheme`, written as ES5 with no imports because it runs
 * before the bundle; storage can throw (blocked cookies, some private modes), which means "system".
 */
export const themeBootScript = `(function(){var p;try{p=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}var d=p==='dark'||(p!=='light'&&!!window.matchMedia&&window.matchMedia(${JSON.stringify(darkQuery)}).matches);var r=document.documentElement;r.setAttribute('data-theme',d?'dark':'light');r.style.colorScheme=d?'dark':'light'})();`;

export interface ThemeState {
  /** What the user picked (or `system` when they never picked). */
  preference: ThemePreference;
  /** The theme actually shown. */
  resolved: ThemeName;
}

/*
 * A module-level store rather than React state: the theme belongs to the document, the boot script and
 * every `useTheme()` caller must agree on it, and other tabs change it through the storage event.
 */

let memoryPreference: ThemePreference | undefined;

function readPreference(): ThemePreference {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    if (isThemePreference(stored)) return stored;
  } catch {
    // Storage is unavailable: fall through to what this page remembered, else the OS.
  }
  return memoryPreference ?? 'system';
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(darkQuery).matches
    : false;
}

let snapshot: ThemeState | undefined;

function computeState(): ThemeState {
  const preference = readPreference();
  const resolved = resolveTheme(preference, systemPrefersDark());
  // useSyncExternalStore needs the same object back while nothing changed.
  if (!snapshot || snapshot.preference !== preference || snapshot.resolved !== resolved) {
    snapshot = { preference, resolved };
  }
  return snapshot;
}

function writeToDocument(theme: ThemeName): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();
let detachEnvironment: (() => void) | undefined;

/*
 * The store paints <html> only once the app has handed the theme to it (applyStoredTheme or a choice
 * through setPreference). Until then it merely reports: a host that sets data-theme itself — Storybook's
 * theme switcher, a test harness — must not be overridden by an OS change or another tab's choice.
 */
let managesDocument = false;

function notify(): void {
  const state = computeState();
  if (managesDocument) writeToDocument(state.resolved);
  for (const listener of listeners) listener();
}

/** Follows the OS while the preference is `system`, and choices made in other tabs. Attached once. */
function attachEnvironment(): void {
  if (detachEnvironment || typeof window === 'undefined') return;
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(darkQuery) : undefined;
  const onSystemChange = () => {
    if (readPreference() === 'system') notify();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) notify();
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  detachEnvironment = () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
    detachEnvironment = undefined;
  };
}

export const themeStore = {
  getSnapshot: computeState,
  /** Server rendering has no OS preference to read. */
  getServerSnapshot: (): ThemeState => ({ preference: 'system', resolved: 'light' }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    attachEnvironment();
    return () => {
      listeners.delete(listener);
    };
  },
  setPreference(preference: ThemePreference): void {
    if (!isThemePreference(preference)) {
      throw new TypeError(
        `Unknown theme preference "${String(preference)}" (expected light, dark or system)`,
      );
    }
    memoryPreference = preference;
    managesDocument = true;
    try {
      globalThis.localStorage?.setItem(THEME_STORAGE_KEY, preference);
    } catch {
      // Quota or privacy settings: the choice holds for this page through memoryPreference.
    }
    notify();
  },
};

/**
 * Puts the stored (or OS) theme on <html data-theme> and keeps following OS changes and other tabs.
 * Call it once at start-up; the inline `themeBootScript` covers the first paint before the bundle loads.
 */
export function applyStoredTheme(): ThemeName {
  const { resolved } = computeState();
  managesDocument = true;
  writeToDocument(resolved);
  attachEnvironment();
  return resolved;
}
