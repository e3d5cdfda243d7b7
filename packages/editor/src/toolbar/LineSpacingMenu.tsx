import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { IconButton, Menu, MenuItem, MenuTrigger, Tooltip } from '@wanxiang/ui';
import { LineSpacingIcon } from '../actions/icons';
import { t } from '../i18n/zh-CN';
import { LINE_SPACINGS, setLineHeight } from '../model/commands';
import type { FormatState } from '../model/useFormatState';

/** 1.0, 1.15, 1.5…: a multiple as WPS writes it, with one decimal at least. */
const spacingLabel = (value: string) => (value.includes('.') ? value : `${value}.0`);

/**
 * 行距: the line height of the selected paragraphs, as WPS's menu offers it (1.0 to 3.0 times the font
 * size). The caret's paragraph's own spacing is ticked; a paragraph at its style's spacing ticks none.
 */
export function LineSpacingMenu({ format, isDisabled }: { format: FormatState; isDisabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  const current = LINE_SPACINGS.find((value) => Number(value) === Number(format.lineHeight));
  return (
    <MenuTrigger>
      <Tooltip content={t.toolbar.lineSpacing}>
        <IconButton size="sm" variant="ghost" aria-label={t.toolbar.lineSpacing} isDisabled={isDisabled}>
          <LineSpacingIcon />
        </IconButton>
      </Tooltip>
      <Menu
        aria-label={t.toolbar.lineSpacing}
        selectionMode="single"
        selectedKeys={current ? [current] : []}
        onAction={(key) => {
          setLineHeight(editor, String(key));
          editor.focus();
        }}
      >
        {LINE_SPACINGS.map((value) => (
          <MenuItem key={value} id={value}>
            {spacingLabel(value)}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
