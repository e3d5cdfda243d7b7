import { ChevronLeftIcon, ChevronRightIcon, IconButton, VisuallyHidden } from '@wanxiang/ui';
import { useId, useLayoutEffect, useRef } from 'react';
import { chatText } from '../messages';
import { keepPagerFocus, requestPagerFocus, takePagerFocus } from './focus';
import * as styles from './versions.css';

export interface VersionPagerProps {
  /** The ids of the message's versions, oldest first. */
  versions: readonly string[];
  /** The id of the version on screen (one of `versions`). */
  current: string;
  /** What the versions are of: 回答版本 or 问题版本 (the group's name). */
  label: string;
  onSelect: (id: string) => void;
  /** An answer is streaming: paging waits for it. */
  isDisabled?: boolean;
}

/**
 * ‹ 2/3 ›: pages through a message's versions. The buttons are named 上一个版本 / 下一个版本 and
 * described by the counter, which is also a live region, so the new position is announced.
 */
export function VersionPager({ versions, current, label, onSelect, isDisabled = false }: VersionPagerProps) {
  const index = versions.indexOf(current);
  const counterId = useId();
  const group = useRef<HTMLDivElement>(null);
  const hasPrevious = index > 0;
  const hasNext = index >= 0 && index < versions.length - 1;

  // The version the user paged to takes the focus back (its pager is a new one: see focus.ts). The
  // conversation may be laid out again right after (its rows read once more from the server): a pager
  // that goes while it holds the focus hands the request on to the version's next pager, unless the user
  // has paged on meanwhile. A layout effect, so that its cleanup runs while the button is still in the
  // page and can be asked.
  useLayoutEffect(() => {
    const asked = takePagerFocus(current);
    if (!asked) return;
    const previous = asked === 'previous' ? hasPrevious : !hasNext;
    const name = previous ? chatText.previousVersion : chatText.nextVersion;
    const button = group.current?.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
    button?.focus();
    return () => {
      if (button && button === document.activeElement) keepPagerFocus(current, asked);
    };
  }, [current, hasPrevious, hasNext]);

  if (index < 0 || versions.length < 2) return null;
  const go = (to: number, button: 'previous' | 'next') => {
    const id = versions[to];
    if (!id) return;
    requestPagerFocus(id, button);
    onSelect(id);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of controls, not a form fieldset
    <div ref={group} role="group" aria-label={label} className={styles.pager}>
      <IconButton
        size="sm"
        aria-label={chatText.previousVersion}
        aria-describedby={counterId}
        isDisabled={isDisabled || !hasPrevious}
        onPress={() => go(index - 1, 'previous')}
      >
        <ChevronLeftIcon />
      </IconButton>
      <span id={counterId} className={styles.counter} role="status">
        <span aria-hidden="true">
          {index + 1}/{versions.length}
        </span>
        <VisuallyHidden>{chatText.versionCounter(index + 1, versions.length)}</VisuallyHidden>
      </span>
      <IconButton
        size="sm"
        aria-label={chatText.nextVersion}
        aria-describedby={counterId}
        isDisabled={isDisabled || !hasNext}
        onPress={() => go(index + 1, 'next')}
      >
        <ChevronRightIcon />
      </IconButton>
    </div>
  );
}
