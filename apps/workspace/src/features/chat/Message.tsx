import { CopyButton, Markdown } from '@wanxiang/markdown';
import { Avatar, IconButton, SpinnerGlyph, Tooltip } from '@wanxiang/ui';
import { useAtom } from 'jotai';
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFileLoader } from './attachments/loader';
import { MessageFiles } from './attachments/MessageFiles';
import { useChatUser } from './chatUser';
import * as styles from './Message.css';
import { chatText } from './messages';
import { SearchStep, SourceList } from './search/SearchSources';
import { formatClock } from './state/format';
import type { ChatFile, ChatImage, ChatMessage } from './state/types';
import { questionEditAtom } from './versions/editing';
import { EditIcon, RegenerateIcon } from './versions/icons';
import { QuestionEditor } from './versions/QuestionEditor';
import { VersionPager } from './versions/VersionPager';

/** Spinner and mm:ss since the question was sent, until the first words arrive. */
export function ThinkingTimer({ startedAt, now = Date.now }: { startedAt: number; now?: () => number }) {
  const [elapsed, setElapsed] = useState(() => now() - startedAt);
  useEffect(() => {
    const tick = () => setElapsed(now() - startedAt);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [startedAt, now]);
  return (
    <span className={styles.thinking}>
      <SpinnerGlyph size="sm" />
      <span>{chatText.thinking}</span>
      <span className={styles.clock} role="timer" aria-label={chatText.thinkingTimer(formatClock(elapsed))}>
        {formatClock(elapsed)}
      </span>
    </span>
  );
}

/** What the user can do with a message besides copying it; absent: nothing (a story, an export). */
export interface MessageActions {
  /** 重新生成: offered on the last answer once it is stored. */
  onRegenerate?: () => void;
  /** 编辑: sends the new text in place of this question; false when it could not be sent. */
  onEdit?: (text: string) => boolean;
  /** Pages to another version (one of the message's `versions`). */
  onSelectVersion?: (id: string) => void;
  /** An answer is streaming: nothing can be sent, regenerated or paged until it ends. */
  isBusy?: boolean;
}

export interface MessageViewProps {
  message: ChatMessage;
  actions?: MessageActions;
}

function Pager({
  message,
  actions,
  label,
}: {
  message: ChatMessage;
  actions?: MessageActions;
  label: string;
}) {
  const versions = message.versions;
  if (!versions || versions.length < 2 || !actions?.onSelectVersion) return null;
  return (
    <VersionPager
      versions={versions}
      current={message.serverId ?? message.id}
      label={label}
      onSelect={actions.onSelectVersion}
      isDisabled={actions.isBusy ?? false}
    />
  );
}

/**
 * The user's question: its bubble, or the editor while 编辑 is open; copy, edit and its versions. Beside it
 * at its top, the user's badge (their picture or monogram), decorative and outside the article: the
 * article already says 你, which the nickname would only repeat on every question, and its text stays the
 * question's alone.
 */
function Question({ message, actions }: MessageViewProps) {
  const [edit, setEdit] = useAtom(questionEditAtom);
  const loadFile = useFileLoader();
  const user = useChatUser();
  const editing = edit?.id === message.id;
  const row = useRef<HTMLElement>(null);
  const onEdit = actions?.onEdit;
  const closeEditor = () => {
    setEdit(null);
    // Back to the button that opened it.
    requestAnimationFrame(() =>
      row.current?.querySelector<HTMLButtonElement>(`button[aria-label="${chatText.edit}"]`)?.focus(),
    );
  };
  return (
    <div className={styles.userRow}>
      <article ref={row} className={styles.userContent} aria-label={chatText.you}>
        {editing && onEdit ? (
          <QuestionEditor
            text={edit.text}
            autoFocus={edit.justOpened}
            onChange={(text) => setEdit({ id: message.id, text, justOpened: false })}
            isBusy={actions?.isBusy ?? false}
            onCancel={closeEditor}
            onSend={(text) => {
              const sent = onEdit(text);
              if (sent) setEdit(null);
              return sent;
            }}
          />
        ) : (
          <>
            <MessageFiles files={message.files} loadUrl={loadFile} />
            {message.text ? <div className={styles.userBubble}>{message.text}</div> : null}
          </>
        )}
        {message.text && !editing ? (
          <footer className={styles.userMeta}>
            <Pager message={message} actions={actions} label={chatText.questionVersions} />
            {onEdit ? (
              <Tooltip content={chatText.edit}>
                <IconButton
                  aria-label={chatText.edit}
                  size="sm"
                  onPress={() => setEdit({ id: message.id, text: message.text, justOpened: true })}
                >
                  <EditIcon />
                </IconButton>
              </Tooltip>
            ) : null}
            <CopyButton label={chatText.copyQuestion} getText={() => message.text} />
          </footer>
        ) : null}
      </article>
      {user ? <Avatar name={user.name} src={user.avatarUrl} size="lg" /> : null}
    </div>
  );
}

/** Where 获取积分 leads: the account's 充值 tab. */
export const CREDITS_PATH = '/account/credits';

/**
 * A generated image as a message file: a stored one is fetched with the user's token, one this tab received
 * in the stream (or an old answer's inline one) is shown from its data: address as it is.
 */
function imageFile(image: ChatImage, index: number): ChatFile {
  const name = chatText.generatedImageNumbered(index + 1);
  const type = image.mimeType ?? 'image/*';
  return image.url ? { name, type, url: image.url } : { name, type, localUrl: image.src };
}

/**
 * One message. The user's text is shown as typed, with a copy button under it; the answer is Markdown, with a spinner and timer
 * until its first words, its error in bold, and its cost and a copy button once it has ended.
 */
export const MessageView = memo(function MessageView({ message, actions }: MessageViewProps) {
  const loadFile = useFileLoader();
  if (message.role === 'user') return <Question message={message} actions={actions} />;
  const isStreaming = message.status === 'streaming';
  const isEmpty = !message.text && message.images.length === 0;
  return (
    <article className={styles.assistantRow} aria-label={chatText.assistant} aria-busy={isStreaming}>
      {message.search ? <SearchStep search={message.search} /> : null}
      {isStreaming && isEmpty && message.startedAt !== null && message.search?.status !== 'searching' ? (
        <ThinkingTimer startedAt={message.startedAt} />
      ) : null}
      {message.text ? (
        <Markdown text={message.text} status={message.status} sources={message.sources} />
      ) : null}
      {message.images.length > 0 ? (
        <MessageFiles files={message.images.map(imageFile)} loadUrl={loadFile} placement="answer" />
      ) : null}
      {message.notices?.map((notice) => (
        <p key={notice} className={styles.notice} role="note">
          {notice}
        </p>
      ))}
      {message.creditsLimited && !isStreaming ? (
        <p className={styles.creditsLimited} role="note">
          {chatText.creditsLimited}
          <Link to={CREDITS_PATH} className={styles.creditsLink}>
            {chatText.getCredits}
          </Link>
        </p>
      ) : null}
      {message.error ? <p className={styles.error}>{chatText.messageError(message.error)}</p> : null}
      {message.sources?.length ? <SourceList sources={message.sources} /> : null}
      {isStreaming ? null : (
        <footer className={styles.meta}>
          <Pager message={message} actions={actions} label={chatText.answerVersions} />
          {message.modelName ? <span>{message.modelName}</span> : null}
          {message.status === 'stopped' ? <span>{chatText.stopped}</span> : null}
          {message.credits !== null ? <span>{chatText.creditsUsed(message.credits)}</span> : null}
          {message.text ? <CopyButton label={chatText.copy} getText={() => message.text} /> : null}
          {actions?.onRegenerate ? (
            <Tooltip content={chatText.regenerate}>
              <IconButton
                aria-label={chatText.regenerate}
                size="sm"
                isDisabled={actions.isBusy ?? false}
                onPress={actions.onRegenerate}
              >
                <RegenerateIcon />
              </IconButton>
            </Tooltip>
          ) : null}
        </footer>
      )}
    </article>
  );
});
