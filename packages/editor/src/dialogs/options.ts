import {
  FONT_FAMILIES,
  LENGTH_UNITS,
  type LengthUnit,
  type LineHeightAdv,
  type SpacingUnit,
  type SpecialIndent,
} from '../format/units';
import { t } from '../i18n/zh-CN';
import type { IndentChange, ListType } from '../model/commands';

/** One entry of a dialog picker (see Choice). */
export interface ChoiceOption<V extends string> {
  readonly id: V;
  readonly label: string;
}

export type ChoiceOptions<V extends string> = ReadonlyArray<ChoiceOption<V>>;

/** The id of 不变: the option that leaves a setting as it is. */
export const UNCHANGED = 'unchanged';

/** The options of a setting the dialog may also leave as it is, 不变 first. */
export function withUnchanged<V extends string>(
  options: ChoiceOptions<V>,
): ChoiceOptions<V | typeof UNCHANGED> {
  return [{ id: UNCHANGED, label: t.dialogs.unchanged }, ...options];
}

/** pt, mm and px, for sizes and exact line heights. */
export const LENGTH_UNIT_OPTIONS: ChoiceOptions<LengthUnit> = LENGTH_UNITS.map((unit) => ({
  id: unit,
  label: unit,
}));

/** 字符 and 毫米, for special indents. */
export const INDENT_UNIT_OPTIONS: ChoiceOptions<Extract<SpecialIndent, { unit: string }>['unit']> = [
  { id: 'char', label: t.paragraph.char },
  { id: 'mm', label: t.paragraph.mm },
];

/** 不变, 增加缩进, 减少缩进. */
export const INDENT_CHANGE_OPTIONS: ChoiceOptions<IndentChange> = [
  { id: 'none', label: t.dialogs.unchanged },
  { id: 'inc', label: t.paragraph.indentInc },
  { id: 'dec', label: t.paragraph.indentDec },
];

export const LIST_TYPE_OPTIONS: ChoiceOptions<ListType> = [
  { id: 'bullet', label: t.list.bullet },
  { id: 'ordered', label: t.list.ordered },
  { id: 'check', label: t.list.check },
  { id: 'none', label: t.list.none },
];

export const LINE_HEIGHT_KIND_OPTIONS: ChoiceOptions<LineHeightAdv['kind']> = [
  { id: 'preset', label: t.paragraph.preset },
  { id: 'multiple', label: t.paragraph.multiple },
  { id: 'exact', label: t.paragraph.exact },
];

export const SPECIAL_INDENT_OPTIONS: ChoiceOptions<SpecialIndent['kind']> = [
  { id: 'none', label: t.paragraph.none },
  { id: 'firstLine', label: t.paragraph.firstLine },
  { id: 'hanging', label: t.paragraph.hanging },
];

/** 磅 and 行, for 段前 / 段后. */
export const SPACING_UNIT_OPTIONS: ChoiceOptions<SpacingUnit> = [
  { id: 'pt', label: t.paragraph.pt },
  { id: 'line', label: t.paragraph.line },
];

/** 默认字体 (the document's), then the families of the font menu. */
export const FONT_FAMILY_OPTIONS: ChoiceOptions<string> = [
  { id: 'default', label: t.font.defaultFamily },
  ...FONT_FAMILIES.map((f) => ({ id: f.key, label: f.label })),
];

/**
 * The number a field holds, when it is one `isValid` accepts; null for empty text, text that is not a
 * number, or a number out of range.
 */
export function parseNumber(text: string, isValid: (n: number) => boolean): number | null {
  const n = Number(text);
  return text.trim() && Number.isFinite(n) && isValid(n) ? n : null;
}
