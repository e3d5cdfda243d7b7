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

/**
 * The save status beside the title. With autosave off (`manual`) unsaved changes wait for the user, so the
 * label says how to save them and stands out, and is never mistaken for a save about to happen.
 */
export function SaveStatusLabel({ store, manual = false }: { store: SaveStatusStore; manual?: boolean }) {
  const status = useSaveStatus(store);
  const waiting = manual && status === 'dirty';
  return (
    <span
      className={waiting ? css.saveStatusWaiting : css.saveStatus}
      role="status"
      data-save-status={status}
      data-autosave={manual ? 'off' : 'on'}
    >
      {waiting ? t.preferences.unsavedManual : STATUS_TEXT[status]}
    </span>
  );
}
