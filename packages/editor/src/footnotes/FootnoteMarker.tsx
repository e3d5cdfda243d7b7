import { t } from '../i18n/zh-CN';
import { useFootnotes } from './FootnoteContext';
import { footnoteMarker } from './numbering';

/** The marker in the text: a circled number that activates its note. */
export function FootnoteMarker({ id }: { id: string }) {
  const { numbers, activeId, setActive } = useFootnotes();
  const n = numbers.get(id);
  const marker = n === undefined ? '*' : footnoteMarker(n);
  return (
    <sup className="wx-ed-footnote-marker" data-footnote-id={id} data-active={activeId === id || undefined}>
      <button
        type="button"
        className="wx-ed-footnote-button"
        tabIndex={-1}
        aria-label={t.footnote.label(marker)}
        onMouseDown={(event) => {
          // Keep the caret where it is: the marker is not text.
          event.preventDefault();
          setActive(id);
        }}
      >
        {marker}
      </button>
    </sup>
  );
}
