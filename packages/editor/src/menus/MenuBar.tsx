import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Button, Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '@wanxiang/ui';
import type { Key } from 'react';
import { ACTIONS, type ActionId, MENUS, type MenuEntry } from '../actions/actions';
import { t } from '../i18n/zh-CN';
import * as css from './MenuBar.css';

export interface MenuBarProps {
  isDisabled?: boolean;
  /** Whether the editor has a right panel (without one, its toggle is disabled). */
  hasRightPanel: boolean;
}

const PLANNED_PREFIX = 'soon:';
const keyOf = (entry: MenuEntry) => (typeof entry === 'string' ? entry : `${PLANNED_PREFIX}${entry.planned}`);

/**
 * 文件 编辑 格式 视图 插入 帮助. react-aria's menus are modal popovers: opening one closes the other, and an
 * outside click or Escape closes it. Placeholder entries stay visible, disabled, marked 即将推出.
 */
export function MenuBar({ isDisabled, hasRightPanel }: MenuBarProps) {
  const [editor] = useLexicalComposerContext();
  return (
    <div className={css.menuList}>
      {MENUS.map((menu) => {
        const disabledKeys = menu.groups.flatMap((g) =>
          g.entries
            .filter((e) => typeof e !== 'string' || ACTIONS[e].isAvailable?.({ hasRightPanel }) === false)
            .map(keyOf),
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
                if (id in ACTIONS) editor.dispatchCommand(ACTIONS[id as ActionId].command, undefined);
              }}
            >
              {menu.groups.flatMap((group, index) => {
                const first = group.entries[0];
                const groupKey = `${menu.key}-${first === undefined ? index : keyOf(first)}`;
                const items = group.entries.map((entry) => {
                  const key = keyOf(entry);
                  const { label, shortcut } = typeof entry === 'string' ? ACTIONS[entry] : entry;
                  return (
                    <MenuItem
                      key={key}
                      id={key}
                      textValue={label}
                      {...(shortcut ? { shortcut } : {})}
                      {...(typeof entry === 'string' ? {} : { description: t.comingSoon })}
                    >
                      {typeof entry === 'string' ? label : <span title={t.comingSoon}>{label}</span>}
                    </MenuItem>
                  );
                });
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
