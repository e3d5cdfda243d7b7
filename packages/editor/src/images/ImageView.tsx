import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { mergeRegister } from '@lexical/utils';
import { $getNodeByKey, CLICK_COMMAND, COMMAND_PRIORITY_LOW, KEY_DOWN_COMMAND, type NodeKey } from 'lexical';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { OPEN_DIALOG_COMMAND } from '../dialogs/openDialog';
import { t } from '../i18n/zh-CN';
import { clampImageWidth, IMAGE_MAX_WIDTH, IMAGE_MIN_WIDTH } from './imageSize';

/**
 * The image node as this view edits it. ImageNode's module imports this one, so the class is not imported
 * back (the view stays free of the ui kit too, so the node's unit tests run without a browser).
 */
interface EditableImage {
  setWidth(width: number | null): unknown;
}
export const $editableImage = (key: NodeKey): EditableImage | null => {
  const node = $getNodeByKey(key);
  return node?.getType() === 'image' ? (node as unknown as EditableImage) : null;
};

/** One step of the keyboard resize, as a share of the current width. */
const KEY_STEP = 0.1;

const GROW_KEYS = new Set(['+', '=', 'ArrowRight', 'ArrowUp']);
const SHRINK_KEYS = new Set(['-', '−', '_', 'ArrowLeft', 'ArrowDown']);

/**
 * An image on the paper: a click selects it (outlined, with a handle at its corner that resizes it, the
 * height following its proportions); selected, + and − resize it from the keyboard (the arrow keys too while
 * the handle has the focus) and Alt+Enter (or the context menu) opens 图片属性. Every change is one update,
 * so one undo step.
 */
export function ImageView({
  nodeKey,
  src,
  altText,
  width,
}: {
  nodeKey: NodeKey;
  src: string;
  altText: string;
  width: number | null;
}) {
  const [editor] = useLexicalComposerContext();
  const [isSelected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  const imageRef = useRef<HTMLImageElement>(null);
  const [dragWidth, setDragWidth] = useState<number | null>(null);

  const currentWidth = () => width ?? imageRef.current?.getBoundingClientRect().width ?? IMAGE_MIN_WIDTH;
  const resizeBy = (grow: boolean) => {
    const next = clampImageWidth(currentWidth() * (grow ? 1 + KEY_STEP : 1 - KEY_STEP));
    editor.update(() => {
      $editableImage(nodeKey)?.setWidth(next);
    });
  };
  const openProperties = () => editor.dispatchCommand(OPEN_DIALOG_COMMAND, { dialog: 'image', nodeKey });

  // biome-ignore lint/correctness/useExhaustiveDependencies: resizeBy and openProperties read the props listed.
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          CLICK_COMMAND,
          (event) => {
            if (event.target !== imageRef.current) return false;
            if (!event.shiftKey) clearSelection();
            setSelected(true);
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          KEY_DOWN_COMMAND,
          (event) => {
            if (!isSelected || event.ctrlKey || event.metaKey) return false;
            if (event.key === 'Enter' && event.altKey) {
              event.preventDefault();
              openProperties();
              return true;
            }
            // The arrow keys keep moving the caret off a selected image; + and − resize it.
            if (event.key.startsWith('Arrow')) return false;
            if (GROW_KEYS.has(event.key) || SHRINK_KEYS.has(event.key)) {
              event.preventDefault();
              resizeBy(GROW_KEYS.has(event.key));
              return true;
            }
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, isSelected, clearSelection, setSelected, width],
  );

  const startResize = (event: ReactPointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const start = currentWidth();
    const handle = event.currentTarget;
    handle.setPointerCapture?.(event.pointerId);
    let latest = start;
    // The width follows the pointer; the height follows the width (the <img> keeps its proportions), and
    // the node changes once, on release: one undo step.
    const move = (e: PointerEvent) => {
      latest = clampImageWidth(start + (e.clientX - startX));
      setDragWidth(latest);
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      setDragWidth(null);
      if (latest !== start)
        editor.update(() => {
          $editableImage(nodeKey)?.setWidth(latest);
        });
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const onHandleKey = (event: ReactKeyboardEvent<HTMLSpanElement>) => {
    if (!GROW_KEYS.has(event.key) && !SHRINK_KEYS.has(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    resizeBy(GROW_KEYS.has(event.key));
  };

  const shownWidth = dragWidth ?? width;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the keyboard opens it with Alt+Enter.
    <span
      className="wx-ed-image-frame"
      data-selected={isSelected ? '' : undefined}
      onContextMenu={(event) => {
        event.preventDefault();
        clearSelection();
        setSelected(true);
        openProperties();
      }}
    >
      <img
        ref={imageRef}
        src={src || undefined}
        alt={altText}
        draggable={false}
        {...(shownWidth ? { width: shownWidth } : {})}
      />
      {isSelected ? (
        <span
          className="wx-ed-image-handle"
          role="slider"
          tabIndex={0}
          aria-label={t.image.resizeHandle}
          aria-valuemin={IMAGE_MIN_WIDTH}
          aria-valuemax={IMAGE_MAX_WIDTH}
          aria-valuenow={Math.round(shownWidth ?? currentWidth())}
          aria-valuetext={`${Math.round(shownWidth ?? currentWidth())} px`}
          aria-orientation="horizontal"
          title={t.image.resizeHandle}
          onPointerDown={startResize}
          onKeyDown={onHandleKey}
        />
      ) : null}
    </span>
  );
}
