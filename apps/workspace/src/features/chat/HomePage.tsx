import { Alert, Spinner } from '@wanxiang/ui';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useCurrentUserActions } from '../../session/currentUser';
import { ChatInput } from './ChatInput';
import * as styles from './HomePage.css';
import { MessageList } from './MessageList';
import { ModelSelector } from './ModelSelector';
import { chatText } from './messages';
import { chatStore, setComposerFocus, setTurnEndHandler } from './state/chat';
import type { ChatStore } from './state/chatStore';
import { useChatState } from './state/hooks';
import { Welcome } from './Welcome';

/** Announces the start and end of an answer, not its words (research-chat §4.6). */
function StreamAnnouncer({ store }: { store: ChatStore }) {
  const isStreaming = useChatState(store, (s) => s.isStreaming);
  const [text, setText] = useState('');
  const was = useRef(isStreaming);
  useEffect(() => {
    if (isStreaming && !was.current) setText(chatText.answering);
    if (!isStreaming && was.current) setText(chatText.answerDone);
    was.current = isStreaming;
  }, [isStreaming]);
  return (
    <div role="status" className={styles.visuallyHidden}>
      {text}
    </div>
  );
}

interface ComposerProps {
  store: ChatStore;
  draft: string;
  setDraft: (value: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

function Composer({ store, draft, setDraft, textareaRef }: ComposerProps) {
  const isStreaming = useChatState(store, (s) => s.isStreaming);
  const searchEnabled = useChatState(store, (s) => s.searchEnabled);
  return (
    <div className={styles.composer}>
      <ChatInput
        value={draft}
        onChange={setDraft}
        onSend={() => {
          if (store.send(draft)) setDraft('');
        }}
        onStop={() => store.stop()}
        isStreaming={isStreaming}
        searchEnabled={searchEnabled}
        onSearchChange={(enabled) => store.setSearchEnabled(enabled)}
        autoFocus
        textareaRef={textareaRef}
      />
    </div>
  );
}

/** The home chat (spec 01 §2): model selector, error banner, the conversation or the welcome, the input. */
export function HomePage({ store = chatStore }: { store?: ChatStore }) {
  const { refresh } = useCurrentUserActions();
  const models = useChatState(store, (s) => s.models);
  const sessionsStatus = useChatState(store, (s) => s.sessions.status);
  const selectedModelId = useChatState(store, (s) => s.selectedModelId);
  const banner = useChatState(store, (s) => s.banner);
  const conversation = useChatState(store, (s) => s.conversation);
  const currentSessionId = useChatState(store, (s) => s.currentSessionId);
  const isStreaming = useChatState(store, (s) => s.isStreaming);
  const returnedDraft = useChatState(store, (s) => s.returnedDraft);
  const [draft, setDraft] = useState('');
  const textarea = useRef<HTMLTextAreaElement | null>(null);

  // A message refused before any answer comes back to the input, unless something new was typed there.
  useEffect(() => {
    if (returnedDraft) setDraft((current) => (current.trim() === '' ? returnedDraft.text : current));
  }, [returnedDraft]);

  // A suggestion card fills the input and puts the caret at its end, ready to edit or send.
  const pick = (prompt: string) => {
    setDraft(prompt);
    requestAnimationFrame(() => {
      const element = textarea.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    });
  };

  useEffect(() => {
    store.start();
  }, [store]);

  // Every turn spends credits: the user menu shows the new balance (spec README, decision 6).
  useEffect(() => {
    setTurnEndHandler(() => void refresh());
    return () => setTurnEndHandler(undefined);
  }, [refresh]);

  useEffect(() => {
    setComposerFocus(() => textarea.current?.focus());
    return () => setComposerFocus(undefined);
  }, []);

  useEffect(() => {
    document.title = `${chatText.pageTitle} · 万象`;
  }, []);

  const firstLoad = models.items.length === 0 && (models.status === 'idle' || models.status === 'loading');
  if (models.status === 'error' && sessionsStatus === 'error') {
    return (
      <div className={styles.centered}>
        <Alert tone="danger" actionLabel={chatText.refreshPage} onAction={() => window.location.reload()}>
          {chatText.homeLoadFailed}
        </Alert>
      </div>
    );
  }
  if (firstLoad) {
    return (
      <div className={styles.centered}>
        <Spinner label={chatText.loading} showLabel />
      </div>
    );
  }

  const isEmpty = conversation.messageIds.length === 0;
  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <ModelSelector
          models={models.items}
          status={models.status}
          selectedId={selectedModelId}
          onSelect={(id) => store.selectModel(id)}
          isDisabled={isStreaming}
        />
      </header>
      {models.status === 'error' ? (
        <Alert
          tone="danger"
          variant="banner"
          className={styles.banner}
          actionLabel={chatText.retry}
          onAction={() => void store.loadModels()}
        >
          {chatText.modelsLoadFailed}
        </Alert>
      ) : null}
      {banner ? (
        <Alert
          tone="danger"
          variant="banner"
          className={styles.banner}
          onDismiss={() => store.dismissBanner()}
        >
          {banner}
        </Alert>
      ) : null}
      <div className={styles.body}>
        {conversation.status === 'loading' ? (
          <div className={styles.centered}>
            <Spinner label={chatText.loading} showLabel />
          </div>
        ) : conversation.status === 'error' ? (
          <div className={styles.centered}>
            <Alert
              tone="danger"
              actionLabel={chatText.retry}
              onAction={() => {
                if (currentSessionId) void store.openSession(currentSessionId);
              }}
            >
              {chatText.historyLoadFailed}
            </Alert>
          </div>
        ) : isEmpty && currentSessionId === null ? (
          <Welcome onPick={pick} />
        ) : (
          <>
            <h1 className={styles.visuallyHidden}>{chatText.pageTitle}</h1>
            <MessageList store={store} />
          </>
        )}
      </div>
      <Composer store={store} draft={draft} setDraft={setDraft} textareaRef={textarea} />
      <StreamAnnouncer store={store} />
    </div>
  );
}
