import {
  Badge,
  Button,
  IconButton,
  NavGroup,
  PlusIcon,
  Spinner,
  TextField,
  toast,
  useAppShell,
} from '@wanxiang/ui';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { persistentFlagAtom } from '../../state/persistentFlag';
import { chatText } from './messages';
import { HOME_PATH, isChatPath, sessionPath } from './route/sessionRoute';
import { SessionList } from './SessionList';
import * as styles from './sidebar.css';
import { currentSessionIdAtom, focusComposerAtom, sessionsAtom } from './state/chatAtoms';
import { useChatEngine, useChatValue } from './state/hooks';

const historyOpenAtom = persistentFlagAtom('wanxiang.nav.history', true);
/** How long typing must pause before the history is searched. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Starts a new chat: the home chat with no session selected, ready to type in. */
function useStartNewChat() {
  const navigate = useNavigate();
  const chat = useChatEngine();
  const focusComposer = useSetAtom(focusComposerAtom);
  const shell = useAppShell();
  return () => {
    chat.newChat();
    navigate(HOME_PATH);
    // On a phone the drawer covers the chat: the new chat must be seen.
    shell?.closeNavigation();
    // Ready to type, as after a suggestion: the welcome screen's input takes the caret.
    requestAnimationFrame(() => focusComposer());
  };
}

/** 新建对话 at the head of the sidebar. */
export function NewChatButton() {
  const startNewChat = useStartNewChat();
  return (
    <Button variant="secondary" iconStart={<PlusIcon />} isFullWidth onPress={startNewChat}>
      {chatText.newChat}
    </Button>
  );
}

/** 新建对话 in the phone's top bar: one tap from the chat, not a trip through the drawer. */
export function NewChatTopBarButton() {
  const startNewChat = useStartNewChat();
  return (
    <IconButton aria-label={chatText.newChat} variant="subtle" onPress={startNewChat}>
      <PlusIcon />
    </IconButton>
  );
}

/** The collapsible history of chat sessions with its count. */
export function ChatHistory() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const chat = useChatEngine();
  const [isOpen, setOpen] = useAtom(historyOpenAtom);
  const sessions = useChatValue(sessionsAtom);
  const openId = useChatValue(currentSessionIdAtom);
  // The engine keeps the last chat while another page shows; it is the current page only on the chat.
  const currentId = isChatPath(pathname) ? openId : null;

  // The history is wanted on every page with the sidebar, not only on the chat.
  useEffect(() => chat.start(), [chat]);

  // The search asks the server once typing pauses, not at every key.
  const [search, setSearch] = useState(sessions.query);
  useEffect(() => {
    const timer = setTimeout(() => void chat.searchSessions(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, chat]);
  const query = sessions.query;

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
      {sessions.status === 'ready' && (sessions.items.length > 0 || query) ? (
        <div className={styles.search}>
          <TextField
            aria-label={chatText.searchLabel}
            type="search"
            placeholder={chatText.searchPlaceholder}
            value={search}
            onChange={setSearch}
          />
        </div>
      ) : null}
      {sessions.status === 'ready' && sessions.items.length === 0 ? (
        <p className={styles.note} role={query ? 'status' : undefined}>
          {query ? chatText.searchEmpty(query) : chatText.historyEmpty}
        </p>
      ) : null}
      <SessionList
        sessions={sessions.items}
        currentId={currentId}
        hasMore={sessions.hasMore}
        isLoadingMore={sessions.isLoadingMore}
        onLoadMore={() => void chat.loadMoreSessions()}
        onOpen={(id) => navigate(sessionPath(id))}
        onDelete={(id) => chat.deleteSession(id)}
        onRename={(id, title) => chat.renameSession(id, title)}
        onPin={(id, pinned) => {
          chat.setPinned(id, pinned).catch((error: Error) => toast.error(error.message));
        }}
        query={query}
      />
    </NavGroup>
  );
}
