import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Popover } from '@wanxiang/ui';
import { Fragment, type KeyboardEvent, useRef } from 'react';
import { ACTIONS, type ActionId } from '../actions/actions';
import { t } from '../i18n/zh-CN';
import * as css from './clipboard.css';

/** Where the menu opens and what it may offer there. */
export interface ContextMenuRequest {
  x: number;
  y: number;
  /** Something is selected: 剪切 and 复制 have something to take. */
  canCopy: boolean;
  /** A format was copied: 粘贴格式 has something to give. */
  canPasteFormat: boolean;
}

/** The menu's groups, in the order Word and WPS list them. */
const GROUPS: readonly (readonly ActionId[])[] = [
  ['cut', 'copy', 'paste', 'pastePlain'],
  ['copyFormat', 'pasteFormat'],
];

/**
 * The paper's context menu: the clipboard's actions, each the same action as in 编辑 (its command is
 * dispatched). A menu with roving focus: the arrow keys, Home and End move, Enter or Space runs, Escape
 * and a click outside close it, and the focus goes back to the paper.
 */
export function ContextMenu({ request, onClose }: { request: ContextMenuRequest | null; onClose(): void }) {
  const [editor] = useLexicalComposerContext();
  const anchor = useRef<HTMLSpanElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const isDisabled = (id: ActionId) =>
    request !== null &&
    (((id === 'cut' || id === 'copy') && !request.canCopy) ||
      (id === 'pasteFormat' && !request.canPasteFormat) ||
      (id !== 'copy' && id !== 'copyFormat' && !editor.isEditable()));

  const run = (id: ActionId) => {
    if (isDisabled(id)) return;
    onClose();
    editor.dispatchCommand(ACTIONS[id].command, undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = move[event.key];
    if (target === undefined) return;
    event.preventDefault();
    items[(target + items.length) % items.length]?.focus();
  };

  return (
    <>
      <span
        ref={anchor}
        className={css.anchor}
        style={request ? { left: request.x, top: request.y } : undefined}
        aria-hidden="true"
      />
      <Popover
        triggerRef={anchor}
        isOpen={request !== null}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        placement="bottom start"
        offset={2}
        aria-label={t.clipboard.contextMenu}
      >
        <div
          ref={(element) => {
            list.current = element;
            // The first item takes the focus when the menu opens.
            element?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          role="menu"
          aria-label={t.clipboard.contextMenu}
          className={css.menu}
          onKeyDown={onKeyDown}
          // A second right click inside the menu does not open the browser's own over it.
          onContextMenu={(event) => event.preventDefault()}
        >
          {GROUPS.map((group, index) => (
            <Fragment key={group[0]}>
              {index > 0 ? <hr className={css.separator} /> : null}
              {group.map((id) => {
                const action = ACTIONS[id];
                return (
                  <button
                    key={id}
                    type="button"
                    role="menuitem"
                    className={css.item}
                    aria-disabled={isDisabled(id) || undefined}
                    {...(action.shortcut
                      ? { 'aria-keyshortcuts': action.shortcut.replace('Ctrl', 'Control') }
                      : {})}
                    onClick={() => run(id)}
                  >
                    <span className={css.itemLabel}>{action.label}</span>
                    {action.shortcut ? <kbd className={css.shortcut}>{action.shortcut}</kbd> : null}
                  </button>
                );
              })}
            </Fragment>
          ))}
        </div>
      </Popover>
    </>
  );
}
