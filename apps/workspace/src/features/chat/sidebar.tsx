import { Badge, Button, NavGroup, PlusIcon, Spinner } from '@wanxiang/ui';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { persistentFlagAtom } from '../../state/persistentFlag';
import { chatText } from './messages';
import { SessionList } from './SessionList';
import * as styles from './sidebar.css';
import { currentSessionIdAtom, focusComposerAtom, sessionsAtom } from './state/chatAtoms';
import { useChatEngine, useChatValue } from './state/hooks';

const historyOpenAtom = persistentFlagAtom('wanxiang.nav.history', true);

/** Starts a new chat: the home chat with no session selected (spec 01 §4). */
export function NewChatButton() {
  const navigate = useNavigate();
  const chat = useChatEngine();
  const focusComposer = useSetAtom(focusComposerAtom);
  return (
    <Button
      variant="secondary"
      iconStart={<PlusIcon />}
      isFullWidth
      onPress={() => {
        chat.newChat();
        navigate('/home');
        // Ready to type, as after a suggestion: the welcome screen's input takes the caret.
        requestAnimationFrame(() => focusComposer());
      }}
    >
      {chatText.newChat}
    </Button>
  );
}

/** The collapsible history of chat sessions with its count (spec 01 §2). */
export function ChatHistory() {
  const navigate = useNavigate();
  const chat = useChatEngine();
  const [isOpen, setOpen] = useAtom(historyOpenAtom);
  const sessions = useChatValue(sessionsAtom);
  const currentId = useChatValue(currentSessionIdAtom);

  // The history is wanted on every page with the sidebar, not only on the chat.
  useEffect(() => chat.start(), [chat]);

  return (
    <NavGroup
      title={chatText.history}
      isExpanded={isOpen}
      onExpandedChange={setOpen}
      badge={
        sessions.status === 'ready' || sessions.items.length > 0 ? (
          <Badge aria-label={chatText.historyCount(sessions.total)}>{sessions.total}</Badge>
        ) : null
      }
    >
      {sessions.status === 'loading' && sessions.items.length === 0 ? (
        <div className={styles.note}>
          <Spinner size="sm" label={chatText.loading} showLabel />
        </div>
      ) : null}
      {sessions.status === 'error' ? (
        <div className={styles.note}>
          <span className={styles.error}>{chatText.historyLoadFailed}</span>
          <Button size="sm" variant="ghost" onPress={() => void chat.loadSessions()}>
            {chatText.retry}
          </Button>
        </div>
      ) : null}
      {sessions.status === 'ready' && sessions.items.length === 0 ? (
        <p className={styles.note}>{chatText.historyEmpty}</p>
      ) : null}
      <SessionList
        sessions={sessions.items}
        currentId={currentId}
        hasMore={sessions.hasMore}
        isLoadingMore={sessions.isLoadingMore}
        onLoadMore={() => void chat.loadMoreSessions()}
        onOpen={(id) => {
          void chat.openSession(id);
          navigate('/home');
        }}
        onDelete={(id) => chat.deleteSession(id)}
      />
    </NavGroup>
  );
}
