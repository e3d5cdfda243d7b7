import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { mergeRegister } from '@lexical/utils';
import { Dialog, TextField } from '@wanxiang/ui';
import { $getNodeByKey, CLICK_COMMAND, COMMAND_PRIORITY_LOW, KEY_DOWN_COMMAND, type NodeKey } from 'lexical';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { okCancelFooter } from '../dialogs/DialogParts';
import { t } from '../i18n/zh-CN';
import { clampImageWidth, IMAGE_MAX_WIDTH, IMAGE_MIN_WIDTH } from './imageSize';

/** The image node as this view edits it (the node's module loads this one, so it is not imported back). */
interface EditableImage {
  setWidth(width: number | null): unknown;
  setAltText(altText: string): unknown;
}
const $image = (key: NodeKey): EditableImage | null => {
  const node = $getNodeByKey(key);
  return node?.getType() === 'image' ? (node as unknown as EditableImage) : null;
};

/** One step of the keyboard resize (+ / −), as a share of the current width. */
const KEY_STEP = 0.1;

/**
 * An image on the paper: a click selects it (outlined, with a handle at its corner that resizes it, the
 * height following its proportions); selected, + and − resize it from the keyboard and Alt+Enter (or the
 * context menu) opens 图片属性 for its description and width.
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
  const [propertiesOpen, setPropertiesOpen] = useState(false);

  const setWidth = (next: number | null) =>
    editor.update(() => {
      $image(nodeKey)?.setWidth(next);
    });
  const currentWidth = () => width ?? imageRef.current?.getBoundingClientRect().width ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: setWidth and currentWidth read the props listed.
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
            if (!isSelected) return false;
            if (event.key === '+' || event.key === '=' || event.key === '-') {
              event.preventDefault();
              const factor = event.key === '-' ? 1 - KEY_STEP : 1 + KEY_STEP;
              setWidth(clampImageWidth(currentWidth() * factor));
              return true;
            }
            if (event.key === 'Enter' && event.altKey) {
              event.preventDefault();
              setPropertiesOpen(true);
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
    handle.setPointerCapture(event.pointerId);
    let latest = start;
    const move = (e: PointerEvent) => {
      latest = clampImageWidth(start + (e.clientX - startX));
      setDragWidth(latest);
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      setDragWidth(null);
      if (latest !== start) setWidth(latest);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const shownWidth = dragWidth ?? width;
  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the keyboard opens it with Alt+Enter. */}
      <span
        className="wx-ed-image-frame"
        data-selected={isSelected ? '' : undefined}
        onContextMenu={(event) => {
          event.preventDefault();
          clearSelection();
          setSelected(true);
          setPropertiesOpen(true);
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
            aria-hidden="true"
            title={t.image.resizeHint}
            onPointerDown={startResize}
          />
        ) : null}
      </span>
      <ImageProperties
        isOpen={propertiesOpen}
        onOpenChange={setPropertiesOpen}
        altText={altText}
        width={width ?? Math.round(currentWidth())}
        onApply={(nextAlt, nextWidth) => {
          editor.update(() => {
            const node = $image(nodeKey);
            node?.setAltText(nextAlt);
            node?.setWidth(nextWidth);
          });
        }}
      />
    </>
  );
}

/** 图片属性: the description read to those who cannot see the picture, and its width. */
function ImageProperties({
  isOpen,
  onOpenChange,
  altText,
  width,
  onApply,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  altText: string;
  width: number;
  onApply(altText: string, width: number | null): void;
}) {
  const [alt, setAlt] = useState(altText);
  const [size, setSize] = useState(String(width || ''));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (!isOpen) return;
    setAlt(altText);
    setSize(String(width || ''));
    setInvalid(false);
  }, [isOpen, altText, width]);
  return (
    <Dialog
      title={t.image.properties}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter(
        (close) => {
          const text = size.trim();
          const value = Number(text);
          if (text && !(Number.isFinite(value) && value >= IMAGE_MIN_WIDTH && value <= IMAGE_MAX_WIDTH)) {
            setInvalid(true);
            return;
          }
          onApply(alt.trim(), text ? clampImageWidth(value) : null);
          close();
        },
        { okLabel: t.image.apply, cancelLabel: t.link.cancel },
      )}
    >
      <TextField label={t.image.alt} description={t.image.altHint} value={alt} onChange={setAlt} autoFocus />
      <TextField
        label={t.image.width}
        inputMode="numeric"
        value={size}
        onChange={(value) => {
          setSize(value);
          setInvalid(false);
        }}
        isInvalid={invalid}
        errorMessage={t.image.widthInvalid(IMAGE_MIN_WIDTH, IMAGE_MAX_WIDTH)}
        description={t.image.widthHint}
      />
    </Dialog>
  );
}
