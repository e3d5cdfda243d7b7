import { Button } from '@wanxiang/ui';
import { clsx } from 'clsx';
import { t } from '../../i18n/zh-CN';
import * as css from './CloudDocuments.css';
import type { CloudStatus } from './cloudSync';
import { formatCloudDate } from './cloudText';

const m = t.cloudDocs;

export interface CloudStatusLabelProps {
  status: CloudStatus;
  /** 冲突 opens the choice again. */
  onShowConflict(): void;
}

/**
 * Where the document stands with the cloud: 已保存到云端 / 保存中 / 离线，已保存在本机，联网后同步 / 同步冲突 /
 * 云端保存失败, or 仅保存在本机; nothing for a new document with nothing written yet.
 */
export function CloudStatusLabel({ status, onShowConflict }: CloudStatusLabelProps) {
  if (status.kind === 'new') return null;
  if (status.kind === 'conflict')
    return (
      <Button
        variant="ghost"
        size="sm"
        className={css.conflictButton}
        aria-label={`${m.conflict}：${m.conflictHint}`}
        data-cloud-status="conflict"
        onPress={onShowConflict}
      >
        {m.conflict}
      </Button>
    );
  const [text, tone] =
    status.kind === 'local'
      ? ([m.onlyLocal, 'neutral'] as const)
      : status.kind === 'saved'
        ? ([m.saved, 'success'] as const)
        : status.kind === 'saving'
          ? ([m.saving, 'neutral'] as const)
          : status.kind === 'offline'
            ? ([m.offline, 'warning'] as const)
            : ([m.failed, 'danger'] as const);
  const title =
    status.kind === 'saved' && status.at
      ? m.savedAt(formatCloudDate(status.at))
      : status.kind === 'failed'
        ? status.message
        : undefined;
  return (
    <span
      className={clsx(css.status, css.statusTone[tone])}
      role="status"
      data-cloud-status={status.kind}
      title={title}
    >
      <span className={css.dot} aria-hidden="true" />
      {text}
    </span>
  );
}
