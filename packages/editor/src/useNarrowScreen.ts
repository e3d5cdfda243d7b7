import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN_QUERY } from './constants';

const subscribeNarrow = (onChange: () => void) => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const readNarrow = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_SCREEN_QUERY).matches
    : false;

/** Whether the screen is narrow (a phone: one-row toolbar, drawers, no sheets), following resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, readNarrow, () => false);
}
