import { ATTACHMENT_ACCEPT } from '@wanxiang/api-client';
import {
  AttachButton,
  IconButton,
  Inline,
  SendIcon,
  StopIcon,
  Switch,
  Tooltip,
  useFileDrop,
  VisuallyHidden,
} from '@wanxiang/ui';
import {
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { AttachmentChips, type PendingFile } from './attachments/AttachmentChips';
import * as attachmentStyles from './attachments/attachments.css';
import * as styles from './ChatInput.css';
import { chatText } from './messages';

/** The input grows up to 6 rows, then scrolls. */
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
  /**
   * Whether the server can search the web (a search provider is configured). When it cannot, the switch
   * is shown off and unusable, with a tooltip that says why, rather than pretending to search.
   * @default true
   */
  searchAvailable?: boolean;
  /** Credits one search costs, named in the switch's tooltip (0: free). */
  searchPrice?: number;
  /** Focus the text box when it mounts (the chat screen opens ready to type). */
  autoFocus?: boolean;
  /** The text box, for a parent that puts the caret in it (after a suggestion fills it). */
  textareaRef?: Ref<HTMLTextAreaElement | null>;
  /** The files chosen for the next message (shown as chips). */
  files?: readonly PendingFile[];
  /** Files picked, pasted or dropped; the parent checks them. */
  onAddFiles?: (files: File[]) => void;
  onRemoveFile?: (id: string) => void;
  /** 0–1 while the chosen files are being sent; null otherwise. */
  uploadProgress?: number | null;
  /** Why files were refused (the attachment check's texts joined with '；'). */
  fileError?: string | null;
  /** Said before sending an image to a model that cannot see it. */
  fileNotice?: string | null;
}

/** Touch screens (a phone) have no Shift+Enter to speak of: the placeholder does not mention keys there. */
const TOUCH_QUERY = '(pointer: coarse)';

function useTouchPlaceholder(): string {
  const isTouch = useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(TOUCH_QUERY);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(TOUCH_QUERY).matches,
    () => false,
  );
  return isTouch ? chatText.inputPlaceholderTouch : chatText.inputPlaceholder;
}

/**
 * The chat's input: a text box that grows to six rows, the chosen files as chips (picked with the attach
 * control, pasted or dropped on the input), the web-search switch and the send button that becomes stop while an
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
  searchAvailable = true,
  searchPrice = 0,
  autoFocus = false,
  textareaRef,
  files = [],
  onAddFiles,
  onRemoveFile,
  uploadProgress = null,
  fileError = null,
  fileNotice = null,
}: ChatInputProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(textareaRef, () => textarea.current as HTMLTextAreaElement, []);

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
   * The text box stays editable while an answer streams: the next question can be written meanwhile, and
   * only sending waits (Enter does nothing until the answer ends). The caret goes to the text box after
   * sending (the send button it was on is replaced by stop), and Escape there stops the answer.
   */
  const root = useRef<HTMLDivElement>(null);
  const unavailableReason = useId();
  /*
   * A touch has no hover, so the tooltips that say what 联网搜索 does (or why it is not there) never show
   * on a phone: a tap on the switch says it in a note floated just above the input instead (floated, so
   * that the input does not grow and move the switch from under the finger), until the next keystroke or
   * send.
   */
  const [searchNote, setSearchNote] = useState<string | null>(null);
  const explainOnTouch = (note: string) => ({
    onPointerUp: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') setSearchNote(note);
    },
  });
  const searchExplained = searchPrice > 0 ? chatText.webSearchPrice(searchPrice) : chatText.webSearchHint;
  const send = () => {
    setSearchNote(null);
    onSend();
    textarea.current?.focus({ preventScroll: true });
  };
  const placeholder = useTouchPlaceholder();

  useEffect(() => {
    if (autoFocus) textarea.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  // Files alone may be sent, once they are not already on their way.
  const canSend = (value.trim().length > 0 || files.length > 0) && uploadProgress === null && !isStreaming;

  const { dragging, dropProps, onPaste } = useFileDrop(onAddFiles ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && isStreaming) {
      event.preventDefault();
      onStop();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229 is what Safari reports for the Enter that ends a composition.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (canSend) send();
  };

  return (
    // A drop target for files (dropProps); the keyboard's way is the attach button.
    <div ref={root} className={styles.root} {...dropProps}>
      <AttachmentChips files={files} progress={uploadProgress} onRemove={(id) => onRemoveFile?.(id)} />
      {fileError ? (
        <p className={attachmentStyles.error} role="alert">
          {fileError}
        </p>
      ) : null}
      {fileNotice ? (
        <p className={attachmentStyles.notice} role="status">
          {fileNotice}
        </p>
      ) : null}
      {dragging ? <p className={attachmentStyles.notice}>{chatText.dropHint}</p> : null}
      <textarea
        ref={textarea}
        className={styles.textarea}
        rows={1}
        value={value}
        aria-label={chatText.inputLabel}
        placeholder={placeholder}
        onChange={(event) => {
          setSearchNote(null);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <Inline gap="sm" justify="between">
        <Inline gap="md">
          <AttachButton
            label={chatText.attach}
            accept={ATTACHMENT_ACCEPT}
            isDisabled={!onAddFiles || uploadProgress !== null}
            onFiles={(picked) => onAddFiles?.(picked)}
          />
          {searchAvailable ? (
            <Tooltip content={searchExplained}>
              <Switch
                isSelected={searchEnabled}
                onChange={onSearchChange}
                isDisabled={isStreaming}
                {...explainOnTouch(searchExplained)}
              >
                {chatText.webSearch}
              </Switch>
            </Tooltip>
          ) : (
            /*
             * Read-only rather than disabled: a disabled control takes no focus and, in react-aria, no hover,
             * so neither the pointer nor the keyboard would reach the tooltip that says why. A read-only
             * switch stays a focus stop and a hover target, cannot be turned on, and carries the reason as
             * its description, so a screen reader announces it with the switch, tooltip open or not.
             */
            <>
              <Tooltip content={chatText.webSearchUnavailable}>
                <Switch
                  isSelected={false}
                  isReadOnly
                  className={styles.unavailable}
                  aria-describedby={unavailableReason}
                  data-search-unavailable=""
                  {...explainOnTouch(chatText.webSearchUnavailable)}
                >
                  {chatText.webSearch}
                </Switch>
              </Tooltip>
              <VisuallyHidden id={unavailableReason}>{chatText.webSearchUnavailable}</VisuallyHidden>
            </>
          )}
        </Inline>
        {isStreaming ? (
          /*
           * Keyed apart: the send button's tooltip must not inherit the stop button's open state. The focus
           * handed to stop is ours, not the user's: its tooltip would hang over the input all answer long.
           */
          <Tooltip key="stop" content={chatText.stop}>
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
      {searchNote ? (
        <p className={styles.searchNote} role="status">
          {searchNote}
        </p>
      ) : null}
    </div>
  );
}
