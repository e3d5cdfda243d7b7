import { Alert, Button, Dialog } from '@wanxiang/ui';
import { useState } from 'react';
import { t } from '../../i18n/zh-CN';
import * as css from './CloudDocuments.css';
import type { CloudConflict } from './cloudSync';
import { contentText, formatCloudDate } from './cloudText';

const m = t.cloudDocs;

export interface ConflictDialogProps {
  conflict: CloudConflict;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** Keep this page's version in the cloud; the cloud's becomes a local document. */
  onKeepMine(): Promise<void>;
  /** Take the cloud's version here; this page's becomes a local document. */
  onKeepTheirs(): Promise<void>;
}

/** A save was refused (409): both versions side by side, and the user's choice. Neither is ever dropped. */
export function ConflictDialog({
  conflict,
  isOpen,
  onOpenChange,
  onKeepMine,
  onKeepTheirs,
}: ConflictDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = (work: () => Promise<void>, close: () => void) => {
    setBusy(true);
    setFailed(false);
    work().then(
      () => {
        setBusy(false);
        close();
      },
      () => {
        setBusy(false);
        setFailed(true);
      },
    );
  };
  const mineText = contentText(conflict.mine.content) || m.emptyText;
  const theirsText = contentText(conflict.theirs.content) || m.emptyText;
  return (
    <Dialog
      title={m.conflictTitle}
      size="lg"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      footer={(close) => (
        <div className={css.footer}>
          <Button variant="ghost" isDisabled={busy} onPress={close}>
            {m.later}
          </Button>
          <Button variant="secondary" isDisabled={busy} onPress={() => choose(onKeepTheirs, close)}>
            {m.keepTheirs}
          </Button>
          <Button variant="primary" isPending={busy} onPress={() => choose(onKeepMine, close)}>
            {m.keepMine}
          </Button>
        </div>
      )}
    >
      <p className={css.body}>{m.conflictBody(conflict.theirs.version, conflict.base)}</p>
      <div className={css.versions}>
        <section className={css.version} aria-label={m.mine}>
          <h3 className={css.versionName}>{m.mine}</h3>
          <p className={css.versionMeta}>
            {conflict.mine.title} · {m.unsaved}
          </p>
          <p className={css.versionText}>{mineText}</p>
        </section>
        <section className={css.version} aria-label={m.theirs(conflict.theirs.version)}>
          <h3 className={css.versionName}>{m.theirs(conflict.theirs.version)}</h3>
          <p className={css.versionMeta}>
            {conflict.theirs.title} · {m.savedOn(formatCloudDate(conflict.theirs.updated_at))}
          </p>
          <p className={css.versionText}>{theirsText}</p>
        </section>
      </div>
      {failed ? (
        <Alert tone="danger" className={css.error}>
          {m.resolveFailed}
        </Alert>
      ) : null}
    </Dialog>
  );
}
