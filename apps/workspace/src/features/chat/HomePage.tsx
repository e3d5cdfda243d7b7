import { Alert, Button, EmptyState, PlusIcon, Spinner, VisuallyHidden } from '@wanxiang/ui';
import { useSetAtom } from 'jotai';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../session/currentUser';
import { FileLoaderContext } from './attachments/loader';
import { useComposerFiles } from './attachments/useComposerFiles';
import { ChatHeader } from './ChatHeader';
import { ChatInput } from './ChatInput';
import { type ChatUser, ChatUserContext } from './chatUser';
import * as styles from './HomePage.css';
import { CREDITS_PATH } from './Message';
import { MessageList } from './MessageList';
import { ModelSelector } from './ModelSelector';
import { chatText } from './messages';
import { HOME_PATH } from './route/sessionRoute';
import { useSessionRoute } from './route/useSessionRoute';
import { composerInputAtom } from './state/composer';
import { conversationAtom, currentSessionIdAtom } from './state/conversation';
import { fileUrlAtom } from './state/deps';
import { bannerAtom, dismissBannerAtom, returnedDraftAtom, searchEnabledAtom } from './state/flags';
import { useChatValue } from './state/hooks';
import { startChatAtom } from './state/lifecycle';
import { loadModelsAtom, modelsAtom, selectedModelIdAtom, selectModelAtom } from './state/models';
import { openSessionAtom } from './state/openChat';
import { isStreamingAtom, sendAtom, stopAtom } from './state/running';
import { sessionsAtom, sessionsStatusAtom } from './state/sessions';
import { Welcome } from './Welcome';

/** Announces the start and end of an answer, not its words. */
function StreamAnnouncer() {
  const isStreaming = useChatValue(isStreamingAtom);
  const [text, setText] = useState('');
  const was = useRef(isStreaming);
  useEffect(() => {
    if (isStreaming && !was.current) setText(chatText.answering);
    if (!isStreaming && was.current) setText(chatText.answerDone);
    was.current = isStreaming;
  }, [isStreaming]);
  return (
    <VisuallyHidden as="div" role="status">
      {text}
    </VisuallyHidden>
  );
}

interface ComposerProps {
  draft: string;
  setDraft: (value: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

function Composer({ draft, setDraft, textareaRef }: ComposerProps) {
  const send = useSetAtom(sendAtom);
  const stop = useSetAtom(stopAtom);
  const setSearchEnabled = useSetAtom(searchEnabledAtom);
  const isStreaming = useChatValue(isStreamingAtom);
  const searchEnabled = useChatValue(searchEnabledAtom);
  const returnedDraft = useChatValue(returnedDraftAtom);
  const models = useChatValue(modelsAtom);
  const selectedModelId = useChatValue(selectedModelIdAtom);
  const attached = useComposerFiles(returnedDraft?.files, returnedDraft?.seq);
  const { settle } = attached;
  useEffect(() => {
    if (!isStreaming) settle();
  }, [isStreaming, settle]);
  const model = models.items.find((item) => item.id === selectedModelId);
  const sendsImage = attached.files.some((file) => file.file.type.startsWith('image/'));
  const notice =
    sendsImage && model && model.supports_images === false ? chatText.visionWarning(model.name) : null;
  // Until the models load nothing is known: the switch stays usable rather than flashing unavailable.
  const searchAvailable = model ? model.web_search === true : models.status !== 'ready';
  return (
    <div className={styles.composer}>
      <ChatInput
        value={draft}
        onChange={setDraft}
        files={attached.files}
        onAddFiles={attached.add}
        onRemoveFile={attached.remove}
        uploadProgress={attached.progress}
        fileError={attached.error}
        fileNotice={notice}
        onSend={() => {
          if (attached.sendWith((files, onProgress) => send(draft, files, onProgress))) setDraft('');
        }}
        onStop={() => stop()}
        isStreaming={isStreaming}
        searchEnabled={searchEnabled && searchAvailable}
        onSearchChange={(enabled) => setSearchEnabled(enabled)}
        searchAvailable={searchAvailable}
        searchPrice={model?.search_price_credits ?? 0}
        autoFocus
        textareaRef={textareaRef}
      />
    </div>
  );
}

/** The home chat: model selector, error banner, the conversation or the welcome, the input. */
export function HomePage() {
  const start = useSetAtom(startChatAtom);
  const selectModel = useSetAtom(selectModelAtom);
  const loadModels = useSetAtom(loadModelsAtom);
  const dismissBanner = useSetAtom(dismissBannerAtom);
  const openSession = useSetAtom(openSessionAtom);
  const loadFile = useSetAtom(fileUrlAtom);
  const models = useChatValue(modelsAtom);
  const sessionsStatus = useChatValue(sessionsStatusAtom);
  const sessions = useChatValue(sessionsAtom);
  const selectedModelId = useChatValue(selectedModelIdAtom);
  const banner = useChatValue(bannerAtom);
  const conversation = useChatValue(conversationAtom);
  const currentSessionId = useChatValue(currentSessionIdAtom);
  const isStreaming = useChatValue(isStreamingAtom);
  const returnedDraft = useChatValue(returnedDraftAtom);
  const { user } = useCurrentUser();
  // Kept while only the balance changes (the user is fetched again after every turn): the questions re-render
  // only when the name or picture does.
  const userName = user ? user.nickname || user.email : null;
  const avatarUrl = user?.avatar_url ?? null;
  const chatUser = useMemo<ChatUser | null>(
    () => (userName === null ? null : { name: userName, avatarUrl }),
    [userName, avatarUrl],
  );
  const setComposerInput = useSetAtom(composerInputAtom);
  const navigate = useNavigate();
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
    start();
  }, [start]);
  useSessionRoute();

  // A new chat started from the sidebar puts the caret here (focusComposerAtom).
  useEffect(() => {
    setComposerInput(textarea);
    return () => setComposerInput(null);
  }, [setComposerInput]);

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
  const isMissing = conversation.status === 'missing';
  return (
    <FileLoaderContext.Provider value={loadFile}>
      <ChatUserContext.Provider value={chatUser}>
        <div className={styles.page}>
          <header className={styles.topBar}>
            <ModelSelector
              models={models.items}
              status={models.status}
              selectedId={selectedModelId}
              onSelect={(id) => selectModel(id)}
              isDisabled={isStreaming}
            />
            {currentSessionId && !isMissing ? (
              <ChatHeader
                sessionId={currentSessionId}
                title={sessions.items.find((s) => s.id === currentSessionId)?.title ?? null}
              />
            ) : null}
            {user ? (
              <Link
                to="/account"
                className={styles.balance}
                aria-label={chatText.balanceLabel(user.credits_balance)}
                data-testid="chat-balance"
              >
                {chatText.balance(user.credits_balance)}
              </Link>
            ) : null}
          </header>
          {models.status === 'error' ? (
            <Alert
              tone="danger"
              variant="banner"
              className={styles.banner}
              actionLabel={chatText.retry}
              onAction={() => void loadModels()}
            >
              {chatText.modelsLoadFailed}
            </Alert>
          ) : null}
          {banner ? (
            <Alert
              tone="danger"
              variant="banner"
              className={styles.banner}
              onDismiss={() => dismissBanner()}
              // A turn refused for 积分不足 offers the way to more credits, one click away.
              {...(banner.includes('积分不足')
                ? { actionLabel: chatText.getCredits, onAction: () => navigate(CREDITS_PATH) }
                : {})}
            >
              {banner}
            </Alert>
          ) : null}
          <div className={styles.body}>
            {conversation.status === 'loading' ? (
              <div className={styles.centered}>
                <Spinner label={chatText.loading} showLabel />
              </div>
            ) : isMissing ? (
              <div className={styles.centered}>
                <VisuallyHidden as="h1">{chatText.pageTitle}</VisuallyHidden>
                <EmptyState
                  title={chatText.chatMissing}
                  description={chatText.chatMissingHint}
                  action={
                    <Button
                      variant="primary"
                      iconStart={<PlusIcon />}
                      onPress={() => {
                        // The address leads: /home opens the new chat (useSessionRoute).
                        navigate(HOME_PATH);
                        requestAnimationFrame(() => textarea.current?.focus());
                      }}
                    >
                      {chatText.newChat}
                    </Button>
                  }
                />
              </div>
            ) : conversation.status === 'error' ? (
              <div className={styles.centered}>
                <Alert
                  tone="danger"
                  actionLabel={chatText.retry}
                  onAction={() => {
                    if (currentSessionId) void openSession(currentSessionId);
                  }}
                >
                  {chatText.historyLoadFailed}
                </Alert>
              </div>
            ) : isEmpty && currentSessionId === null ? (
              <Welcome onPick={pick} />
            ) : (
              <>
                {currentSessionId ? null : <VisuallyHidden as="h1">{chatText.pageTitle}</VisuallyHidden>}
                <MessageList />
              </>
            )}
          </div>
          {/* Nothing can be sent to a chat that is not there: the way on is 新建对话. */}
          {isMissing ? null : <Composer draft={draft} setDraft={setDraft} textareaRef={textarea} />}
          <StreamAnnouncer />
        </div>
      </ChatUserContext.Provider>
    </FileLoaderContext.Provider>
  );
}
