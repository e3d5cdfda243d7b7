import { ConfirmDialog, IconButton, NavLink, TrashIcon } from '@wanxiang/ui';
import { useState } from 'react';
import { chatText } from './messages';
import { sessionPath } from './route/sessionRoute';
import { sessionTitle } from './state/format';
import type { ChatSessionSummary } from './state/types';

export interface HistoryRowProps {
  session: ChatSessionSummary;
  isCurrent: boolean;
  onOpen: (id: string) => void;
  /** Deletes the session; a rejection shows its message in the dialog, which stays open. */
  onDelete: (id: string) => Promise<void>;
}

/** One session of the history: its title (or 未命名会话) and a delete button shown on hover or focus. */
export function HistoryRow({ session, isCurrent, onOpen, onDelete }: HistoryRowProps) {
  const [isConfirming, setConfirming] = useState(false);
  const title = sessionTitle(session.title);
  return (
    <>
      <NavLink
        href={sessionPath(session.id)}
        isCurrent={isCurrent}
        onPress={() => onOpen(session.id)}
        action={
          <IconButton
            aria-label={chatText.deleteSession(title)}
            size="sm"
            variant="ghost"
            onPress={() => setConfirming(true)}
          >
            <TrashIcon />
          </IconButton>
        }
      >
        <span title={title}>{title}</span>
      </NavLink>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setConfirming}
        title={chatText.deleteTitle}
        tone="danger"
        confirmLabel={chatText.deleteAction}
        onConfirm={() => onDelete(session.id)}
      >
        <p>{chatText.deleteConfirm(title)}</p>
      </ConfirmDialog>
    </>
  );
}
