import {
  ConfirmDialog,
  IconButton,
  Menu,
  MenuItem,
  MenuTrigger,
  MoreIcon,
  NavLink,
  TrashIcon,
} from '@wanxiang/ui';
import { Fragment, useState } from 'react';
import { chatText } from './messages';
import { RenameDialog } from './RenameDialog';
import { sessionPath } from './route/sessionRoute';
import * as styles from './sidebar.css';
import { sessionTitle } from './state/format';
import { highlightParts } from './state/highlight';
import type { ChatSessionSummary } from './state/types';

export interface HistoryRowProps {
  session: ChatSessionSummary;
  isCurrent: boolean;
  onOpen: (id: string) => void;
  /** Deletes the session; a rejection shows its message in the dialog, which stays open. */
  onDelete: (id: string) => Promise<void>;
  /** Renames the session; a rejection shows its message in the dialog, which stays open. */
  onRename?: (id: string, title: string) => Promise<void>;
  /** Pins or unpins the session. */
  onPin?: (id: string, pinned: boolean) => void;
  /** The history's search text: its occurrences in the title and snippet are marked. */
  query?: string;
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <mark key={index} className={styles.match}>
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * One session of the history: its title (or 未命名会话), a menu (重命名, 置顶 / 取消置顶) and a delete
 * button, shown on hover or focus. In a search the matches are marked, and a match found in the chat's
 * messages shows the words around it.
 */
export function HistoryRow({
  session,
  isCurrent,
  onOpen,
  onDelete,
  onRename,
  onPin,
  query = '',
}: HistoryRowProps) {
  const [isConfirming, setConfirming] = useState(false);
  const [isRenaming, setRenaming] = useState(false);
  const title = sessionTitle(session.title);
  return (
    <>
      <NavLink
        href={sessionPath(session.id)}
        isCurrent={isCurrent}
        onPress={() => onOpen(session.id)}
        action={
          <span className={styles.rowActions}>
            {onRename || onPin ? (
              <MenuTrigger>
                <IconButton aria-label={chatText.sessionActions(title)} size="sm" variant="ghost">
                  <MoreIcon />
                </IconButton>
                <Menu
                  placement="bottom end"
                  onAction={(key) => {
                    if (key === 'rename') setRenaming(true);
                    else if (key === 'pin') onPin?.(session.id, !session.pinned);
                  }}
                >
                  {onRename ? <MenuItem id="rename">{chatText.rename}</MenuItem> : null}
                  {onPin ? (
                    <MenuItem id="pin">{session.pinned ? chatText.unpin : chatText.pin}</MenuItem>
                  ) : null}
                </Menu>
              </MenuTrigger>
            ) : null}
            <IconButton
              aria-label={chatText.deleteSession(title)}
              size="sm"
              variant="ghost"
              onPress={() => setConfirming(true)}
            >
              <TrashIcon />
            </IconButton>
          </span>
        }
      >
        <span title={title} className={styles.rowTitle}>
          <Highlighted text={title} query={query} />
          {session.snippet ? (
            <span className={styles.snippet}>
              <Highlighted text={session.snippet} query={query} />
            </span>
          ) : null}
        </span>
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
      {onRename ? (
        <RenameDialog
          isOpen={isRenaming}
          onOpenChange={setRenaming}
          title={session.title?.trim() ? session.title : null}
          onRename={(name) => onRename(session.id, name)}
        />
      ) : null}
    </>
  );
}
