import { Button, Dialog } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import type { IndentChange, ListType } from '../editor/commands';
import * as css from '../editor/WordEditor.css';
import { t } from '../i18n/zh-CN';
import { Choice } from './Choice';

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
      footer={(close) => (
        <>
          <Button variant="ghost" onPress={close}>
            {t.dialogs.cancel}
          </Button>
          <Button
            variant="primary"
            onPress={() => {
              onApply(type, indent);
              close();
            }}
          >
            {t.dialogs.ok}
          </Button>
        </>
      )}
    >
      <div className={css.dialogStack}>
        <Choice
          label={t.list.type}
          value={type}
          onChange={setType}
          options={[
            { id: 'bullet', label: t.list.bullet },
            { id: 'ordered', label: t.list.ordered },
            { id: 'check', label: t.list.check },
            { id: 'none', label: t.list.none },
          ]}
        />
        <Choice
          label={t.list.indent}
          value={indent}
          onChange={setIndent}
          options={[
            { id: 'none', label: t.dialogs.unchanged },
            { id: 'inc', label: t.paragraph.indentInc },
            { id: 'dec', label: t.paragraph.indentDec },
          ]}
        />
      </div>
    </Dialog>
  );
}
