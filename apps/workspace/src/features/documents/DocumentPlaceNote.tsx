import { clsx } from 'clsx';
import { t } from '../../i18n/zh-CN';
import * as css from './CloudDocuments.css';
import type { DocumentPlace } from './documentListing';

const m = t.cloudDocs;

const PLACE: Record<DocumentPlace, [string, 'success' | 'warning' | 'neutral']> = {
  cloud: [m.placeCloud, 'success'],
  new: [m.placeCloud, 'success'],
  waiting: [m.placeWaiting, 'warning'],
  local: [m.placeLocal, 'neutral'],
};

/** Where a document on this device is kept, on its card. */
export function DocumentPlaceNote({ place }: { place: DocumentPlace }) {
  const [text, tone] = PLACE[place];
  return (
    <span className={clsx(css.place, css.statusTone[tone])} data-document-place={place}>
      <span className={css.dot} aria-hidden="true" />
      {text}
    </span>
  );
}
