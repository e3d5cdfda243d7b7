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
import { focusComposerAtom } from './state/composer';
import { currentSessionIdAtom } from './state/conversation';
import { useChatValue } from './state/hooks';
import { startChatAtom } from './state/lifecycle';
import { deleteSessionAtom, newChatAtom } from './state/openChat';
import {
  loadMoreSessionsAtom,
  loadSessionsAtom,
  renameSessionAtom,
  searchSessionsAtom,
  sessionsAtom,
  setPinnedAtom,
} from './state/sessions';

const historyOpenAtom = persistentFlagAtom('wanxiang.nav.history', true);
/** How long typing must pause before the history is searched. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Starts a new chat: the home chat with no session selected, ready to type in. */
function useStartNewChat() {
  const navigate = useNavigate();
  const newChat = useSetAtom(newChatAtom);
  const focusComposer = useSetAtom(focusComposerAtom);
  const shell = useAppShell();
  return () => {
    newChat();
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
  const start = useSetAtom(startChatAtom);
  const searchSessions = useSetAtom(searchSessionsAtom);
  const loadSessions = useSetAtom(loadSessionsAtom);
  const loadMoreSessions = useSetAtom(loadMoreSessionsAtom);
  const deleteSession = useSetAtom(deleteSessionAtom);
  const renameSession = useSetAtom(renameSessionAtom);
  const setPinned = useSetAtom(setPinnedAtom);
  const [isOpen, setOpen] = useAtom(historyOpenAtom);
  const sessions = useChatValue(sessionsAtom);
  const openId = useChatValue(currentSessionIdAtom);
  // The chat stays open while another page shows; it is the current page only on the chat.
  const currentId = isChatPath(pathname) ? openId : null;

  // The history is wanted on every page with the sidebar, not only on the chat.
  useEffect(() => start(), [start]);

  // The search asks the server once typing pauses, not at every key.
  const [search, setSearch] = useState(sessions.query);
  useEffect(() => {
    const timer = setTimeout(() => void searchSessions(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, searchSessions]);
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
          <Button size="sm" variant="ghost" onPress={() => void loadSessions()}>
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
        onLoadMore={() => void loadMoreSessions()}
        onOpen={(id) => navigate(sessionPath(id))}
        onDelete={(id) => deleteSession(id)}
        onRename={(id, title) => renameSession(id, title)}
        onPin={(id, pinned) => {
          setPinned(id, pinned).catch((error: Error) => toast.error(error.message));
        }}
        query={query}
      />
    </NavGroup>
  );
}
