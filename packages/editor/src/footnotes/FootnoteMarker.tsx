import { t } from '../i18n/zh-CN';
import { useFootnotes } from './FootnoteContext';
import type { NoteKind } from './numbering';

/** The marker in the text: the note's number, in its kind's style, that activates its note. */
export function FootnoteMarker({ id, kind }: { id: string; kind: NoteKind }) {
  const { markers, activeId, setActive } = useFootnotes();
  const marker = markers.get(id) ?? '*';
  return (
    <sup
      className="wx-ed-footnote-marker"
      data-footnote-id={id}
      data-note-kind={kind}
      data-active={activeId === id || undefined}
    >
      <button
        type="button"
        className="wx-ed-footnote-button"
        tabIndex={-1}
        aria-label={kind === 'endnote' ? t.notes.endnoteLabel(marker) : t.footnote.label(marker)}
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
