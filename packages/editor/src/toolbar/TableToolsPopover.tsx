import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Button, DialogTrigger, IconButton, Popover, Tooltip } from '@wanxiang/ui';
import { useState } from 'react';
import { TABLE_TOOLS } from '../actions/actions';
import { TableToolsIcon } from '../actions/icons';
import { t } from '../i18n/zh-CN';
import type { FormatState } from '../model/useFormatState';
import * as css from './Toolbar.css';

/** The table tools of the actions table, enabled inside a table (merge and unmerge when they apply). */
export function TableToolsPopover({ format, isDisabled }: { format: FormatState; isDisabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  const [isOpen, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Tooltip content={t.toolbar.tableTools}>
        <IconButton size="sm" variant="ghost" aria-label={t.toolbar.tableTools} isDisabled={isDisabled}>
          <TableToolsIcon />
        </IconButton>
      </Tooltip>
      <Popover aria-label={t.toolbar.tableTools} placement="bottom start">
        <div className={css.popoverSection}>
          {!format.inTable ? <p className={css.popoverHint}>{t.table.notInTable}</p> : null}
          <div className={css.tableTools}>
            {TABLE_TOOLS.map((action) => (
              <Button
                key={action.id}
                size="sm"
                variant={action.isDanger ? 'danger' : 'secondary'}
                isDisabled={action.isEnabled?.(format) === false}
                onPress={() => {
                  close();
                  editor.dispatchCommand(action.command, undefined);
                }}
              >
                {action.label}
              </Button>
            ))}
          </div>
        </div>
      </Popover>
    </DialogTrigger>
  );
}
