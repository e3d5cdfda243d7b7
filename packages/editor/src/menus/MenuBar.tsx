import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Button, Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '@wanxiang/ui';
import { type Key, type KeyboardEvent as ReactKeyboardEvent, useLayoutEffect, useRef } from 'react';
import { ACTIONS, type ActionId, MENUS } from '../actions/actions';
import { t } from '../i18n/zh-CN';
import * as css from './MenuBar.css';

export interface MenuBarProps {
  isDisabled?: boolean;
  /** Whether the editor has a right panel (without one, its toggle is disabled). */
  hasRightPanel: boolean;
  /** Actions the host left out: not in the menus at all. */
  hidden?: ReadonlySet<string>;
  /** The view the editor is in (视图 › 页面视图 / 连续视图 show it chosen). */
  view?: 'page' | 'continuous';
}

/**
 * 文件 编辑 格式 视图 插入 帮助. react-aria's menus are modal popovers: opening one closes the other, and an
 * outside click or Escape closes it. An entry that cannot act here (no right panel to show) is disabled
 * and says why.
 */
export function MenuBar({ isDisabled, hasRightPanel, hidden, view }: MenuBarProps) {
  const [editor] = useLexicalComposerContext();
  const listRef = useRef<HTMLDivElement>(null);
  const active = useRef(0);

  // The ARIA menubar pattern: the triggers are the bar's menu items, one Tab stop (roving tabindex), the
  // arrow keys, Home and End move between them. react-aria's Button takes neither a role nor a tabIndex,
  // so both are set on its element here, after every render.
  const triggers = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>(':scope > button') ?? [])];
  useLayoutEffect(() => {
    triggers().forEach((button, index) => {
      button.setAttribute('role', 'menuitem');
      button.tabIndex = index === active.current ? 0 : -1;
    });
  });
  const onKeyDown = (event: ReactKeyboardEvent) => {
    const buttons = triggers();
    const current = buttons.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    const last = buttons.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    active.current = next;
    buttons.forEach((button, index) => {
      button.tabIndex = index === next ? 0 : -1;
    });
    buttons[next]?.focus();
  };

  return (
    <div
      ref={listRef}
      className={css.menuList}
      role="menubar"
      aria-label={t.menuBar}
      aria-orientation="horizontal"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      {MENUS.map((fullMenu) => {
        const menu = hidden?.size ? withoutHidden(fullMenu, hidden) : fullMenu;
        const disabledKeys = menu.groups.flatMap((g) =>
          g.entries.filter(
            (e) => ACTIONS[e].isAvailable?.({ hasRightPanel, ...(view ? { view } : {}) }) === false,
          ),
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
                const groupKey = `${menu.key}-${first ?? index}`;
                const items = group.entries.map((entry) => {
                  const action = ACTIONS[entry];
                  const { label, shortcut } = action;
                  const reason =
                    action.isAvailable?.({ hasRightPanel, ...(view ? { view } : {}) }) === false
                      ? action.unavailableReason
                      : undefined;
                  return (
                    <MenuItem
                      key={entry}
                      id={entry}
                      textValue={label}
                      {...(shortcut ? { shortcut } : {})}
                      {...(reason ? { description: reason } : {})}
                    >
                      {reason ? <span title={reason}>{label}</span> : label}
                    </MenuItem>
                  );
                });
                const chosen = group.choice
                  ? group.entries.filter((entry) =>
                      ACTIONS[entry].isChecked?.({ hasRightPanel, ...(view ? { view } : {}) }),
                    )
                  : null;
                const section = chosen ? (
                  <MenuSection
                    key={groupKey}
                    title={group.title}
                    selectionMode="single"
                    disallowEmptySelection
                    selectedKeys={chosen}
                    onSelectionChange={(keys) => {
                      if (keys === 'all') return;
                      for (const key of keys)
                        if (String(key) in ACTIONS && !chosen.includes(String(key) as ActionId))
                          editor.dispatchCommand(ACTIONS[String(key) as ActionId].command, undefined);
                    }}
                  >
                    {items}
                  </MenuSection>
                ) : group.title ? (
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

/** A menu without the actions the host left out, and without the groups that leaves empty. */
function withoutHidden(menu: (typeof MENUS)[number], hidden: ReadonlySet<string>): (typeof MENUS)[number] {
  const groups = menu.groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((e) => !hidden.has(e)),
    }))
    .filter((group) => group.entries.length > 0);
  return { ...menu, groups };
}
