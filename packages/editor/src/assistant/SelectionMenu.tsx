import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Button, Popover } from '@wanxiang/ui';
import { useEffect, useRef, useState } from 'react';
import { ASSISTANT_ACTIONS } from '../actions/actions';
import { t } from '../i18n/zh-CN';
import * as css from './Assistant.css';
import { quickActionLabel } from './quickActions';
import type { AssistantStore } from './store';

/**
 * The selection's context menu: a right click (or the context-menu key) on selected text offers the
 * assistant's quick actions; without a selection the browser's own menu shows as usual.
 */
export function SelectionMenu({ store }: { store: AssistantStore }) {
  const [editor] = useLexicalComposerContext();
  const [position, setPosition] = useState<{ x: number; y: number; text: string } | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);

  useEffect(
    () =>
      editor.registerRootListener((root, previous) => {
        const onContextMenu = (event: MouseEvent) => {
          const text = store.getState().selection?.text ?? '';
          if (text.trim() === '' || store.getState().streaming) return;
          event.preventDefault();
          setPosition({ x: event.clientX, y: event.clientY, text });
        };
        previous?.removeEventListener('contextmenu', onContextMenu as EventListener);
        root?.addEventListener('contextmenu', onContextMenu);
        return () => root?.removeEventListener('contextmenu', onContextMenu);
      }),
    [editor, store],
  );

  return (
    <>
      <span
        ref={anchor}
        className={css.contextAnchor}
        style={position ? { left: position.x, top: position.y } : undefined}
        aria-hidden="true"
      />
      <Popover
        triggerRef={anchor}
        isOpen={position !== null}
        onOpenChange={(open) => {
          if (!open) setPosition(null);
        }}
        placement="bottom start"
        offset={2}
        aria-label={t.assistant.quickActions}
      >
        <div className={css.contextMenu}>
          {ASSISTANT_ACTIONS.map(({ action, entry }) => (
            <Button
              key={action}
              size="sm"
              variant="ghost"
              className={css.contextMenuItem}
              onPress={() => {
                setPosition(null);
                editor.dispatchCommand(entry.command, undefined);
              }}
            >
              {quickActionLabel(action, position?.text ?? '')}
            </Button>
          ))}
        </div>
      </Popover>
    </>
  );
}
