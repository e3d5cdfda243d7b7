/**
 * The wire contract of the user's word-processor preferences (编辑 › 偏好设置): the font and size of new
 * documents, the view documents open in, autosave, spell checking and the writing assistant's default model. Kept per user on the
 * server, so every browser the user signs in from gets the same ones.
 */
import { z } from 'zod';

export const preferencesPaths = {
  editor: '/auth/users/me/preferences/',
} as const;

/**
 * The font families the editor offers, by the keys of its font list. The editor keeps the same list
 * (packages/editor/src/format/units.ts); the workspace's test checks the two agree.
 */
export const PREFERENCE_FONT_FAMILIES = [
  'songti',
  'heiti',
  'kaiti',
  'fangsong',
  'yahei',
  'arial',
  'times',
  'georgia',
  'verdana',
  'courier',
] as const;
export type PreferenceFontFamily = (typeof PREFERENCE_FONT_FAMILIES)[number];

/** A body size, in px, of the editor's sizes: 八号 (5 pt) to 72 pt. */
export const PREFERENCE_FONT_SIZE_MIN_PX = 6.67;
export const PREFERENCE_FONT_SIZE_MAX_PX = 96;
/** 页面视图 (sheets of the page size) or 连续视图 (one long sheet). */
export const PREFERENCE_VIEWS = ['page', 'continuous'] as const;
export type PreferenceView = (typeof PREFERENCE_VIEWS)[number];
/** A model id is the catalog's: short text. */
export const PREFERENCE_MODEL_ID_MAX = 100;

/** Each field without a default, so that a partial update names only what it changes. */
const fields = {
  /** A key of the editor's font list, or null for the paper's own face. */
  font_family: z.enum(PREFERENCE_FONT_FAMILIES).nullable(),
  /** The body size of new documents, in px (two decimals, as the editor keeps sizes). */
  font_size_px: z.number().min(PREFERENCE_FONT_SIZE_MIN_PX).max(PREFERENCE_FONT_SIZE_MAX_PX).multipleOf(0.01),
  /** The view a document opens in. */
  view: z.enum(PREFERENCE_VIEWS),
  /** Off: the document is saved on Ctrl+S / 保存 only. */
  autosave: z.boolean(),
  /** The browser's spell checking of the paper. */
  spellcheck: z.boolean(),
  /** The writing assistant's model when a document opens; null: the server's default. */
  assistant_model: z.string().trim().min(1).max(PREFERENCE_MODEL_ID_MAX).nullable(),
};

/** What the server answers: every field, the defaults filled in. */
export const editorPreferences = z.object({
  font_family: fields.font_family.default(null),
  font_size_px: fields.font_size_px.default(16),
  view: fields.view.default('page'),
  autosave: fields.autosave.default(true),
  spellcheck: fields.spellcheck.default(false),
  assistant_model: fields.assistant_model.default(null),
});
export type EditorPreferences = z.infer<typeof editorPreferences>;

/** A user who never saved any: what the editor did before preferences existed. */
export const DEFAULT_EDITOR_PREFERENCES: EditorPreferences = {
  font_family: null,
  font_size_px: 16,
  view: 'page',
  autosave: true,
  spellcheck: false,
  assistant_model: null,
};

/**
 * PATCH: the fields to change, each optional; an unknown field is refused (named in the 400), so a typo
 * never passes as a no-op.
 */
export const editorPreferencesUpdate = z.strictObject(fields).partial();
export type EditorPreferencesUpdate = z.infer<typeof editorPreferencesUpdate>;
