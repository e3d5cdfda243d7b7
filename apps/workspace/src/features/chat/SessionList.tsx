import { Button } from '@wanxiang/ui';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Virtualizer } from 'virtua';
import { HistoryRow } from './HistoryRow';
import { chatText } from './messages';
import * as styles from './sidebar.css';
import { groupByTime, nextMidnight } from './state/timeGroups';
import type { ChatSessionSummary } from './state/types';

/** A history row's height before it is measured (a NavLink of the md control size and its gap). */
export const SESSION_ROW_PX = 38;
/** The next page loads when its button comes within this distance of the sidebar's visible end. */
export const LOAD_AHEAD_PX = 240;

export interface SessionListProps {
  sessions: readonly ChatSessionSummary[];
  currentId: string | null;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (id: string) => void;
  onDelete: (id: string) => Promise<void>;
  onRename?: (id: string, title: string) => Promise<void>;
  onPin?: (id: string, pinned: boolean) => void;
  /** A search's text: results are listed as found (no groups), their matches marked. */
  query?: string;
  /** The moment the groups are seen from; by default the clock, moved on at each local midnight. */
  now?: Date;
}

/** One item of the virtualized list: a group's heading or a session under it. */
type HistoryItem =
  | { kind: 'heading'; key: string; label: string; isFirst: boolean }
  | { kind: 'session'; key: string; session: ChatSessionSummary };

/** The current time, renewed at each local midnight so that 今天 becomes 昨天 on a page left open. */
function useToday(fixed: Date | undefined): Date {
  const [today, setToday] = useState(() => new Date());
  useEffect(() => {
    if (fixed) return;
    const timer = setTimeout(() => setToday(new Date()), nextMidnight(today).getTime() - Date.now() + 1000);
    return () => clearTimeout(timer);
  }, [fixed, today]);
  return fixed ?? today;
}

/** The nearest ancestor that scrolls vertically: the sidebar's navigation. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * The history's rows under time headings (今天, 昨天, 最近 7 天, 最近 30 天, then months, by updated_at),
 * virtualized: a user with thousands of sessions has in the DOM only the rows the
 * sidebar shows (and a screenful around them). The list scrolls with the whole sidebar, so the
 * virtualizer follows the sidebar's scroller and is told how far down it the list starts; that offset
 * changes when a group above it opens or closes. The next page loads by itself as its button scrolls into
 * view; the button stays for keyboard and screen-reader users.
 */
export function SessionList({
  sessions,
  currentId,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onOpen,
  onDelete,
  onRename,
  onPin,
  query = '',
  now: fixedNow,
}: SessionListProps) {
  const now = useToday(fixedNow);
  // Headings are items of the virtualized list like the rows: the list stays one flat, windowed run.
  const items = useMemo(() => {
    const out: HistoryItem[] = [];
    // A search's results are in the server's order, under no heading.
    if (query) return sessions.map((session): HistoryItem => ({ kind: 'session', key: session.id, session }));
    // Pinned chats on top under their own heading, then the rest by time.
    const pinned = sessions.filter((s) => s.pinned);
    if (pinned.length > 0) {
      out.push({ kind: 'heading', key: 'group:pinned', label: chatText.pinnedGroup, isFirst: true });
      for (const session of pinned) out.push({ kind: 'session', key: session.id, session });
    }
    const rest = pinned.length > 0 ? sessions.filter((s) => !s.pinned) : sessions;
    for (const group of groupByTime(rest, (s) => s.updated_at, now)) {
      out.push({ kind: 'heading', key: `group:${group.id}`, label: group.label, isFirst: out.length === 0 });
      for (const session of group.items) out.push({ kind: 'session', key: session.id, session });
    }
    return out;
  }, [sessions, now, query]);
  const list = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const more = useRef<HTMLDivElement>(null);
  const [startMargin, setStartMargin] = useState(0);
  // The virtualizer reads its scroller once, when it mounts: it mounts after the scroller is found.
  const [hasScroller, setHasScroller] = useState(false);

  const measure = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const parent = scrollParent(element);
    scroller.current = parent;
    setHasScroller(parent !== null);
    if (!parent) return;
    measure.current = () => {
      const offset =
        element.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop;
      setStartMargin(Math.max(0, Math.round(offset)));
    };
    measure.current();
    /*
     * What sits above the list (the 办公 and 财富 groups, the 历史会话 title) changes size when a group
     * toggles. Only what is above is watched: a box that holds the list grows as the virtualizer measures
     * its rows (a heading is not a row's height), and watching it would re-enter the observers' loop.
     */
    const observer = new ResizeObserver(() => measure.current());
    for (let node: Element = element; node !== parent && node.parentElement; node = node.parentElement) {
      for (let before = node.previousElementSibling; before; before = before.previousElementSibling) {
        observer.observe(before);
      }
    }
    return () => observer.disconnect();
  }, []);
  // A note shown above the list (a failed page, the search field) moves it without resizing anything
  // watched; such a note comes and goes with the history's state, so a change of that state measures
  // again. Not every render: the shell renders the list on each navigation, and reading the rectangles
  // then would lay the new page out before its first frame only to lay it out again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the history's state is the trigger
  useLayoutEffect(() => measure.current(), [sessions, hasMore, isLoadingMore, query]);

  const latest = useRef({ hasMore, isLoadingMore, onLoadMore });
  latest.current = { hasMore, isLoadingMore, onLoadMore };
  // Re-observed when a page arrives (the button may still be in view: then the next page is wanted too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: hasScroller and sessions.length are triggers
  useEffect(() => {
    const target = more.current;
    if (!target || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: canLoad, isLoadingMore: busy, onLoadMore: load } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && canLoad && !busy) load();
      },
      { root: scroller.current, rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, hasScroller, sessions.length]);

  return (
    <>
      <div ref={list} className={styles.sessionList}>
        {hasScroller ? (
          <Virtualizer data={items} scrollRef={scroller} startMargin={startMargin} itemSize={SESSION_ROW_PX}>
            {(item: HistoryItem) =>
              item.kind === 'heading' ? (
                // A level-3 heading under the 历史会话 group's level-2 one: screen readers jump between them.
                <h3 key={item.key} className={styles.groupHeading} data-first={item.isFirst || undefined}>
                  {item.label}
                </h3>
              ) : (
                <div key={item.key} className={styles.sessionRow}>
                  <HistoryRow
                    session={item.session}
                    isCurrent={item.session.id === currentId}
                    onOpen={onOpen}
                    onDelete={onDelete}
                    {...(onRename ? { onRename } : {})}
                    {...(onPin ? { onPin } : {})}
                    query={query}
                  />
                </div>
              )
            }
          </Virtualizer>
        ) : null}
      </div>
      {hasMore ? (
        <div ref={more}>
          <Button size="sm" variant="ghost" isFullWidth isPending={isLoadingMore} onPress={onLoadMore}>
            {chatText.historyMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}
