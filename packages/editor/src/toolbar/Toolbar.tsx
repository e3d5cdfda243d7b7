import { $isCodeNode } from '@lexical/code';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $findMatchingParent } from '@lexical/utils';
import { Select, SelectItem, SelectSection } from '@wanxiang/ui';
import { $getSelection, $isRangeSelection, type LexicalEditor } from 'lexical';
import { Fragment, type RefObject, useEffect, useRef } from 'react';
import { ACTIONS, type EditorAction, TOOLBAR, type ToolbarWidget } from '../actions/actions';
import { CODE_LANGUAGES, type CodeLanguage } from '../code/codeTokens';
import { CHINESE_FONT_SIZES, FONT_FAMILIES, FONT_SIZE_OPTIONS, fontSizeLabel } from '../format/units';
import { t } from '../i18n/zh-CN';
import { $applyTextFormatPatch, BLOCK_TYPES, type BlockType, setBlockType } from '../model/commands';
import type { FormatState } from '../model/useFormatState';
import { useNarrowScreen } from '../useNarrowScreen';
import { ColorPopover } from './ColorPopover';
import { LineSpacingMenu } from './LineSpacingMenu';
import { TableToolsPopover } from './TableToolsPopover';
import { ToolButton } from './ToolButton';
import * as css from './Toolbar.css';

export interface ToolbarProps {
  format: FormatState;
  isDisabled: boolean;
  /** Without a right panel (none given to the editor) its toggle is left out. */
  hasRightPanel: boolean;
  /** Actions the host left out (the back button of an editor without onBack). */
  hidden?: ReadonlySet<string>;
}

/**
 * On a phone the row scrolls sideways: the common tools (bold, italic…, then undo) come first, right after
 * the back and panel buttons, and the styles and fonts, wide selects, after them.
 */
export function phoneOrder<T>(groups: ReadonlyArray<readonly T[]>): ReadonlyArray<readonly T[]> {
  const rank = (items: readonly T[]) => {
    const first = items[0];
    if (first === 'back') return 0;
    if (first === 'bold') return 1;
    if (first === 'undo') return 2;
    if (first === 'alignLeft' || first === 'bulletList') return 3;
    if (typeof first === 'object') return 5;
    return 4;
  };
  return [...groups].sort((a, b) => rank(a) - rank(b));
}

/**
 * Marks the row with data-more-start / data-more-end while there is more to scroll to on that side, so
 * the css fades that edge: the sideways row shows it goes on.
 */
function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const max = element.scrollWidth - element.clientWidth;
      element.toggleAttribute('data-more-start', element.scrollLeft > 2);
      element.toggleAttribute('data-more-end', max - element.scrollLeft > 2);
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
}

/** Runs an editor change, then gives the caret back to the paper (toolbar controls take focus on press). */
function withFocus(editor: LexicalEditor, change: () => void) {
  change();
  editor.focus();
}

/** The toolbar as laid out in the actions table (TOOLBAR): its buttons dispatch the actions' commands. */
export function Toolbar({ format, isDisabled, hasRightPanel, hidden }: ToolbarProps) {
  const narrow = useNarrowScreen();
  const ref = useRef<HTMLDivElement>(null);
  useScrollEdges(ref);
  const groups = (narrow ? phoneOrder(TOOLBAR) : TOOLBAR)
    .map((items) =>
      items.filter(
        (item) =>
          typeof item !== 'string' ||
          (ACTIONS[item].isAvailable?.({ hasRightPanel }) !== false && !hidden?.has(item)),
      ),
    )
    .filter((items) => items.length > 0);
  return (
    <div ref={ref} role="toolbar" aria-label={t.toolbar.label} className={css.toolbar}>
      {groups.map((items, index) => (
        <Fragment key={typeof items[0] === 'string' ? items[0] : items[0]?.widget}>
          {index > 0 ? <span className={css.toolbarDivider} /> : null}
          {items.map((item) =>
            typeof item === 'string' ? (
              <ActionButton key={item} action={ACTIONS[item]} format={format} isDisabled={isDisabled} />
            ) : (
              <Widget key={item.widget} widget={item.widget} format={format} isDisabled={isDisabled} />
            ),
          )}
        </Fragment>
      ))}
    </div>
  );
}

function ActionButton({
  action,
  format,
  isDisabled,
}: {
  action: EditorAction;
  format: FormatState;
  isDisabled: boolean;
}) {
  const [editor] = useLexicalComposerContext();
  const Icon = action.icon;
  return (
    <ToolButton
      label={action.hint ?? action.label}
      {...(action.shortcut ? { shortcut: action.shortcut } : {})}
      {...(action.isActive ? { isActive: action.isActive(format) } : {})}
      // The page's own buttons (back, the panels) work before the editor is ready.
      {...(action.isFrameAction ? {} : { isDisabled: isDisabled || action.isEnabled?.(format) === false })}
      onPress={() => editor.dispatchCommand(action.command, undefined)}
    >
      {Icon ? <Icon /> : null}
    </ToolButton>
  );
}

interface WidgetProps {
  format: FormatState;
  isDisabled: boolean;
}

function Widget({ widget, ...props }: WidgetProps & { widget: ToolbarWidget }) {
  const [editor] = useLexicalComposerContext();
  const patch = (p: Parameters<typeof $applyTextFormatPatch>[0]) =>
    withFocus(editor, () => editor.update(() => $applyTextFormatPatch(p)));
  switch (widget) {
    case 'blockType':
      return <BlockTypeSelect {...props} />;
    case 'fontFamily':
      return <FontFamilySelect {...props} onPatch={patch} />;
    case 'fontSize':
      return <FontSizeSelect {...props} onPatch={patch} />;
    case 'colors':
      return <ColorPopover {...props} onPatch={patch} />;
    case 'codeLanguage':
      return props.format.codeLanguage !== null ? <CodeLanguageSelect {...props} /> : null;
    case 'tableTools':
      return <TableToolsPopover {...props} />;
    case 'lineSpacing':
      return <LineSpacingMenu {...props} />;
  }
}

function BlockTypeSelect({ format, isDisabled }: WidgetProps) {
  const [editor] = useLexicalComposerContext();
  return (
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
  );
}

type PatchProps = WidgetProps & { onPatch(p: Parameters<typeof $applyTextFormatPatch>[0]): void };

function FontFamilySelect({ format, isDisabled, onPatch }: PatchProps) {
  return (
    <Select
      aria-label={t.toolbar.fontFamily}
      className={css.toolbarSelectWide}
      isDisabled={isDisabled}
      selectedKey={format.fontFamily ?? 'default'}
      onSelectionChange={(key) => onPatch({ fontFamily: key === 'default' ? null : String(key) })}
    >
      <SelectItem id="default">{t.font.defaultFamily}</SelectItem>
      {FONT_FAMILIES.map((family) => (
        <SelectItem key={family.key} id={family.key}>
          {family.label}
        </SelectItem>
      ))}
    </Select>
  );
}

function FontSizeSelect({ format, isDisabled, onPatch }: PatchProps) {
  const sizeKey = FONT_SIZE_OPTIONS.find((o) => o.px === format.fontSizePx)?.key ?? null;
  return (
    <Select
      aria-label={t.toolbar.fontSize}
      className={css.toolbarSelect}
      isDisabled={isDisabled}
      selectedKey={sizeKey}
      placeholder={format.fontSizePx ? fontSizeLabel(format.fontSizePx) : t.toolbar.fontSize}
      onSelectionChange={(key) => {
        const option = FONT_SIZE_OPTIONS.find((o) => o.key === key);
        if (option) onPatch({ fontSizePx: option.px });
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
  );
}

function CodeLanguageSelect({ format, isDisabled }: WidgetProps) {
  const [editor] = useLexicalComposerContext();
  return (
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
  );
}

/** The toolbar's box while its controls wait for the paper's first paint (nothing jumps when they come). */
export function ToolbarPlaceholder() {
  return <div className={css.toolbar} />;
}
