import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import { toast, VisuallyHidden } from '@wanxiang/ui';
import {
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_HIGH,
  KEY_DOWN_COMMAND,
  KEY_ESCAPE_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { ContextMenu, type ContextMenuRequest } from './ContextMenu';
import * as css from './clipboard.css';
import { CLIPBOARD_COMMAND, type ClipboardOperation, FORMAT_PAINTER_COMMAND } from './commands';
import { $applyFormat, $captureFormat, type CapturedFormat } from './formatPainter';
import { type ClipboardOutcome, copySelection, pasteFromClipboard } from './systemClipboard';

/** The painter's modes: off; on for the next mouse selection; on until Escape (复制格式 given twice). */
type PainterMode = 'off' | 'once' | 'sticky';

const REFUSED: Record<ClipboardOperation, string> = {
  cut: t.clipboard.cutRefused,
  copy: t.clipboard.copyRefused,
  paste: t.clipboard.pasteRefused,
  pastePlain: t.clipboard.pastePlainRefused,
};

function report(operation: ClipboardOperation, outcome: ClipboardOutcome) {
  if (outcome === 'refused') toast.warning(REFUSED[operation]);
  else if (outcome === 'nothingSelected') toast.info(t.clipboard.nothingSelected);
  else if (outcome === 'empty') toast.info(t.clipboard.emptyClipboard);
  else if (outcome === 'tooLarge') toast.warning(t.clipboard.tooLarge);
}

function runClipboard(editor: LexicalEditor, operation: ClipboardOperation) {
  const changes = operation !== 'copy';
  if (changes && !editor.isEditable()) return;
  const pending =
    operation === 'cut' || operation === 'copy'
      ? copySelection(editor, operation === 'cut')
      : pasteFromClipboard(editor, operation === 'pastePlain');
  void pending.then((outcome) => report(operation, outcome));
}

/** Whether the selection covers something (the context menu's 剪切 and 复制 need it). */
const hasSelectedContent = (editor: LexicalEditor) =>
  editor.read(() => {
    const selection = $getSelection();
    return selection !== null && !($isRangeSelection(selection) && selection.isCollapsed());
  });

/** The caret's (or the selection's) place on the screen, where the keyboard opens the context menu. */
function caretPoint(root: HTMLElement): { x: number; y: number } {
  const selection = root.ownerDocument.getSelection();
  const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
  const rect = range?.getBoundingClientRect();
  if (rect && (rect.width > 0 || rect.height > 0)) return { x: rect.left, y: rect.bottom };
  const node = range?.startContainer;
  const element = node instanceof Element ? node : node?.parentElement;
  const box = (element && root.contains(element) ? element : root).getBoundingClientRect();
  return { x: box.left, y: box.top + Math.min(box.height, 24) };
}

/**
 * 编辑 → 剪贴板: 剪切, 复制, 粘贴 and 粘贴为纯文本 through the async Clipboard API (a menu cannot use the
 * browser's own copy and paste), 复制格式 and 粘贴格式 with the format painter, and the paper's context
 * menu offering them (a right click, the context-menu key or Shift+F10).
 *
 * The format painter, as in WPS: 复制格式 takes the format at the selection and turns the painter on; the
 * next text selected with the mouse takes that format, and the painter turns off. 复制格式 given again
 * while it is on keeps it on for any number of selections. Escape turns it off. While it is on, the paper
 * shows a brush cursor and an outline, and a status at the bottom says so (read by screen readers too).
 */
export function ClipboardPlugin() {
  const [editor] = useLexicalComposerContext();
  const [mode, setMode] = useState<PainterMode>('off');
  const [announcement, setAnnouncement] = useState('');
  const [menu, setMenu] = useState<ContextMenuRequest | null>(null);
  const captured = useRef<CapturedFormat | null>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  useEffect(() => {
    const setPainter = (next: PainterMode, message?: string) => {
      modeRef.current = next;
      setMode(next);
      if (message) setAnnouncement(message);
    };
    const paint = () => {
      const format = captured.current;
      if (!format) {
        toast.info(t.clipboard.noFormatCopied);
        return;
      }
      if (!editor.isEditable()) return;
      editor.update(() => {
        $applyFormat(format);
      });
    };
    const openMenu = (x: number, y: number) =>
      setMenu({
        x,
        y,
        canCopy: hasSelectedContent(editor),
        canPasteFormat: captured.current !== null,
      });

    // A mouse selection made while the painter is on takes the format once Lexical has read it.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onMouseUp = (event: MouseEvent) => {
      if (modeRef.current === 'off' || event.button !== 0) return;
      clearTimeout(pending);
      pending = setTimeout(() => {
        if (modeRef.current === 'off' || !hasSelectedContent(editor)) return;
        paint();
        if (modeRef.current === 'once') setPainter('off', t.clipboard.painterApplied);
        else setAnnouncement(t.clipboard.painterApplied);
      });
    };
    // Escape ends the painter wherever the focus is (it may be on the toolbar or a menu bar).
    const onWindowKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || modeRef.current === 'off') return;
      const root = editor.getRootElement();
      if (root?.contains(event.target as Node)) return; // The editor's own Escape handler ends it.
      setPainter('off', t.clipboard.painterEnded);
    };
    // A right click on the paper; one the assistant's selection menu took is left to it.
    const onContextMenu = (event: MouseEvent) => {
      const root = editor.getRootElement();
      if (event.defaultPrevented || !root?.contains(event.target as Node)) return;
      event.preventDefault();
      // From the keyboard the browser gives no pointer position: the menu opens at the caret.
      const fromKeyboard = event.button !== 2 || (event.clientX === 0 && event.clientY === 0);
      const point = fromKeyboard ? caretPoint(root) : { x: event.clientX, y: event.clientY };
      openMenu(point.x, point.y);
    };

    return mergeRegister(
      editor.registerCommand(
        CLIPBOARD_COMMAND,
        (operation) => {
          runClipboard(editor, operation);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        FORMAT_PAINTER_COMMAND,
        (operation) => {
          if (operation === 'paste') {
            paint();
            return true;
          }
          const format = editor.read(() => $captureFormat());
          if (!format) return true;
          captured.current = format;
          if (modeRef.current === 'off') setPainter('once', t.clipboard.painterOnce);
          else setPainter('sticky', t.clipboard.painterSticky);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        KEY_ESCAPE_COMMAND,
        () => {
          if (modeRef.current === 'off') return false;
          setPainter('off', t.clipboard.painterEnded);
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
      // The context-menu key and Shift+F10 open the menu at the caret (the browser may not send a
      // contextmenu event for them, and where it would, the key's default is prevented here).
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (event) => {
          const isMenuKey =
            event.key === 'ContextMenu' ||
            (event.key === 'F10' && event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey);
          const root = editor.getRootElement();
          if (!isMenuKey || !root) return false;
          event.preventDefault();
          const point = caretPoint(root);
          openMenu(point.x, point.y);
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
      editor.registerRootListener((root, previous) => {
        previous?.removeEventListener('mouseup', onMouseUp);
        root?.addEventListener('mouseup', onMouseUp);
      }),
      (() => {
        document.addEventListener('contextmenu', onContextMenu);
        window.addEventListener('keydown', onWindowKey, true);
        return () => {
          document.removeEventListener('contextmenu', onContextMenu);
          window.removeEventListener('keydown', onWindowKey, true);
          clearTimeout(pending);
        };
      })(),
    );
  }, [editor]);

  // The paper's brush cursor and outline while the painter is on.
  useEffect(
    () =>
      editor.registerRootListener((root, previous) => {
        previous?.removeAttribute('data-wx-format-painter');
        if (mode === 'off') root?.removeAttribute('data-wx-format-painter');
        else root?.setAttribute('data-wx-format-painter', mode);
      }),
    [editor, mode],
  );
  useEffect(() => () => editor.getRootElement()?.removeAttribute('data-wx-format-painter'), [editor]);

  // The status shows at the top of the paper's scrolling area, centred over it.
  const [statusPlace, setStatusPlace] = useState<{ left: number; top: number } | null>(null);
  useEffect(() => {
    if (mode === 'off') return;
    const root = editor.getRootElement();
    const area = root?.closest('[data-wx-stage]') ?? root;
    if (!area) return;
    const rect = area.getBoundingClientRect();
    setStatusPlace({ left: rect.left + rect.width / 2, top: Math.max(rect.top, 0) + 12 });
  }, [editor, mode]);

  return (
    <>
      <div
        role="status"
        className={css.painterStatus}
        style={statusPlace ? { left: statusPlace.left, top: statusPlace.top } : undefined}
      >
        {mode === 'once' ? t.clipboard.painterOnce : mode === 'sticky' ? t.clipboard.painterSticky : ''}
      </div>
      <VisuallyHidden>
        <div role="status">
          {announcement === t.clipboard.painterApplied || announcement === t.clipboard.painterEnded
            ? announcement
            : ''}
        </div>
      </VisuallyHidden>
      <ContextMenu request={menu} onClose={() => setMenu(null)} />
    </>
  );
}
