import { EmotionDataError } from '../lib/dataError';

/**
 * Runs a data preparation step; bad data becomes a message for the error state instead of an exception
 * that would take the page down. Anything else is a bug and is rethrown.
 */
export function tryPrepare<T>(prepare: () => T, empty: T): [T, string | null] {
  try {
    return [prepare(), null];
  } catch (error) {
    if (error instanceof EmotionDataError) return [empty, error.message];
    throw error;
  }
}
