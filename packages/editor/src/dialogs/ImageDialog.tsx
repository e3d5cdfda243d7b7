import { Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { clampImageWidth, IMAGE_MAX_WIDTH, IMAGE_MIN_WIDTH } from '../images/imageSize';
import { okCancelFooter } from './DialogParts';
import * as css from './dialogs.css';

export interface ImageDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  altText: string;
  /** The width it has on the paper (px). */
  width: number | null;
  /** Empty width: the picture's own width. */
  onApply(altText: string, width: number | null): void;
}

/** 图片属性: the description read to those who cannot see the picture, and its width. */
export function ImageDialog({ isOpen, onOpenChange, altText, width, onApply }: ImageDialogProps) {
  const [alt, setAlt] = useState(altText);
  const [size, setSize] = useState(width ? String(width) : '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (!isOpen) return;
    setAlt(altText);
    setSize(width ? String(width) : '');
    setInvalid(false);
  }, [isOpen, altText, width]);
  const submit = (close: () => void) => {
    const text = size.trim();
    const value = Number(text);
    if (text && !(Number.isFinite(value) && value >= IMAGE_MIN_WIDTH && value <= IMAGE_MAX_WIDTH)) {
      setInvalid(true);
      return;
    }
    onApply(alt.trim(), text ? clampImageWidth(value) : null);
    close();
  };
  return (
    <Dialog
      title={t.image.properties}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter(submit, { okLabel: t.image.apply, cancelLabel: t.link.cancel })}
    >
      {(close) => (
        <form
          className={css.dialogStack}
          onSubmit={(event) => {
            event.preventDefault();
            submit(close);
          }}
        >
          <TextField
            label={t.image.alt}
            description={t.image.altHint}
            value={alt}
            onChange={setAlt}
            autoFocus
          />
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
        </form>
      )}
    </Dialog>
  );
}
