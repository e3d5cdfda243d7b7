import { Badge, Button, NavGroup, PlusIcon, Spinner } from '@wanxiang/ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePersistentFlag } from '../../app/usePersistentFlag';
import { chatText } from './messages';
import { SessionList } from './SessionList';
import * as styles from './sidebar.css';
import { chatStore, focusComposer } from './state/chat';
import { useChatState } from './state/hooks';

/** Starts a new chat: the home chat with no session selected (spec 01 §4). */
export function NewChatButton() {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      iconStart={<PlusIcon />}
      isFullWidth
      onPress={() => {
        chatStore.newChat();
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
  const [isOpen, setOpen] = usePersistentFlag('wanxiang.nav.history', true);
  const sessions = useChatState(chatStore, (s) => s.sessions);
  const currentId = useChatState(chatStore, (s) => s.currentSessionId);

  // The history is wanted on every page with the sidebar, not only on the chat.
  useEffect(() => chatStore.start(), []);

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
          <Button size="sm" variant="ghost" onPress={() => void chatStore.loadSessions()}>
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
        onLoadMore={() => void chatStore.loadMoreSessions()}
        onOpen={(id) => {
          void chatStore.openSession(id);
          navigate('/home');
        }}
        onDelete={(id) => chatStore.deleteSession(id)}
      />
    </NavGroup>
  );
}
