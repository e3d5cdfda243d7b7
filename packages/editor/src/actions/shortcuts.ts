import { t } from '../i18n/zh-CN';
import { ALL_ACTIONS } from './actions';

export interface ShortcutRow {
  label: string;
  keys: string[];
}

/**
 * Every shortcut of the action table, for 帮助 → 快捷键: an action's shown shortcut and the keys bound to it,
 * once each, in the table's order; then the keys the editor keeps for itself (Tab indents, and how to leave).
 */
export function shortcutRows(): ShortcutRow[] {
  const rows: ShortcutRow[] = [];
  for (const action of ALL_ACTIONS) {
    const keys = [...(action.shortcut ? [action.shortcut] : []), ...(action.keys ?? [])];
    if (keys.length === 0) continue;
    // Two actions of one name (查找 and 查找和替换 are one box) share a row.
    const row = rows.find((r) => r.label === action.label);
    if (row) row.keys = [...new Set([...row.keys, ...keys])];
    else rows.push({ label: action.label, keys: [...new Set(keys)] });
  }
  rows.push(
    { label: t.image.resizeKeys, keys: ['+', '−', '←', '→'] },
    { label: t.image.propertiesKeys, keys: ['Alt+Enter'] },
    { label: t.shortcuts.indent, keys: ['Tab', 'Shift+Tab'] },
    { label: t.shortcuts.leave, keys: ['Esc → Tab', 'Esc → Shift+Tab'] },
  );
  return rows;
}
