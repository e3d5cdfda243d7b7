import { SpinnerGlyph } from '@wanxiang/ui';
import { memo, useEffect, useState } from 'react';
import * as styles from './Message.css';
import { CopyButton, Markdown } from './markdown/Markdown';
import { chatText } from './messages';
import { formatClock } from './state/format';
import type { ChatMessage } from './state/types';

/** Spinner and mm:ss since the question was sent, until the first words arrive (spec 01 §4). */
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

export interface MessageViewProps {
  message: ChatMessage;
}

/**
 * One message. The user's text is shown as typed, with a copy button under it; the answer is Markdown, with a spinner and timer
 * until its first words, its error in bold, and its cost and a copy button once it has ended.
 */
export const MessageView = memo(function MessageView({ message }: MessageViewProps) {
  if (message.role === 'user') {
    return (
      <article className={styles.userRow} aria-label={chatText.you}>
        <div className={styles.userBubble}>{message.text}</div>
        {message.text ? (
          <footer className={styles.userMeta}>
            <CopyButton label={chatText.copyQuestion} getText={() => message.text} />
          </footer>
        ) : null}
      </article>
    );
  }
  const isStreaming = message.status === 'streaming';
  const isEmpty = !message.text && message.images.length === 0;
  return (
    <article className={styles.assistantRow} aria-label={chatText.assistant} aria-busy={isStreaming}>
      {isStreaming && isEmpty && message.startedAt !== null ? (
        <ThinkingTimer startedAt={message.startedAt} />
      ) : null}
      {message.text ? <Markdown text={message.text} status={message.status} /> : null}
      {message.images.map((image, index) => (
        <img
          // biome-ignore lint/suspicious/noArrayIndexKey: images are only appended
          key={index}
          className={styles.image}
          src={image.src}
          alt={chatText.generatedImage}
          loading="lazy"
        />
      ))}
      {message.error ? <p className={styles.error}>{chatText.messageError(message.error)}</p> : null}
      {isStreaming ? null : (
        <footer className={styles.meta}>
          {message.modelName ? <span>{message.modelName}</span> : null}
          {message.status === 'stopped' ? <span>{chatText.stopped}</span> : null}
          {message.credits !== null ? <span>{chatText.creditsUsed(message.credits)}</span> : null}
          {message.text ? <CopyButton label={chatText.copy} getText={() => message.text} /> : null}
        </footer>
      )}
    </article>
  );
});
