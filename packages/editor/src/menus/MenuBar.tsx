import { Button, Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '@wanxiang/ui';
import type { Key } from 'react';
import { t } from '../i18n/zh-CN';
import type { Alignment } from '../model/commands';
import * as css from './MenuBar.css';

export type MenuAction =
  | 'open'
  | 'saveLocal'
  | 'exportMarkdown'
  | 'undo'
  | 'redo'
  | 'selectAll'
  | 'selectParagraph'
  | 'findReplace'
  | 'fontDialog'
  | 'paragraphDialog'
  | 'listDialog'
  | 'styleDialog'
  | 'clearFormatting'
  | `align:${Alignment}`
  | 'footnote'
  | 'image'
  | 'table'
  | 'codeBlock'
  | 'link'
  | 'toggleLeft'
  | 'toggleRight';

interface Entry {
  id: MenuAction | `soon:${string}`;
  label: string;
  shortcut?: string;
}

const soon = (key: string, label: string): Entry => ({ id: `soon:${key}`, label });

interface Group {
  title?: string;
  entries: Entry[];
}

const MENUS: Array<{ key: keyof typeof t.menus; groups: Group[] }> = [
  {
    key: 'file',
    groups: [
      { entries: [{ id: 'open', label: t.file.open }] },
      {
        entries: [
          { id: 'saveLocal', label: t.file.saveLocal },
          { ...soon('saveCloud', t.file.saveCloud), shortcut: 'Ctrl+S' },
        ],
      },
      {
        entries: [
          soon('exportPdf', t.file.exportPdf),
          soon('exportDocx', t.file.exportDocx),
          { id: 'exportMarkdown', label: t.file.exportMarkdown },
        ],
      },
      { entries: [soon('versions', t.file.versionHistory), soon('nameVersion', t.file.nameVersion)] },
      { entries: [soon('pageSetup', t.file.pageSetup), soon('print', t.file.print)] },
    ],
  },
  {
    key: 'edit',
    groups: [
      {
        entries: [
          { id: 'undo', label: t.edit.undo, shortcut: 'Ctrl+Z' },
          { id: 'redo', label: t.edit.redo, shortcut: 'Ctrl+Y' },
        ],
      },
      {
        entries: [
          { id: 'selectAll', label: t.edit.selectAll, shortcut: 'Ctrl+A' },
          { id: 'selectParagraph', label: t.edit.selectParagraph },
          { id: 'findReplace', label: t.edit.findReplace, shortcut: 'Ctrl+F' },
        ],
      },
      {
        title: t.edit.clipboard,
        entries: [
          soon('paste', t.edit.paste),
          soon('pastePlain', t.edit.pastePlain),
          soon('cut', t.edit.cut),
          soon('copy', t.edit.copy),
          soon('copyFormat', t.edit.copyFormat),
          soon('pasteFormat', t.edit.pasteFormat),
        ],
      },
      { entries: [soon('preferences', t.edit.preferences)] },
    ],
  },
  {
    key: 'format',
    groups: [
      {
        entries: [
          { id: 'fontDialog', label: t.format.font },
          { id: 'paragraphDialog', label: t.format.paragraph },
        ],
      },
      {
        title: t.format.alignment,
        entries: (['left', 'center', 'right', 'justify', 'distribute'] as const).map((a) => ({
          id: `align:${a}` as const,
          label: t.align[a],
        })),
      },
      {
        entries: [
          { id: 'listDialog', label: t.format.list },
          { id: 'styleDialog', label: t.format.style },
          { id: 'clearFormatting', label: t.format.clear, shortcut: 'Ctrl+\\' },
        ],
      },
    ],
  },
  {
    key: 'view',
    groups: [
      {
        entries: [
          { id: 'toggleLeft', label: t.panels.toggleLeft },
          { id: 'toggleRight', label: t.panels.toggleRight },
        ],
      },
    ],
  },
  {
    key: 'insert',
    groups: [
      {
        title: t.insert.reference,
        entries: [
          { id: 'footnote', label: t.insert.annotation, shortcut: 'Ctrl+Alt+F' },
          soon('notes', t.insert.otherNotes),
        ],
      },
      {
        title: t.insert.content,
        entries: [
          { id: 'image', label: t.insert.image },
          { id: 'table', label: t.insert.table },
          soon('textBox', t.insert.textBox),
          soon('shape', t.insert.shape),
          { id: 'codeBlock', label: t.insert.codeBlock },
          soon('hr', t.insert.horizontalLine),
        ],
      },
      {
        title: t.insert.page,
        entries: [
          soon('headerFooter', t.insert.headerFooter),
          soon('pageNumber', t.insert.pageNumber),
          soon('pageBreak', t.insert.pageBreak),
        ],
      },
      {
        title: t.insert.link,
        entries: [
          { id: 'link', label: t.insert.hyperlink, shortcut: 'Ctrl+K' },
          soon('bookmark', t.insert.bookmark),
          soon('xref', t.insert.crossReference),
        ],
      },
      {
        title: t.insert.object,
        entries: [soon('formula', t.insert.formula), soon('symbol', t.insert.symbol)],
      },
    ],
  },
  { key: 'help', groups: [{ entries: [soon('help', t.menus.help)] }] },
];

export interface MenuBarProps {
  onAction(action: MenuAction): void;
  isDisabled?: boolean;
  /** Working entries that have nothing to act on here (the right panel's toggle without a right panel). */
  unavailable?: readonly MenuAction[];
}

/**
 * 文件 编辑 格式 视图 插入 帮助. react-aria's menus are modal popovers: opening one closes the other, and an
 * outside click or Escape closes it. Placeholder entries stay visible, disabled, marked 即将推出.
 */
export function MenuBar({ onAction, isDisabled, unavailable = [] }: MenuBarProps) {
  return (
    <div className={css.menuList}>
      {MENUS.map((menu) => {
        const disabledKeys = menu.groups.flatMap((g) =>
          g.entries
            .filter((e) => e.id.startsWith('soon:') || unavailable.includes(e.id as MenuAction))
            .map((e) => e.id),
        );
        return (
          <MenuTrigger key={menu.key}>
            <Button variant="ghost" size="sm" className={css.menuButton} isDisabled={isDisabled}>
              {t.menus[menu.key]}
            </Button>
            <Menu
              aria-label={t.menus[menu.key]}
              disabledKeys={disabledKeys}
              onAction={(key: Key) => {
                const id = String(key);
                if (!id.startsWith('soon:')) onAction(id as MenuAction);
              }}
            >
              {menu.groups.flatMap((group, index) => {
                const groupKey = `${menu.key}-${group.entries[0]?.id ?? index}`;
                const items = group.entries.map((entry) => (
                  <MenuItem
                    key={entry.id}
                    id={entry.id}
                    textValue={entry.label}
                    {...(entry.shortcut ? { shortcut: entry.shortcut } : {})}
                    {...(entry.id.startsWith('soon:') ? { description: t.comingSoon } : {})}
                  >
                    {entry.id.startsWith('soon:') ? (
                      <span title={t.comingSoon}>{entry.label}</span>
                    ) : (
                      entry.label
                    )}
                  </MenuItem>
                ));
                const section = group.title ? (
                  <MenuSection key={groupKey} title={group.title}>
                    {items}
                  </MenuSection>
                ) : (
                  <MenuSection key={groupKey} aria-label={`${t.menus[menu.key]} ${index + 1}`}>
                    {items}
                  </MenuSection>
                );
                return index > 0 ? [<MenuSeparator key={`${groupKey}-separator`} />, section] : [section];
              })}
            </Menu>
          </MenuTrigger>
        );
      })}
    </div>
  );
}

/** The menu bar's box while the menus wait for the paper's first paint (nothing jumps when they come). */
export function MenuBarPlaceholder() {
  return <div className={css.menuList} />;
}
