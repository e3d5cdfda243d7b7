import { createCommand, type NodeKey } from 'lexical';

/** Opens the formula dialog: to insert a new formula, or, given a formula's key, to edit that one. */
export const OPEN_FORMULA_DIALOG_COMMAND = createCommand<{ nodeKey?: NodeKey } | undefined>(
  'wx:openFormulaDialog',
);
