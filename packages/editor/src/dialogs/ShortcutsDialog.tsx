import { Dialog } from '@wanxiang/ui';
import { shortcutRows } from '../actions/shortcuts';
import { t } from '../i18n/zh-CN';
import * as css from './dialogs.css';

/** 帮助 → 快捷键: every shortcut of the action table, and how to leave the editor with the keyboard. */
export function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog title={t.shortcuts.title} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <p className={css.shortcutsNote}>{t.shortcuts.note}</p>
      <table className={css.shortcutsTable}>
        <thead>
          <tr>
            <th scope="col">{t.shortcuts.action}</th>
            <th scope="col">{t.shortcuts.keys}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutRows().map((row) => (
            <tr key={row.label}>
              <td>{row.label}</td>
              <td>
                {row.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' / ' : null}
                    <kbd className={css.kbd}>{key}</kbd>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
