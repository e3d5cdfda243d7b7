import {
  $deleteTableColumnAtSelection,
  $deleteTableRowAtSelection,
  $findTableNode,
  $insertTableColumnAtSelection,
  $insertTableRowAtSelection,
  $isTableSelection,
  $mergeCells,
  $unmergeCell,
  TableCellNode,
} from '@lexical/table';
import { $getSelection, type LexicalEditor } from 'lexical';
import { t } from '../i18n/zh-CN';

export function runTableAction(editor: LexicalEditor, action: TableAction) {
  editor.update(() => {
    const selection = $getSelection();
    switch (action) {
      case 'rowAbove':
        $insertTableRowAtSelection(false);
        break;
      case 'rowBelow':
        $insertTableRowAtSelection(true);
        break;
      case 'colLeft':
        $insertTableColumnAtSelection(false);
        break;
      case 'colRight':
        $insertTableColumnAtSelection(true);
        break;
      case 'deleteRow':
        $deleteTableRowAtSelection();
        break;
      case 'deleteColumn':
        $deleteTableColumnAtSelection();
        break;
      case 'deleteTable': {
        const node = selection?.getNodes()[0];
        const table = node ? $findTableNode(node) : null;
        table?.remove();
        break;
      }
      case 'merge':
        if ($isTableSelection(selection)) {
          const cells = selection.getNodes().filter((n): n is TableCellNode => n instanceof TableCellNode);
          const merged = $mergeCells(cells);
          merged?.selectStart();
        }
        break;
      case 'unmerge':
        $unmergeCell();
        break;
    }
  });
}

export const TABLE_ACTIONS = [
  'rowAbove',
  'rowBelow',
  'colLeft',
  'colRight',
  'deleteRow',
  'deleteColumn',
  'merge',
  'unmerge',
  'deleteTable',
] as const;
export type TableAction = (typeof TABLE_ACTIONS)[number];

export const TABLE_LABELS: Record<TableAction, string> = {
  rowAbove: t.table.insertRowAbove,
  rowBelow: t.table.insertRowBelow,
  colLeft: t.table.insertColumnLeft,
  colRight: t.table.insertColumnRight,
  deleteRow: t.table.deleteRow,
  deleteColumn: t.table.deleteColumn,
  merge: t.table.merge,
  unmerge: t.table.unmerge,
  deleteTable: t.table.deleteTable,
};
