import { Button } from '@wanxiang/ui';
import { useState } from 'react';
import { t } from '../../i18n/zh-CN';
import * as css from './CloudDocuments.css';

const m = t.cloudDocs;

export interface CloudMoveBannerProps {
  /** How many local documents could move. */
  count: number;
  /** 全部移到云端: queues them all and pushes them; a rejection is shown in the banner. */
  onMoveAll(): Promise<void>;
  /** 暂不: hidden until the next visit. */
  onLater(): void;
  /** 不再询问: never offered again on this device. */
  onNever(): void;
}

/** The one-time offer on the document home to move this device's local documents to the cloud. */
export function CloudMoveBanner({ count, onMoveAll, onLater, onNever }: CloudMoveBannerProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const move = () => {
    setBusy(true);
    setFailed(false);
    onMoveAll().then(
      () => setBusy(false),
      () => {
        setBusy(false);
        setFailed(true);
      },
    );
  };
  return (
    <section className={css.banner} aria-labelledby="wx-cloud-move-title" data-cloud-move>
      <div className={css.bannerText}>
        <h2 id="wx-cloud-move-title" className={css.bannerTitle}>
          {m.moveTitle(count)}
        </h2>
        <p className={css.bannerBody}>{failed ? m.moveFailed : m.moveBody}</p>
      </div>
      <div className={css.bannerActions}>
        <Button variant="ghost" size="sm" isDisabled={busy} onPress={onNever}>
          {m.moveNever}
        </Button>
        <Button variant="secondary" size="sm" isDisabled={busy} onPress={onLater}>
          {m.moveLater}
        </Button>
        <Button variant="primary" size="sm" isPending={busy} onPress={move}>
          {busy ? m.moving : m.moveAll}
        </Button>
      </div>
    </section>
  );
}

type Answer = 'later' | 'never';
const NEVER_KEY = 'wanxiang-cloud-move-never';
const LATER_KEY = 'wanxiang-cloud-move-later';

function read(storage: Storage | undefined, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const local = () => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};
const session = () => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * The owner's answer to the offer: 不再询问 is kept on the device, 暂不 for the browser session (the next
 * visit asks again).
 */
export const moveOffer = {
  dismissed(owner: string): boolean {
    return read(local(), NEVER_KEY).includes(owner) || read(session(), LATER_KEY).includes(owner);
  },
  answer(owner: string, answer: Answer) {
    const storage = answer === 'never' ? local() : session();
    const key = answer === 'never' ? NEVER_KEY : LATER_KEY;
    const owners = new Set(read(storage, key));
    owners.add(owner);
    storage?.setItem(key, JSON.stringify([...owners]));
  },
};
