import { $isCodeNode } from '@lexical/code';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $findMatchingParent } from '@lexical/utils';
import {
  Button,
  ChevronLeftIcon,
  DialogTrigger,
  IconButton,
  Popover,
  Select,
  SelectItem,
  SelectSection,
  Tooltip,
} from '@wanxiang/ui';
import {
  $getSelection,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
  REDO_COMMAND,
  UNDO_COMMAND,
} from 'lexical';
import { useRef, useState } from 'react';
import { CODE_LANGUAGES, type CodeLanguage } from '../code/codeTokens';
import { DEFAULT_HIGHLIGHT, DEFAULT_TEXT_COLOR, HIGHLIGHT_COLORS, TEXT_COLORS } from '../format/colors';
import { CHINESE_FONT_SIZES, FONT_FAMILIES, FONT_SIZE_OPTIONS, fontSizeLabel } from '../format/units';
import { t } from '../i18n/zh-CN';
import {
  $applyTextFormatPatch,
  type Alignment,
  BLOCK_TYPES,
  type BlockType,
  insertDefaultTable,
  setAlignment,
  setBlockType,
} from '../model/commands';
import { runTableAction, TABLE_ACTIONS, TABLE_LABELS, type TableAction } from '../model/table';
import type { FormatState } from '../model/useFormatState';
import {
  AlignCenterIcon,
  AlignLeftIcon,
  AlignRightIcon,
  CodeBlockIcon,
  ColorIcon,
  ImageIcon,
  LinkIcon,
  PanelLeftIcon,
  PanelRightIcon,
  RedoIcon,
  TableIcon,
  TableToolsIcon,
  UndoIcon,
} from './icons';
import { ToolButton } from './ToolButton';
import * as css from './Toolbar.css';

export interface ToolbarProps {
  format: FormatState;
  isDisabled: boolean;
  onBack(): void;
  onLink(): void;
  onImage(): void;
  onToggleLeft(): void;
  /** Shows or hides the right panel; without one (no panel given to the editor) the button is left out. */
  onToggleRight?(): void;
}

/** Runs an editor change, then gives the caret back to the paper (toolbar buttons take focus on press). */
export function withFocus(editor: LexicalEditor, change: () => void) {
  change();
  editor.focus();
}

export function Toolbar({
  format,
  isDisabled,
  onBack,
  onLink,
  onImage,
  onToggleLeft,
  onToggleRight,
}: ToolbarProps) {
  const [editor] = useLexicalComposerContext();
  const patch = (p: Parameters<typeof $applyTextFormatPatch>[0]) =>
    withFocus(editor, () => editor.update(() => $applyTextFormatPatch(p)));
  const align = (a: Alignment) => withFocus(editor, () => setAlignment(editor, a));
  const sizeKey = FONT_SIZE_OPTIONS.find((o) => o.px === format.fontSizePx)?.key ?? null;

  return (
    <div role="toolbar" aria-label={t.toolbar.label} className={css.toolbar}>
      <ToolButton label={t.toolbar.back} onPress={onBack}>
        <ChevronLeftIcon />
      </ToolButton>
      <ToolButton label={t.panels.toggleLeft} onPress={onToggleLeft}>
        <PanelLeftIcon />
      </ToolButton>
      <span className={css.toolbarDivider} />
      <ToolButton
        label={t.toolbar.undo}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => editor.dispatchCommand(UNDO_COMMAND, undefined))}
      >
        <UndoIcon />
      </ToolButton>
      <ToolButton
        label={t.toolbar.redo}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => editor.dispatchCommand(REDO_COMMAND, undefined))}
      >
        <RedoIcon />
      </ToolButton>
      <span className={css.toolbarDivider} />
      <Select
        aria-label={t.toolbar.blockStyle}
        className={css.toolbarSelect}
        isDisabled={isDisabled}
        selectedKey={format.blockType}
        placeholder={t.toolbar.blockStyle}
        onSelectionChange={(key) =>
          withFocus(editor, () => setBlockType(editor, key as BlockType, format.blockType ?? undefined))
        }
      >
        {BLOCK_TYPES.map((type) => (
          <SelectItem key={type} id={type}>
            {t.blockTypes[type]}
          </SelectItem>
        ))}
      </Select>
      <Select
        aria-label={t.toolbar.fontFamily}
        className={css.toolbarSelectWide}
        isDisabled={isDisabled}
        selectedKey={format.fontFamily ?? 'default'}
        onSelectionChange={(key) => patch({ fontFamily: key === 'default' ? null : String(key) })}
      >
        <SelectItem id="default">{t.font.defaultFamily}</SelectItem>
        {FONT_FAMILIES.map((family) => (
          <SelectItem key={family.key} id={family.key}>
            {family.label}
          </SelectItem>
        ))}
      </Select>
      <Select
        aria-label={t.toolbar.fontSize}
        className={css.toolbarSelect}
        isDisabled={isDisabled}
        selectedKey={sizeKey}
        placeholder={format.fontSizePx ? fontSizeLabel(format.fontSizePx) : t.toolbar.fontSize}
        onSelectionChange={(key) => {
          const option = FONT_SIZE_OPTIONS.find((o) => o.key === key);
          if (option) patch({ fontSizePx: option.px });
        }}
      >
        <SelectSection title={t.toolbar.chineseSizes}>
          {FONT_SIZE_OPTIONS.slice(0, CHINESE_FONT_SIZES.length).map((o) => (
            <SelectItem key={o.key} id={o.key}>
              {o.label}
            </SelectItem>
          ))}
        </SelectSection>
        <SelectSection title={t.toolbar.pointSizes}>
          {FONT_SIZE_OPTIONS.slice(CHINESE_FONT_SIZES.length).map((o) => (
            <SelectItem key={o.key} id={o.key}>
              {o.label}
            </SelectItem>
          ))}
        </SelectSection>
      </Select>
      <span className={css.toolbarDivider} />
      <ToolButton
        label={t.toolbar.bold}
        isActive={format.bold}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'))}
      >
        <span className={css.glyphBold}>B</span>
      </ToolButton>
      <ToolButton
        label={t.toolbar.italic}
        isActive={format.italic}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'))}
      >
        <span className={css.glyphItalic}>I</span>
      </ToolButton>
      <ToolButton
        label={t.toolbar.underline}
        isActive={format.underline}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'underline'))}
      >
        <span className={css.glyphUnderline}>U</span>
      </ToolButton>
      <ToolButton
        label={t.toolbar.strike}
        isActive={format.strike}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'strikethrough'))}
      >
        <span className={css.glyphStrike}>S</span>
      </ToolButton>
      <ToolButton
        label={t.toolbar.code}
        isActive={format.code}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'code'))}
      >
        <span className={css.glyphCode}>{'</>'}</span>
      </ToolButton>
      <ColorPopover format={format} isDisabled={isDisabled} onPatch={patch} />
      <span className={css.toolbarDivider} />
      <ToolButton
        label={t.toolbar.codeBlock}
        isActive={format.blockType === 'code'}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => setBlockType(editor, 'code', format.blockType ?? undefined))}
      >
        <CodeBlockIcon />
      </ToolButton>
      {format.codeLanguage !== null ? (
        <Select
          aria-label={t.code.language}
          className={css.toolbarSelect}
          isDisabled={isDisabled}
          selectedKey={format.codeLanguage}
          onSelectionChange={(key) =>
            withFocus(editor, () =>
              editor.update(() => {
                const selection = $getSelection();
                if (!$isRangeSelection(selection)) return;
                const code = $findMatchingParent(selection.anchor.getNode(), $isCodeNode);
                if ($isCodeNode(code)) code.setLanguage(String(key));
              }),
            )
          }
        >
          {CODE_LANGUAGES.map((lang) => (
            <SelectItem key={lang} id={lang}>
              {t.code.languages[lang as CodeLanguage]}
            </SelectItem>
          ))}
        </Select>
      ) : null}
      <ToolButton label={t.toolbar.image} isDisabled={isDisabled} onPress={onImage}>
        <ImageIcon />
      </ToolButton>
      <ToolButton
        label={t.toolbar.table}
        isDisabled={isDisabled}
        onPress={() => withFocus(editor, () => insertDefaultTable(editor, t.table.headerLabel))}
      >
        <TableIcon />
      </ToolButton>
      <TableToolsPopover format={format} isDisabled={isDisabled} />
      <span className={css.toolbarDivider} />
      <ToolButton
        label={t.toolbar.alignLeft}
        isActive={format.alignment === 'left'}
        isDisabled={isDisabled}
        onPress={() => align('left')}
      >
        <AlignLeftIcon />
      </ToolButton>
      <ToolButton
        label={t.toolbar.alignCenter}
        isActive={format.alignment === 'center'}
        isDisabled={isDisabled}
        onPress={() => align('center')}
      >
        <AlignCenterIcon />
      </ToolButton>
      <ToolButton
        label={t.toolbar.alignRight}
        isActive={format.alignment === 'right'}
        isDisabled={isDisabled}
        onPress={() => align('right')}
      >
        <AlignRightIcon />
      </ToolButton>
      <ToolButton label={t.toolbar.link} isActive={format.isLink} isDisabled={isDisabled} onPress={onLink}>
        <LinkIcon />
      </ToolButton>
      {onToggleRight ? (
        <>
          <span className={css.toolbarDivider} />
          <ToolButton label={t.panels.toggleRight} onPress={onToggleRight}>
            <PanelRightIcon />
          </ToolButton>
        </>
      ) : null}
    </div>
  );
}

function ColorPopover({
  format,
  isDisabled,
  onPatch,
}: {
  format: FormatState;
  isDisabled: boolean;
  onPatch(p: { color?: string | null; highlight?: string | null }): void;
}) {
  const colorInput = useRef<HTMLInputElement>(null);
  return (
    <DialogTrigger>
      <Tooltip content={t.toolbar.colors}>
        <IconButton size="sm" variant="ghost" aria-label={t.toolbar.colors} isDisabled={isDisabled}>
          <ColorIcon swatch={format.color || undefined} />
        </IconButton>
      </Tooltip>
      <Popover aria-label={t.toolbar.colors} placement="bottom start">
        <div className={css.popoverSection}>
          <p className={css.popoverTitle}>{t.toolbar.textColor}</p>
          <div className={css.swatches}>
            {TEXT_COLORS.map((c) => (
              <button
                key={c}
                type="button"
                className={css.swatch}
                style={{ background: c }}
                aria-label={`${t.toolbar.textColor} ${c}`}
                onClick={() => onPatch({ color: c })}
              />
            ))}
          </div>
          <div className={css.popoverRow}>
            <input
              ref={colorInput}
              type="color"
              className={css.colorInput}
              aria-label={t.toolbar.textColor}
              defaultValue={/^#[0-9a-f]{6}$/i.test(format.color) ? format.color : DEFAULT_TEXT_COLOR}
              onChange={(event) => onPatch({ color: event.target.value })}
            />
            <Button size="sm" variant="ghost" onPress={() => onPatch({ color: null })}>
              {t.toolbar.resetColor}
            </Button>
          </div>
          <p className={css.popoverTitle}>{t.toolbar.highlight}</p>
          <div className={css.swatches}>
            {HIGHLIGHT_COLORS.map((c) => (
              <button
                key={c}
                type="button"
                className={css.swatch}
                style={{ background: c }}
                aria-label={`${t.toolbar.highlight} ${c}`}
                onClick={() => onPatch({ highlight: c === DEFAULT_HIGHLIGHT ? null : c })}
              />
            ))}
          </div>
          <div className={css.popoverRow}>
            <input
              type="color"
              className={css.colorInput}
              aria-label={t.toolbar.highlight}
              defaultValue={/^#[0-9a-f]{6}$/i.test(format.highlight) ? format.highlight : DEFAULT_HIGHLIGHT}
              onChange={(event) => onPatch({ highlight: event.target.value })}
            />
            <Button size="sm" variant="ghost" onPress={() => onPatch({ highlight: null })}>
              {t.toolbar.resetColor}
            </Button>
          </div>
        </div>
      </Popover>
    </DialogTrigger>
  );
}

function TableToolsPopover({ format, isDisabled }: { format: FormatState; isDisabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  const [isOpen, setOpen] = useState(false);
  const close = () => setOpen(false);
  const enabled = (action: TableAction) =>
    format.inTable &&
    (action === 'merge' ? format.canMerge : action === 'unmerge' ? format.canUnmerge : true);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Tooltip content={t.toolbar.tableTools}>
        <IconButton size="sm" variant="ghost" aria-label={t.toolbar.tableTools} isDisabled={isDisabled}>
          <TableToolsIcon />
        </IconButton>
      </Tooltip>
      <Popover aria-label={t.toolbar.tableTools} placement="bottom start">
        <div className={css.popoverSection}>
          {!format.inTable ? <p className={css.popoverHint}>{t.table.notInTable}</p> : null}
          <div className={css.tableTools}>
            {TABLE_ACTIONS.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'deleteTable' ? 'danger' : 'secondary'}
                isDisabled={!enabled(action)}
                onPress={() => {
                  runTableAction(editor, action);
                  close();
                  editor.focus();
                }}
              >
                {TABLE_LABELS[action]}
              </Button>
            ))}
          </div>
        </div>
      </Popover>
    </DialogTrigger>
  );
}

/** The toolbar's box while its controls wait for the paper's first paint (nothing jumps when they come). */
export function ToolbarPlaceholder() {
  return <div className={css.toolbar} />;
}
