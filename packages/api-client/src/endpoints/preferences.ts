import {
  type EditorPreferences,
  type EditorPreferencesUpdate,
  editorPreferences,
  preferencesPaths,
} from '../contract/preferences';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface PreferencesApi {
  /** The signed-in user's word-processor preferences, the defaults filled in for what they never set. */
  get(options?: CallOptions): Promise<EditorPreferences>;
  /** Changes the given fields; resolves to every preference as stored now. */
  update(changes: EditorPreferencesUpdate, options?: CallOptions): Promise<EditorPreferences>;
}

export function createPreferencesApi(http: HttpClient): PreferencesApi {
  return {
    get(options = {}) {
      return http.get(preferencesPaths.editor, { schema: editorPreferences, ...options });
    },
    update(changes, options = {}) {
      return http.patch(preferencesPaths.editor, { json: changes, schema: editorPreferences, ...options });
    },
  };
}
