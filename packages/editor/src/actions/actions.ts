/**
 * The editor's actions, each described once. To add an action, add one entry to ACTION_SPECS below (its
 * label, shortcut, icon, when it is active or enabled, and what it runs); to show it, name its id in MENUS
 * or TOOLBAR at the end of this file. Every entry becomes a Lexical command: the menus, the toolbar and the
 * shortcuts (ActionsPlugin) all dispatch it, and nothing else needs to know the action exists.
 */
import { ChevronLeftIcon } from '@wanxiang/ui';
import {
  createCommand,
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  type LexicalCommand,
  OUTDENT_CONTENT_COMMAND,
  REDO_COMMAND,
  type TextFormatType,
  UNDO_COMMAND,
} from 'lexical';
import { ASSISTANT_QUICK_ACTION_COMMAND } from '../assistant/commands';
import type { QuickAction } from '../assistant/quickActions';
import { OPEN_BOOKMARK_DIALOG_COMMAND, OPEN_XREF_DIALOG_COMMAND } from '../bookmarks/commands';
import { CLIPBOARD_COMMAND, FORMAT_PAINTER_COMMAND } from '../clipboard/commands';
import { OPEN_DIALOG_COMMAND } from '../dialogs/openDialog';
import {
  INSERT_ENDNOTE_COMMAND,
  INSERT_FOOTNOTE_COMMAND,
  OPEN_NOTES_DIALOG_COMMAND,
} from '../footnotes/FootnotesPlugin';
import { OPEN_FORMULA_DIALOG_COMMAND } from '../formula/commands';
import { OPEN_HEADER_FOOTER_COMMAND, OPEN_PAGE_NUMBER_COMMAND } from '../headerFooter/commands';
import { insertHorizontalRule } from '../horizontalRule/insertHorizontalRule';
import { t } from '../i18n/zh-CN';
import {
  type Alignment,
  clearFormatting,
  insertDefaultTable,
  selectAll,
  selectParagraph,
  setAlignment,
  setBlockType,
} from '../model/commands';
import { runTableAction, TABLE_ACTIONS, TABLE_LABELS, type TableAction } from '../model/table';
import { OPEN_PAGE_SETUP_COMMAND, PRINT_DOCUMENT_COMMAND } from '../pages/commands';
import { insertPageBreak } from '../pages/PageBreakNode';
import { INSERT_SHAPE_COMMAND, OPEN_SHAPE_PICKER_COMMAND } from '../shapes/commands';
import { OPEN_SYMBOL_PICKER_COMMAND } from '../symbols/SymbolsPlugin';
import { insertToc } from '../toc/insertToc';
import { updateTocs } from '../toc/logic';
import {
  AlignCenterIcon,
  AlignLeftIcon,
  AlignRightIcon,
  BoldGlyph,
  BulletListIcon,
  CodeBlockIcon,
  CodeGlyph,
  ImageIcon,
  IndentIcon,
  ItalicGlyph,
  LinkIcon,
  NumberedListIcon,
  OutdentIcon,
  PanelLeftIcon,
  PanelRightIcon,
  RedoIcon,
  StrikeGlyph,
  TableIcon,
  UnderlineGlyph,
  UndoIcon,
} from './icons';
import type { ActionContext, ActionSpec } from './types';

/** Runs an editor change, then gives the caret back to the paper (a button or menu took the focus). */
const focused =
  (change: (context: ActionContext) => void) =>
  (context: ActionContext): void => {
    change(context);
    context.editor.focus();
  };

const textFormat = (
  format: TextFormatType,
  state: 'bold' | 'italic' | 'underline' | 'strike' | 'code',
  label: string,
  icon: ActionSpec['icon'],
): ActionSpec => ({
  label,
  icon,
  isActive: (current) => current[state],
  run: focused(({ editor }) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)),
});

const align = (alignment: Alignment, hint?: string, icon?: ActionSpec['icon']): ActionSpec => ({
  label: t.align[alignment],
  ...(hint ? { hint } : {}),
  ...(icon ? { icon } : {}),
  isActive: (format) => format.alignment === alignment,
  run: focused(({ editor }) => setAlignment(editor, alignment)),
});

const tableTool = (action: TableAction): ActionSpec => ({
  label: TABLE_LABELS[action],
  isEnabled: (format) =>
    format.inTable &&
    (action === 'merge' ? format.canMerge : action === 'unmerge' ? format.canUnmerge : true),
  ...(action === 'deleteTable' ? { isDanger: true } : {}),
  run: focused(({ editor }) => runTableAction(editor, action)),
});

/** A quick action of the AI assistant on the selection: it asks at once (the assistant's dock sends it). */
const assistantAction = (action: QuickAction, label: string): ActionSpec => ({
  label,
  isAvailable: (frame) => frame.hasRightPanel,
  unavailableReason: t.panels.noRightPanel,
  run: ({ editor }) => editor.dispatchCommand(ASSISTANT_QUICK_ACTION_COMMAND, action),
});

const ACTION_SPECS = {
  // The page around the editor.
  back: {
    label: t.toolbar.back,
    icon: ChevronLeftIcon,
    isFrameAction: true,
    run: ({ frame }) => frame.back(),
  },
  viewPage: {
    label: t.view.page,
    isFrameAction: true,
    isChecked: (frame) => frame.view === 'page',
    run: ({ frame }) => frame.setView?.('page'),
  },
  viewContinuous: {
    label: t.view.continuous,
    isFrameAction: true,
    isChecked: (frame) => frame.view !== 'page',
    run: ({ frame }) => frame.setView?.('continuous'),
  },
  // 视图 › 缩放 (pageView/zoom.ts): the page view's zoom. Ctrl+= / Ctrl+- / Ctrl+0 as in Word and WPS, bound
  // only while the focus is in the editor (elsewhere they stay the browser's zoom). Ctrl++ is the same key
  // with Shift, or the keypad's +.
  zoomIn: {
    label: t.zoom.in,
    shortcut: 'Ctrl+=',
    keys: ['Ctrl+=', 'Ctrl++', 'Ctrl+Shift++'],
    isFrameAction: true,
    isAvailable: (frame) => frame.view === 'page',
    unavailableReason: t.zoom.onlyPageView,
    run: ({ frame }) => frame.zoom?.('in'),
  },
  zoomOut: {
    label: t.zoom.out,
    shortcut: 'Ctrl+-',
    keys: ['Ctrl+-'],
    isFrameAction: true,
    isAvailable: (frame) => frame.view === 'page',
    unavailableReason: t.zoom.onlyPageView,
    run: ({ frame }) => frame.zoom?.('out'),
  },
  zoomReset: {
    label: t.zoom.reset,
    shortcut: 'Ctrl+0',
    keys: ['Ctrl+0'],
    isFrameAction: true,
    isAvailable: (frame) => frame.view === 'page',
    unavailableReason: t.zoom.onlyPageView,
    run: ({ frame }) => frame.zoom?.('reset'),
  },
  zoomFitWidth: {
    label: t.zoom.fitWidth,
    isFrameAction: true,
    isAvailable: (frame) => frame.view === 'page',
    unavailableReason: t.zoom.onlyPageView,
    run: ({ frame }) => frame.zoom?.('fitWidth'),
  },
  zoomWholePage: {
    label: t.zoom.wholePage,
    isFrameAction: true,
    isAvailable: (frame) => frame.view === 'page',
    unavailableReason: t.zoom.onlyPageView,
    run: ({ frame }) => frame.zoom?.('wholePage'),
  },
  toggleLeft: {
    label: t.panels.toggleLeft,
    icon: PanelLeftIcon,
    isFrameAction: true,
    run: ({ frame }) => frame.toggleLeft(),
  },
  toggleRight: {
    label: t.panels.toggleRight,
    icon: PanelRightIcon,
    isFrameAction: true,
    isAvailable: (frame) => frame.hasRightPanel,
    unavailableReason: t.panels.noRightPanel,
    run: ({ frame }) => frame.toggleRight(),
  },

  // Files.
  open: { label: t.file.open, run: ({ frame }) => frame.openFile() },
  saveLocal: { label: t.file.saveLocal, run: ({ frame }) => frame.saveLocal() },
  saveNow: { label: t.file.saveNow, run: ({ frame }) => frame.saveNow() },
  saveCloud: {
    label: t.file.saveCloud,
    keys: ['Ctrl+S'],
    isFrameAction: true,
    run: ({ frame }) => frame.saveCloud(),
  },
  // 版本历史 (neither Word nor WPS gives these a shortcut).
  versionHistory: { label: t.file.versionHistory, run: ({ frame }) => frame.openVersions() },
  nameVersion: { label: t.file.nameVersion, run: ({ frame }) => frame.nameVersion() },
  // 偏好设置 (no shortcut in Word or WPS either); left out when the host keeps no preferences.
  preferences: {
    label: t.edit.preferences,
    isFrameAction: true,
    run: ({ frame }) => frame.openPreferences?.(),
  },
  exportMarkdown: { label: t.file.exportMarkdown, run: ({ frame }) => frame.exportMarkdown() },
  exportDocx: { label: t.file.exportDocx, run: ({ frame }) => frame.exportDocx() },
  exportPdf: { label: t.file.exportPdf, run: ({ frame }) => frame.exportPdf() },

  // Editing.
  undo: {
    label: t.edit.undo,
    hint: t.toolbar.undo,
    shortcut: 'Ctrl+Z',
    icon: UndoIcon,
    run: focused(({ editor }) => editor.dispatchCommand(UNDO_COMMAND, undefined)),
  },
  redo: {
    label: t.edit.redo,
    hint: t.toolbar.redo,
    shortcut: 'Ctrl+Y',
    icon: RedoIcon,
    run: focused(({ editor }) => editor.dispatchCommand(REDO_COMMAND, undefined)),
  },
  selectAll: { label: t.edit.selectAll, shortcut: 'Ctrl+A', run: focused(({ editor }) => selectAll(editor)) },
  selectParagraph: { label: t.edit.selectParagraph, run: focused(({ editor }) => selectParagraph(editor)) },
  find: {
    label: t.find.title,
    keys: ['Ctrl+F'],
    run: ({ editor }) => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'find', findMode: 'find' }),
  },
  findReplace: {
    label: t.edit.findReplace,
    // The menu names the find box's key (Ctrl+F); Ctrl+H opens the box with its replace row.
    shortcut: 'Ctrl+F',
    keys: ['Ctrl+H'],
    run: ({ editor }) => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'find', findMode: 'replace' }),
  },
  // The clipboard (ClipboardPlugin). Ctrl+X, Ctrl+C and Ctrl+V are the browser's own cut, copy and paste,
  // which Lexical handles: they are shown, not bound. Ctrl+Shift+V is the browser's own paste as plain
  // text (the paste then carries only text/plain), so it is shown for 粘贴为纯文本 and left to the browser too.
  cut: {
    label: t.edit.cut,
    shortcut: 'Ctrl+X',
    run: focused(({ editor }) => editor.dispatchCommand(CLIPBOARD_COMMAND, 'cut')),
  },
  copy: {
    label: t.edit.copy,
    shortcut: 'Ctrl+C',
    run: focused(({ editor }) => editor.dispatchCommand(CLIPBOARD_COMMAND, 'copy')),
  },
  paste: {
    label: t.edit.paste,
    shortcut: 'Ctrl+V',
    run: focused(({ editor }) => editor.dispatchCommand(CLIPBOARD_COMMAND, 'paste')),
  },
  pastePlain: {
    label: t.edit.pastePlain,
    shortcut: 'Ctrl+Shift+V',
    run: focused(({ editor }) => editor.dispatchCommand(CLIPBOARD_COMMAND, 'pastePlain')),
  },
  // 格式刷. Word's Ctrl+Shift+C and Ctrl+Shift+V cannot be had here: Ctrl+Shift+C opens the browser's
  // element inspector and Ctrl+Shift+V is the browser's (and WPS's) paste as plain text. Ctrl+Alt+C and
  // Ctrl+Alt+V, the pair Word gives 格式刷 in some languages, are free in the browsers.
  copyFormat: {
    label: t.edit.copyFormat,
    shortcut: 'Ctrl+Alt+C',
    keys: ['Ctrl+Alt+C'],
    run: focused(({ editor }) => editor.dispatchCommand(FORMAT_PAINTER_COMMAND, 'copy')),
  },
  pasteFormat: {
    label: t.edit.pasteFormat,
    shortcut: 'Ctrl+Alt+V',
    keys: ['Ctrl+Alt+V'],
    run: focused(({ editor }) => editor.dispatchCommand(FORMAT_PAINTER_COMMAND, 'paste')),
  },

  // Format.
  bold: textFormat('bold', 'bold', t.toolbar.bold, BoldGlyph),
  italic: textFormat('italic', 'italic', t.toolbar.italic, ItalicGlyph),
  underline: textFormat('underline', 'underline', t.toolbar.underline, UnderlineGlyph),
  strike: textFormat('strikethrough', 'strike', t.toolbar.strike, StrikeGlyph),
  code: textFormat('code', 'code', t.toolbar.code, CodeGlyph),
  fontDialog: {
    label: t.format.font,
    run: ({ editor }) => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'font' }),
  },
  paragraphDialog: {
    label: t.format.paragraph,
    run: ({ editor }) => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'paragraph' }),
  },
  listDialog: {
    label: t.format.list,
    run: ({ editor }) => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'list' }),
  },
  styleDialog: {
    label: t.format.style,
    run: ({ editor }) => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'style' }),
  },
  clearFormatting: {
    label: t.format.clear,
    shortcut: 'Ctrl+\\',
    keys: ['Ctrl+\\'],
    run: focused(({ editor }) => clearFormatting(editor)),
  },
  alignLeft: align('left', t.toolbar.alignLeft, AlignLeftIcon),
  alignCenter: align('center', t.toolbar.alignCenter, AlignCenterIcon),
  alignRight: align('right', t.toolbar.alignRight, AlignRightIcon),
  alignJustify: align('justify'),
  alignDistribute: align('distribute'),
  // Lists and indents, the buttons beside the alignment ones in WPS and Word. Word's keys: Ctrl+Shift+L
  // bullets, Ctrl+M indents; Word's Ctrl+Shift+M would be the browser's own (switch profile), so outdent
  // has Shift+Tab, which the editor already handles.
  bulletList: {
    label: t.toolbar.bulletList,
    shortcut: 'Ctrl+Shift+L',
    keys: ['Ctrl+Shift+L'],
    icon: BulletListIcon,
    isActive: (format) => format.blockType === 'bullet',
    run: focused(({ editor, format }) => setBlockType(editor, 'bullet', format.blockType ?? undefined)),
  },
  numberedList: {
    label: t.toolbar.numberedList,
    icon: NumberedListIcon,
    isActive: (format) => format.blockType === 'number',
    run: focused(({ editor, format }) => setBlockType(editor, 'number', format.blockType ?? undefined)),
  },
  outdent: {
    label: t.toolbar.outdent,
    shortcut: 'Shift+Tab',
    icon: OutdentIcon,
    run: focused(({ editor }) => editor.dispatchCommand(OUTDENT_CONTENT_COMMAND, undefined)),
  },
  indent: {
    label: t.toolbar.indent,
    shortcut: 'Ctrl+M',
    keys: ['Ctrl+M'],
    icon: IndentIcon,
    run: focused(({ editor }) => editor.dispatchCommand(INDENT_CONTENT_COMMAND, undefined)),
  },

  // Insert.
  footnote: {
    label: t.insert.annotation,
    shortcut: 'Ctrl+Alt+F',
    keys: ['Ctrl+Alt+F'],
    run: ({ editor }) => editor.dispatchCommand(INSERT_FOOTNOTE_COMMAND, undefined),
  },
  // Word's keys: Ctrl+Alt+D endnote (beside Ctrl+Alt+F footnote).
  endnote: {
    label: t.notes.insertEndnote,
    shortcut: 'Ctrl+Alt+D',
    keys: ['Ctrl+Alt+D'],
    run: ({ editor }) => editor.dispatchCommand(INSERT_ENDNOTE_COMMAND, undefined),
  },
  notesDialog: {
    label: t.insert.otherNotes,
    run: ({ editor }) => editor.dispatchCommand(OPEN_NOTES_DIALOG_COMMAND, undefined),
  },
  image: {
    label: t.insert.image,
    hint: t.toolbar.image,
    icon: ImageIcon,
    run: ({ frame }) => frame.chooseImage(),
  },
  table: {
    label: t.insert.table,
    hint: t.toolbar.table,
    icon: TableIcon,
    run: focused(({ editor }) => insertDefaultTable(editor)),
  },
  codeBlock: {
    label: t.insert.codeBlock,
    hint: t.toolbar.codeBlock,
    icon: CodeBlockIcon,
    isActive: (format) => format.blockType === 'code',
    run: focused(({ editor, format }) => setBlockType(editor, 'code', format.blockType ?? undefined)),
  },
  // 页面设置, 打印 and 分页符 (pages/): Ctrl+P prints the document alone, never the app around it.
  // 页眉和页脚 and 页码 (headerFooter/): shown on the page view's sheets, printed, and in PDF and DOCX.
  headerFooter: {
    label: t.insert.headerFooter,
    run: ({ editor }) => editor.dispatchCommand(OPEN_HEADER_FOOTER_COMMAND, undefined),
  },
  pageNumber: {
    label: t.insert.pageNumber,
    run: ({ editor }) => editor.dispatchCommand(OPEN_PAGE_NUMBER_COMMAND, undefined),
  },
  pageSetup: {
    label: t.file.pageSetup,
    run: ({ editor }) => editor.dispatchCommand(OPEN_PAGE_SETUP_COMMAND, undefined),
  },
  print: {
    label: t.file.print,
    shortcut: 'Ctrl+P',
    keys: ['Ctrl+P'],
    run: ({ editor }) => editor.dispatchCommand(PRINT_DOCUMENT_COMMAND, undefined),
  },
  pageBreak: {
    label: t.insert.pageBreak,
    shortcut: 'Ctrl+Enter',
    keys: ['Ctrl+Enter'],
    run: focused(({ editor }) => insertPageBreak(editor)),
  },
  horizontalRule: {
    label: t.insert.horizontalLine,
    run: focused(({ editor }) => insertHorizontalRule(editor)),
  },
  // 文本框 and 形状 (shapes/): a text box puts the caret in its text; 形状 opens the picker of five shapes.
  textBox: {
    label: t.insert.textBox,
    run: ({ editor }) => editor.dispatchCommand(INSERT_SHAPE_COMMAND, 'textBox'),
  },
  shape: {
    label: t.insert.shape,
    run: ({ editor }) => editor.dispatchCommand(OPEN_SHAPE_PICKER_COMMAND, undefined),
  },
  // 公式 (formula/): Word's key for a new equation is Alt+=, free in the browsers.
  formula: {
    label: t.insert.formula,
    shortcut: 'Alt+=',
    keys: ['Alt+='],
    run: ({ editor }) => editor.dispatchCommand(OPEN_FORMULA_DIALOG_COMMAND, undefined),
  },
  symbol: {
    label: t.insert.symbol,
    run: ({ editor }) => editor.dispatchCommand(OPEN_SYMBOL_PICKER_COMMAND, undefined),
  },
  // 书签 and 交叉引用 (bookmarks/). Word's key for 书签 is Ctrl+Shift+F5; 交叉引用 has none.
  bookmark: {
    label: t.insert.bookmark,
    shortcut: 'Ctrl+Shift+F5',
    keys: ['Ctrl+Shift+F5'],
    run: ({ editor }) => editor.dispatchCommand(OPEN_BOOKMARK_DIALOG_COMMAND, undefined),
  },
  crossReference: {
    label: t.insert.crossReference,
    run: ({ editor }) => editor.dispatchCommand(OPEN_XREF_DIALOG_COMMAND, undefined),
  },
  // 目录 (toc/): built from the headings on insert, and again only on 更新目录, as Word does.
  toc: {
    label: t.insert.toc,
    run: focused(({ editor }) => insertToc(editor)),
  },
  updateToc: {
    label: t.insert.updateToc,
    run: focused(({ editor }) => updateTocs(editor)),
  },
  link: {
    label: t.insert.hyperlink,
    hint: t.toolbar.link,
    shortcut: 'Ctrl+K',
    keys: ['Ctrl+K'],
    icon: LinkIcon,
    isActive: (format) => format.isLink,
    run: ({ editor }) => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'link' }),
  },

  // Help.
  shortcuts: {
    label: t.shortcuts.title,
    run: ({ editor }) => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'shortcuts' }),
  },

  // The AI assistant's quick actions on the selection (its context menu and the panel's buttons).
  'assistant.polish': assistantAction('polish', t.assistant.quick.polish),
  'assistant.expand': assistantAction('expand', t.assistant.quick.expand),
  'assistant.shorten': assistantAction('shorten', t.assistant.quick.shorten),
  'assistant.continue': assistantAction('continue', t.assistant.quick.continue),
  'assistant.translate': assistantAction('translate', t.assistant.quick.translate),
  'assistant.summarize': assistantAction('summarize', t.assistant.quick.summarize),

  // The table tools (the toolbar's popover).
  'table.rowAbove': tableTool('rowAbove'),
  'table.rowBelow': tableTool('rowBelow'),
  'table.colLeft': tableTool('colLeft'),
  'table.colRight': tableTool('colRight'),
  'table.deleteRow': tableTool('deleteRow'),
  'table.deleteColumn': tableTool('deleteColumn'),
  'table.merge': tableTool('merge'),
  'table.unmerge': tableTool('unmerge'),
  'table.deleteTable': tableTool('deleteTable'),
} satisfies Record<string, ActionSpec> & Record<`table.${TableAction}`, ActionSpec>;

export type ActionId = keyof typeof ACTION_SPECS;

export interface EditorAction extends ActionSpec {
  readonly id: ActionId;
  /** Dispatch it (`editor.dispatchCommand(action.command, undefined)`) to run the action. */
  readonly command: LexicalCommand<void>;
}

export const ACTIONS = Object.fromEntries(
  Object.entries(ACTION_SPECS).map(([id, spec]) => [
    id,
    { ...spec, id, command: createCommand<void>(`wx:${id}`) },
  ]),
) as Record<ActionId, EditorAction>;

export const ALL_ACTIONS: readonly EditorAction[] = Object.values(ACTIONS);

/** The assistant's quick actions, in the order the context menu and the panel list them. */
export const ASSISTANT_ACTIONS = (
  [
    'polish',
    'expand',
    'shorten',
    'continue',
    'translate',
    'summarize',
  ] as const satisfies readonly QuickAction[]
).map((action) => ({ action, entry: ACTIONS[`assistant.${action}`] }));

/** The table tools in the order the toolbar's popover lists them. */
export const TABLE_TOOLS = TABLE_ACTIONS.map((action) => ACTIONS[`table.${action}`]);

/** A menu entry: every one is an action of this table (none is a placeholder). */
export type MenuEntry = ActionId;

export interface MenuGroup {
  title?: string;
  /** One of its entries is chosen (shown checked, as radio items), by their isChecked. */
  choice?: boolean;
  entries: readonly MenuEntry[];
}

/** 文件 编辑 格式 视图 插入 帮助: each menu's groups, in order. */
export const MENUS: ReadonlyArray<{ key: keyof typeof t.menus; groups: readonly MenuGroup[] }> = [
  {
    key: 'file',
    groups: [
      { entries: ['open'] },
      { entries: ['saveLocal', 'saveCloud'] },
      {
        entries: ['exportPdf', 'exportDocx', 'exportMarkdown'],
      },
      { entries: ['versionHistory', 'nameVersion'] },
      { entries: ['pageSetup', 'print'] },
    ],
  },
  {
    key: 'edit',
    groups: [
      { entries: ['undo', 'redo'] },
      { entries: ['selectAll', 'selectParagraph', 'findReplace'] },
      {
        title: t.edit.clipboard,
        entries: ['paste', 'pastePlain', 'cut', 'copy', 'copyFormat', 'pasteFormat'],
      },
      { entries: ['preferences'] },
    ],
  },
  {
    key: 'format',
    groups: [
      { entries: ['fontDialog', 'paragraphDialog'] },
      {
        title: t.format.alignment,
        entries: ['alignLeft', 'alignCenter', 'alignRight', 'alignJustify', 'alignDistribute'],
      },
      { entries: ['listDialog', 'styleDialog', 'clearFormatting'] },
    ],
  },
  {
    key: 'view',
    groups: [
      { title: t.view.mode, choice: true, entries: ['viewPage', 'viewContinuous'] },
      {
        title: t.zoom.menu,
        entries: ['zoomIn', 'zoomOut', 'zoomReset', 'zoomFitWidth', 'zoomWholePage'],
      },
      { entries: ['toggleLeft', 'toggleRight'] },
    ],
  },
  {
    key: 'insert',
    groups: [
      { title: t.insert.reference, entries: ['footnote', 'endnote', 'notesDialog', 'toc', 'updateToc'] },
      {
        title: t.insert.content,
        entries: ['image', 'table', 'textBox', 'shape', 'codeBlock', 'horizontalRule'],
      },
      {
        title: t.insert.page,
        entries: ['headerFooter', 'pageNumber', 'pageBreak'],
      },
      {
        title: t.insert.link,
        entries: ['link', 'bookmark', 'crossReference'],
      },
      {
        title: t.insert.object,
        entries: ['formula', 'symbol'],
      },
    ],
  },
  { key: 'help', groups: [{ entries: ['shortcuts'] }] },
];

/** The toolbar's controls that are more than a button (selects and popovers); the toolbar draws them. */
export type ToolbarWidget =
  | 'blockType'
  | 'fontFamily'
  | 'fontSize'
  | 'colors'
  | 'codeLanguage'
  | 'tableTools'
  | 'lineSpacing';

export type ToolbarItem = ActionId | { widget: ToolbarWidget };

/** The toolbar's groups, in order, with a divider between two groups. */
export const TOOLBAR: ReadonlyArray<readonly ToolbarItem[]> = [
  ['back', 'toggleLeft'],
  ['undo', 'redo'],
  [{ widget: 'blockType' }, { widget: 'fontFamily' }, { widget: 'fontSize' }],
  ['bold', 'italic', 'underline', 'strike', 'code', { widget: 'colors' }],
  ['codeBlock', { widget: 'codeLanguage' }, 'image', 'table', { widget: 'tableTools' }],
  ['alignLeft', 'alignCenter', 'alignRight', 'link'],
  ['bulletList', 'numberedList', 'outdent', 'indent', { widget: 'lineSpacing' }],
  ['toggleRight'],
];
