import { useCallback, useState } from 'react';

/** A boolean kept in localStorage (a sidebar group's open state), surviving reloads. */
export function usePersistentFlag(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? initial : stored === '1';
    } catch {
      return initial;
    }
  });
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, next ? '1' : '0');
      } catch {
        // Private mode or a full quota: the group still toggles for this visit.
      }
    },
    [key],
  );
  return [value, update];
}
