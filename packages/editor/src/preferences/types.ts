import { DEFAULT_FONT_SIZE_PX } from '../format/units';

/**
 * The user's defaults for the word processor (编辑 › 偏好设置). The host keeps them (the workspace on its
 * server, per user) and gives them to the editor; the editor never fetches them itself.
 */
export interface EditorPreferences {
  /** A key of the font list (FONT_FAMILIES) for the body of new documents; null: the paper's own face. */
  fontFamily: string | null;
  /** The body size of new documents, in px. */
  fontSizePx: number;
  /** The view documents open in: 页面视图 (sheets) or 连续视图. */
  view: 'page' | 'continuous';
  /** Off: changes are saved on Ctrl+S / 保存 only. */
  autosave: boolean;
  /** The browser's spell checking of the paper. */
  spellcheck: boolean;
  /** The writing assistant's model when a document opens; null: the first the server offers. */
  assistantModel: string | null;
}

/** What the editor does for a user who never chose: documents open on pages. */
export const DEFAULT_EDITOR_PREFERENCES: EditorPreferences = {
  fontFamily: null,
  fontSizePx: DEFAULT_FONT_SIZE_PX,
  view: 'page',
  autosave: true,
  spellcheck: false,
  assistantModel: null,
};

/** A model the assistant may use, as the preferences dialog lists it. */
export interface PreferenceModel {
  id: string;
  name: string;
}

/** The host's side of the preferences: what they are now, how to store them, which models there are. */
export interface EditorPreferencesHost {
  preferences: EditorPreferences;
  /** Stores the preferences; rejects when they could not be stored (offline, refused). */
  save(next: EditorPreferences): Promise<void>;
  /** The models the user may choose for the assistant; without it the dialog has no model field. */
  loadModels?(signal: AbortSignal): Promise<readonly PreferenceModel[]>;
}
