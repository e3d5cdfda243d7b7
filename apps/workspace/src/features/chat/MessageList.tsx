import { ChevronDownIcon, IconButton } from '@wanxiang/ui';
import { useSetAtom } from 'jotai';
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { VList, type VListHandle } from 'virtua';
import * as styles from './HomePage.css';
import { type MessageActions, MessageView } from './Message';
import { chatText } from './messages';
import { readScrollPlace, writeScrollPlace } from './route/scrollMemory';
import { focusComposerAtom } from './state/composer';
import { currentSessionIdAtom, messageIdsAtom } from './state/conversation';
import { useChatMessage, useChatValue } from './state/hooks';
import { selectVersionAtom } from './state/openChat';
import { editAtom, isStreamingAtom, regenerateAtom } from './state/running';

/** Within this many pixels of the end the list counts as "at the bottom" and follows the answer. */
export const STICK_THRESHOLD_PX = 80;

const GrowContext = createContext<() => void>(() => {});

/**
 * One row: subscribes to its own message, so a streaming answer re-renders only itself (and every row
 * once when an answer starts or ends, for its buttons). A stored question can be edited; the last stored
 * answer regenerated; either paged through its versions.
 */
const MessageRow = memo(function MessageRow({ id, isLast }: { id: string; isLast: boolean }) {
  const message = useChatMessage(id);
  const selectVersion = useSetAtom(selectVersionAtom);
  const edit = useSetAtom(editAtom);
  const regenerate = useSetAtom(regenerateAtom);
  const isBusy = useChatValue(isStreamingAtom);
  // The pressed control's row gives way to the new version's: the keyboard goes on from the input.
  const focusComposer = useSetAtom(focusComposerAtom);
  const onGrow = useContext(GrowContext);
  useLayoutEffect(() => {
    if (message) onGrow();
  }, [message, onGrow]);
  if (!message) return null;
  const stored = Boolean(message.serverId);
  const actions: MessageActions = {
    isBusy,
    onSelectVersion: (version) => void selectVersion(version),
    ...(stored && message.role === 'user'
      ? {
          onEdit: (text: string) => {
            const sent = edit(id, text);
            if (sent) focusComposer();
            return sent;
          },
        }
      : {}),
    ...(stored && isLast && message.role === 'assistant'
      ? { onRegenerate: () => regenerate(id) && focusComposer() }
      : {}),
  };
  return (
    <div className={styles.row}>
      <MessageView message={message} actions={actions} />
    </div>
  );
});

/**
 * The conversation, virtualized (virtua): only the messages on screen are in the DOM, so a session of
 * hundreds of turns scrolls and streams like a short one. It follows a streaming answer only while the
 * reader is at the bottom; scrolling up to re-read stops that, and a button brings them back.
 */
export function MessageList() {
  const ids = useChatValue(messageIdsAtom);
  const sessionId = useChatValue(currentSessionIdAtom);
  const sessionRef = useRef(sessionId);
  sessionRef.current = sessionId;
  const list = useRef<VListHandle>(null);
  const stick = useRef(true);
  const lastOffset = useRef(0);
  const [atBottom, setAtBottom] = useState(true);
  const count = useRef(ids.length);
  count.current = ids.length;

  const scrollToEnd = useCallback(() => {
    const handle = list.current;
    if (handle && count.current > 0) handle.scrollToIndex(count.current - 1, { align: 'end' });
  }, []);

  /*
   * Following a growing answer: scrolling right away would force a second layout inside the frame that
   * just changed the text. Scrolling at the start of the next frame, when the layout is still clean, costs
   * nothing but the scroll itself; one frame of lag (16 ms) is invisible.
   */
  const followFrame = useRef(0);
  const onGrow = useCallback(() => {
    if (!stick.current || followFrame.current) return;
    followFrame.current = requestAnimationFrame(() => {
      followFrame.current = 0;
      const handle = list.current;
      if (stick.current && handle) handle.scrollTo(handle.scrollSize);
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(followFrame.current), []);

  // A message the user just sent always brings the view to the end; a chat opened again (a reload, back)
  // comes back to where its reader was.
  const lastCount = useRef(0);
  useLayoutEffect(() => {
    const place = lastCount.current === 0 && sessionId ? readScrollPlace(sessionId) : null;
    if (place && place.index < ids.length) {
      stick.current = false;
      setAtBottom(false);
      list.current?.scrollToIndex(place.index, { offset: place.offset });
    } else if (ids.length > lastCount.current) {
      stick.current = true;
      setAtBottom(true);
      scrollToEnd();
    }
    lastCount.current = ids.length;
  }, [ids.length, scrollToEnd, sessionId]);

  // Written at most once a frame, whatever the scroll events' rate.
  const placeFrame = useRef(0);
  const rememberPlace = (offset: number) => {
    if (placeFrame.current) return;
    placeFrame.current = requestAnimationFrame(() => {
      placeFrame.current = 0;
      const handle = list.current;
      const id = sessionRef.current;
      if (!handle || !id) return;
      if (stick.current) {
        writeScrollPlace(id, null);
        return;
      }
      const index = handle.findItemIndex(offset);
      writeScrollPlace(id, { index, offset: Math.round(offset - handle.getItemOffset(index)) });
    });
  };
  useEffect(() => () => cancelAnimationFrame(placeFrame.current), []);

  return (
    <GrowContext.Provider value={onGrow}>
      <VList
        ref={list}
        data={ids}
        className={styles.list}
        aria-label={chatText.messageList}
        role="region"
        // A scrolling region must be reachable by keyboard to be scrolled with the arrow keys.
        tabIndex={0}
        onScroll={(offset) => {
          const handle = list.current;
          if (!handle) return;
          // Only the reader moving up lets go of the bottom: an answer growing under the view (a code
          // block can add 100 px at once) leaves the offset where it was, so it never counts as leaving.
          if (handle.scrollSize - handle.viewportSize - offset <= STICK_THRESHOLD_PX) stick.current = true;
          else if (offset < lastOffset.current - 1) stick.current = false;
          lastOffset.current = offset;
          setAtBottom(stick.current);
          rememberPlace(offset);
        }}
      >
        {(id: string, index: number) => <MessageRow key={id} id={id} isLast={index === ids.length - 1} />}
      </VList>
      {atBottom ? null : (
        <IconButton
          aria-label={chatText.scrollToBottom}
          variant="secondary"
          shape="circle"
          className={styles.scrollButton}
          onPress={() => {
            stick.current = true;
            setAtBottom(true);
            scrollToEnd();
          }}
        >
          <ChevronDownIcon />
        </IconButton>
      )}
    </GrowContext.Provider>
  );
}
