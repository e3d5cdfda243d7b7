import { AttachIcon, IconButton, Inline, SendIcon, StopIcon, Switch, Tooltip } from '@wanxiang/ui';
import { type KeyboardEvent, type Ref, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import * as styles from './ChatInput.css';
import { chatText } from './messages';

/** Spec 01 §9: the input grows up to 6 rows, then scrolls. */
export const INPUT_MAX_ROWS = 6;

export interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter (outside an IME composition) or the send button. */
  onSend: () => void;
  /** The stop button, shown instead of send while an answer streams. */
  onStop: () => void;
  isStreaming: boolean;
  searchEnabled: boolean;
  onSearchChange: (enabled: boolean) => void;
  /** Focus the text box when it mounts (the chat screen opens ready to type). */
  autoFocus?: boolean;
  /** The text box, for a parent that puts the caret in it (after a suggestion fills it). */
  textareaRef?: Ref<HTMLTextAreaElement | null>;
}

/**
 * The chat's input: a text box that grows to six rows, an attach control (attachments come later, so it
 * is shown disabled with 即将推出), the web-search switch and the send button that becomes stop while an
 * answer streams. Enter sends and Shift+Enter breaks the line, never while an IME is composing: the Enter
 * that picks a candidate in Pinyin input must not send the half-typed message.
 */
export function ChatInput({
  value,
  onChange,
  onSend,
  onStop,
  isStreaming,
  searchEnabled,
  onSearchChange,
  autoFocus = false,
  textareaRef,
}: ChatInputProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(textareaRef, () => textarea.current as HTMLTextAreaElement, []);
  const wasFocused = useRef(false);

  // Runs on every change of the text: the height follows the content, up to six rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `value` is the trigger, read through the DOM
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    const computed = getComputedStyle(element);
    const lineHeight = Number.parseFloat(computed.lineHeight) || 22;
    const padding = Number.parseFloat(computed.paddingTop) + Number.parseFloat(computed.paddingBottom);
    const max = lineHeight * INPUT_MAX_ROWS + padding;
    element.style.height = 'auto';
    const height = Math.min(element.scrollHeight, max);
    element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > max ? 'auto' : 'hidden';
  }, [value]);

  /*
   * Keyboard users keep their place. The text box is disabled while an answer streams, so whoever just
   * sent (Enter, or the send button, which is replaced) gets the stop button, and Enter or Space stops the
   * answer. When it ends the caret goes back to the text box, unless the user has gone elsewhere meanwhile.
   */
  const root = useRef<HTMLDivElement>(null);
  const handOff = useRef(false);
  useEffect(() => {
    if (isStreaming) {
      if (handOff.current) root.current?.querySelector<HTMLElement>('[data-stop]')?.focus();
      return;
    }
    handOff.current = false;
    const active = document.activeElement;
    const stillHere = active === null || active === document.body || root.current?.contains(active);
    if (wasFocused.current && stillHere) textarea.current?.focus();
    wasFocused.current = false;
  }, [isStreaming]);
  const send = () => {
    handOff.current = true;
    wasFocused.current = true;
    onSend();
  };

  useEffect(() => {
    if (autoFocus) textarea.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  const canSend = value.trim().length > 0 && !isStreaming;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229 is what Safari reports for the Enter that ends a composition.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (canSend) send();
  };

  return (
    <div ref={root} className={styles.root}>
      <textarea
        ref={textarea}
        className={styles.textarea}
        rows={1}
        value={value}
        disabled={isStreaming}
        aria-label={chatText.inputLabel}
        placeholder={chatText.inputPlaceholder}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // Disabling the box blurs it; remember that the user was typing there.
          if (isStreaming) wasFocused.current = true;
        }}
      />
      <Inline gap="sm" justify="between">
        <Inline gap="md">
          <Tooltip content={chatText.comingSoon}>
            <IconButton
              aria-label={chatText.attach}
              aria-disabled="true"
              className={styles.unavailable}
              size="sm"
              onPress={() => {}}
            >
              <AttachIcon />
            </IconButton>
          </Tooltip>
          <Switch isSelected={searchEnabled} onChange={onSearchChange} isDisabled={isStreaming}>
            {chatText.webSearch}
          </Switch>
        </Inline>
        {isStreaming ? (
          /*
           * Keyed apart: the send button's tooltip must not inherit the stop button's open state. The focus
           * handed to stop is ours, not the user's: its tooltip would hang over the input all answer long.
           */
          <Tooltip key="stop" content={chatText.stop} isDisabled={handOff.current}>
            <IconButton
              aria-label={chatText.stop}
              variant="secondary"
              shape="circle"
              onPress={onStop}
              data-stop=""
            >
              <StopIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip key="send" content={chatText.send}>
            <IconButton
              aria-label={chatText.send}
              variant="primary"
              shape="circle"
              isDisabled={!canSend}
              onPress={send}
            >
              <SendIcon />
            </IconButton>
          </Tooltip>
        )}
      </Inline>
    </div>
  );
}
