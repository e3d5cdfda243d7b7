import { Dialog } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { t } from '../i18n/zh-CN';
import type { IndentChange, ListType } from '../model/commands';
import { Choice } from './Choice';
import { okCancelFooter } from './DialogParts';
import * as css from './dialogs.css';
import { INDENT_CHANGE_OPTIONS, LIST_TYPE_OPTIONS } from './options';

export interface ListDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  current: ListType;
  onApply(type: ListType, indent: IndentChange): void;
}

/** 列表: bullet, numbered or check list (or none), and its indent. */
export function ListDialog({ isOpen, onOpenChange, current, onApply }: ListDialogProps) {
  const [type, setType] = useState<ListType>(current);
  const [indent, setIndent] = useState<IndentChange>('none');
  useEffect(() => {
    if (isOpen) {
      setType(current === 'none' ? 'bullet' : current);
      setIndent('none');
    }
  }, [isOpen, current]);
  return (
    <Dialog
      title={t.list.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter((close) => {
        onApply(type, indent);
        close();
      })}
    >
      <div className={css.dialogStack}>
        <Choice label={t.list.type} value={type} onChange={setType} options={LIST_TYPE_OPTIONS} />
        <Choice label={t.list.indent} value={indent} onChange={setIndent} options={INDENT_CHANGE_OPTIONS} />
      </div>
    </Dialog>
  );
}
