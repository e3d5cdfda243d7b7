import { t } from '../i18n/zh-CN';
import type { SaveStatus } from '../plugins/AutosavePlugin';
import { type SaveStatusStore, useSaveStatus } from './saveStatus';
import * as css from './WordEditor.css';

const STATUS_TEXT: Record<SaveStatus, string> = {
  saving: t.storage.saving,
  saved: t.storage.saved,
  dirty: t.storage.unsaved,
  error: t.storage.failed,
};

export function SaveStatusLabel({ store }: { store: SaveStatusStore }) {
  const status = useSaveStatus(store);
  return (
    <span className={css.saveStatus} role="status" data-save-status={status}>
      {STATUS_TEXT[status]}
    </span>
  );
}
