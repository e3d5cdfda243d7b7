import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { mergeRegister } from '@lexical/utils';
import {
  $createNodeSelection,
  $getNodeByKey,
  $setSelection,
  CLICK_COMMAND,
  COMMAND_PRIORITY_LOW,
  KEY_DOWN_COMMAND,
  type NodeKey,
  stopLexicalPropagation,
} from 'lexical';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { t } from '../i18n/zh-CN';
import { OPEN_SHAPE_FORMAT_COMMAND, takeTextEditRequest } from './commands';
import { shapeGeometry } from './geometry';
import { ShapeSvg } from './ShapeSvg';
import { clampShapeSize, holdsText, SHAPE_MAX_SIZE, SHAPE_TEXT_MAX, type ShapeData } from './shapeModel';

/**
 * The shape node as this view edits it. ShapeNode's module imports this one, so the class is not imported
 * back (as images/ImageView does); the view uses no ui kit either, so the node's tests need no browser.
 */
interface EditableShape {
  setText(text: string): unknown;
  setSize(width: number, height: number): unknown;
}
const $editableShape = (key: NodeKey): EditableShape | null => {
  const node = $getNodeByKey(key);
  return node?.getType() === 'shape' ? (node as unknown as EditableShape) : null;
};

/** Lexical must not read the text editor's keys and input as the document's. */
const OWN_EVENTS = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'paste',
  'cut',
  'copy',
  'click',
  'dragstart',
  'drop',
  'focus',
  'blur',
] as const;

/** One keyboard resize step, as a share of the size. */
const KEY_STEP = 0.1;

/**
 * A shape on the paper, in the image's frame and handle (the `wx-ed-image-frame` shell): a click selects it,
 * a double click or Enter edits its text in place (a textarea over it; Ctrl+Enter, Esc or leaving it ends
 * the edit, Esc without keeping it), Alt+Enter, the right button or the 形状格式 button opens its format.
 * The corner handle resizes it (drag, or the arrow keys). Every change is one update, so one undo step.
 */
export function ShapeView({ nodeKey, shape }: { nodeKey: NodeKey; shape: ShapeData }) {
  const [editor] = useLexicalComposerContext();
  const [isSelected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  const frameRef = useRef<HTMLSpanElement>(null);
  const [editing, setEditing] = useState(() => takeTextEditRequest(editor, nodeKey));
  const [drag, setDrag] = useState<{ width: number; height: number } | null>(null);
  const canHoldText = holdsText(shape.kind);

  const select = () => {
    editor.update(() => {
      const selection = $createNodeSelection();
      selection.add(nodeKey);
      $setSelection(selection);
    });
  };
  const openFormat = () => editor.dispatchCommand(OPEN_SHAPE_FORMAT_COMMAND, nodeKey);
  const startEditing = () => {
    if (canHoldText && editor.isEditable()) setEditing(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers read the props listed.
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          CLICK_COMMAND,
          (event) => {
            const frame = frameRef.current;
            if (!frame || !(event.target instanceof Node) || !frame.contains(event.target)) return false;
            if (editing) return true;
            if (event.detail >= 2) {
              startEditing();
              return true;
            }
            if (!event.shiftKey) clearSelection();
            setSelected(true);
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          KEY_DOWN_COMMAND,
          (event) => {
            if (!isSelected || editing || event.ctrlKey || event.metaKey) return false;
            if (event.key === 'Enter' && event.altKey) {
              event.preventDefault();
              openFormat();
              return true;
            }
            if (event.key === 'Enter' && canHoldText) {
              event.preventDefault();
              startEditing();
              return true;
            }
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, isSelected, editing, canHoldText, clearSelection, setSelected],
  );

  const resize = (width: number, height: number) =>
    editor.update(() => {
      $editableShape(nodeKey)?.setSize(width, height);
    });

  const startResize = (event: ReactPointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startY = event.clientY;
    const handle = event.currentTarget;
    handle.setPointerCapture?.(event.pointerId);
    let latest = { width: shape.width, height: shape.height };
    // The outline follows the pointer; the node changes once, on release: one undo step.
    const move = (e: PointerEvent) => {
      latest = clampShapeSize(
        shape.kind,
        shape.width + e.clientX - startX,
        shape.height + e.clientY - startY,
      );
      setDrag(latest);
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      setDrag(null);
      if (latest.width !== shape.width || latest.height !== shape.height) resize(latest.width, latest.height);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const onHandleKey = (event: ReactKeyboardEvent<HTMLSpanElement>) => {
    const step = (n: number) => Math.max(1, Math.round(n * KEY_STEP));
    const sizes: Record<string, [number, number]> = {
      ArrowRight: [shape.width + step(shape.width), shape.height],
      ArrowLeft: [shape.width - step(shape.width), shape.height],
      ArrowDown: [shape.width, shape.height + step(Math.max(shape.height, 10))],
      ArrowUp: [shape.width, shape.height - step(Math.max(shape.height, 10))],
    };
    const next = sizes[event.key];
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    resize(next[0], next[1]);
  };

  const shown = drag ? { ...shape, ...drag } : shape;
  const geometry = shapeGeometry(shown);
  const area = geometry.textArea;
  const label = shape.textBox ? t.shapes.textBox : t.shapes.kinds[shape.kind];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the keyboard has Alt+Enter.
    <span
      ref={frameRef}
      className="wx-ed-image-frame wx-ed-shape-frame"
      data-selected={isSelected ? '' : undefined}
      data-shape={shape.kind}
      data-text-box={shape.textBox ? '' : undefined}
      onContextMenu={(event) => {
        event.preventDefault();
        if (editing) return;
        select();
        openFormat();
      }}
    >
      <ShapeSvg shape={shown} label={label} />
      {area && shape.text && !editing ? (
        <span
          className="wx-ed-shape-text"
          data-align={shape.textBox ? 'start' : 'center'}
          style={{ left: area.x, top: area.y, width: area.width, height: area.height }}
        >
          {shape.text}
        </span>
      ) : null}
      {editing && area ? (
        <ShapeTextEditor
          initial={shape.text}
          label={t.shapes.editText(label)}
          area={area}
          onDone={(text) => {
            setEditing(false);
            editor.update(() => {
              if (text !== null) $editableShape(nodeKey)?.setText(text);
              const selection = $createNodeSelection();
              selection.add(nodeKey);
              $setSelection(selection);
            });
            editor.focus();
          }}
        />
      ) : null}
      {isSelected && !editing ? (
        <>
          <span className="wx-ed-shape-tools">
            {canHoldText ? (
              <button type="button" className="wx-ed-shape-tool" onClick={startEditing}>
                {t.shapes.editTextButton}
              </button>
            ) : null}
            <button type="button" className="wx-ed-shape-tool" onClick={openFormat}>
              {t.shapes.formatButton}
            </button>
          </span>
          <span
            className="wx-ed-image-handle"
            role="slider"
            tabIndex={0}
            aria-label={t.shapes.resizeHandle}
            aria-valuemin={1}
            aria-valuemax={SHAPE_MAX_SIZE}
            aria-valuenow={shown.width}
            aria-valuetext={`${shown.width} × ${shown.height} px`}
            title={t.shapes.resizeHandle}
            onPointerDown={startResize}
            onKeyDown={onHandleKey}
          />
        </>
      ) : null}
    </span>
  );
}

/**
 * The text editor over a shape: a plain textarea, uncontrolled, whose events Lexical is told to leave
 * alone (stopLexicalPropagation), so that typing, IME composition and its own undo stay in it. It ends with
 * Ctrl+Enter or by leaving it (keeping the text) or with Esc (dropping it): `onDone(null)`.
 */
function ShapeTextEditor({
  initial,
  label,
  area,
  onDone,
}: {
  initial: string;
  label: string;
  area: { x: number; y: number; width: number; height: number };
  onDone(text: string | null): void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    let finished = false;
    const finish = (text: string | null) => {
      if (finished) return;
      finished = true;
      done.current(text);
    };
    const mark = (event: Event) => stopLexicalPropagation(event);
    for (const name of OWN_EVENTS) textarea.addEventListener(name, mark);
    const onKey = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        finish(null);
      } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        finish(textarea.value);
      }
    };
    // Opened from a menu, the menu gives the focus back to its button as it closes, after the editor took
    // it: for a few frames the editor takes it back rather than ending (as the symbol picker does).
    let settling = 10;
    let frame = 0;
    const settle = () => {
      if (document.activeElement !== textarea) textarea.focus();
      frame = --settling > 0 ? requestAnimationFrame(settle) : 0;
    };
    const onBlur = () => {
      if (settling <= 0) finish(textarea.value);
    };
    textarea.addEventListener('keydown', onKey);
    textarea.addEventListener('blur', onBlur);
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
    frame = requestAnimationFrame(settle);
    return () => {
      cancelAnimationFrame(frame);
      for (const name of OWN_EVENTS) textarea.removeEventListener(name, mark);
      textarea.removeEventListener('keydown', onKey);
      textarea.removeEventListener('blur', onBlur);
    };
  }, []);
  return (
    <textarea
      ref={ref}
      className="wx-ed-shape-editor"
      aria-label={label}
      defaultValue={initial}
      maxLength={SHAPE_TEXT_MAX}
      spellCheck={false}
      style={{
        left: area.x,
        top: area.y,
        width: Math.max(area.width, 40),
        height: Math.max(area.height, 24),
      }}
    />
  );
}
