import { FONT_FAMILIES } from '../format/units';
import { DEFAULT_STYLE_PRESETS, type StylePresets } from '../styles/presets';
import type { EditorPreferences } from './types';

/**
 * The style presets of a new document under the user's preferences: the body (正文) in their font and size;
 * headings, captions, tables and code keep theirs. The presets are saved with the document, so it keeps
 * its look when the preferences change later, and exports (DOCX, PDF) carry it.
 */
export function presetsForNewDocument(preferences: EditorPreferences): StylePresets {
  const presets = structuredClone(DEFAULT_STYLE_PRESETS);
  const family = preferences.fontFamily;
  presets.paragraph.fontFamily = family && FONT_FAMILIES.some((f) => f.key === family) ? family : '';
  if (Number.isFinite(preferences.fontSizePx) && preferences.fontSizePx >= 1 && preferences.fontSizePx <= 400)
    presets.paragraph.fontSizePx = preferences.fontSizePx;
  return presets;
}
