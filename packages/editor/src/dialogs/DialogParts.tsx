import { Button, Checkbox } from '@wanxiang/ui';
import type { ReactNode } from 'react';
import { t } from '../i18n/zh-CN';
import * as css from './dialogs.css';

/**
 * The footer of the dialogs: 取消, and 确定 which runs `onOk` with the dialog's `close` (a dialog with a value
 * to correct stays open by not calling it). `before` goes left of them (样式's 重置); a dialog with its own
 * wording for the two buttons passes their labels.
 */
export function okCancelFooter(
  onOk: (close: () => void) => void,
  {
    before,
    okLabel = t.dialogs.ok,
    cancelLabel = t.dialogs.cancel,
  }: { before?: ReactNode; okLabel?: string; cancelLabel?: string } = {},
) {
  return (close: () => void) => (
    <>
      {before}
      <Button variant="ghost" onPress={close}>
        {cancelLabel}
      </Button>
      <Button variant="primary" onPress={() => onOk(close)}>
        {okLabel}
      </Button>
    </>
  );
}

export const FONT_FLAGS = ['bold', 'italic', 'underline', 'strike'] as const;
export type FontFlag = (typeof FONT_FLAGS)[number];

/** 加粗, 倾斜, 下划线 and 删除线 as a row of checkboxes (字体 and 样式). */
export function FontFlags({
  flags,
  onChange,
}: {
  flags: Readonly<Record<FontFlag, boolean>>;
  onChange(flag: FontFlag, on: boolean): void;
}) {
  return (
    <div className={css.dialogRow}>
      {FONT_FLAGS.map((flag) => (
        <Checkbox key={flag} isSelected={flags[flag]} onChange={(on) => onChange(flag, on)}>
          {t.font[flag]}
        </Checkbox>
      ))}
    </div>
  );
}

/** A labelled colour well (字体颜色, 突出显示). */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <label className={css.fieldLabel}>
      {label}
      <input
        type="color"
        className={css.colorInput}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
