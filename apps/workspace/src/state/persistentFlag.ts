import { atomWithStorage } from 'jotai/utils';

/*
 * Stored as '1' or '0', as the app always has, so that a returning user's choices still apply. Storage
 * that throws (private mode, a full quota) leaves the flag working for this visit.
 */
const flagStorage = {
  getItem(key: string, initialValue: boolean): boolean {
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? initialValue : stored === '1';
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: boolean): void {
    try {
      localStorage.setItem(key, value ? '1' : '0');
    } catch {
      // The flag still changes for this visit.
    }
  },
  removeItem(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing stored to forget.
    }
  },
};

/** A boolean kept in localStorage (a sidebar group's open state), surviving reloads. */
export function persistentFlagAtom(key: string, initial: boolean) {
  // Read on first use, so that the first paint already shows the stored state.
  return atomWithStorage(key, initial, flagStorage, { getOnInit: true });
}
