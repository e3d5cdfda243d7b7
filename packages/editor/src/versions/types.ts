import type { DocumentContent } from '../documents/types';

/** One saved version as 版本历史 lists it. */
export interface VersionEntry {
  /** The source's key for it (a cloud version's number, a local version's id). */
  id: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** auto: 自动保存; manual: 手动保存 (or named); restore: made by 恢复此版本. */
  kind: 'auto' | 'manual' | 'restore';
  name: string | null;
  /** Bytes of the content, and what it grew (positive) or shrank by from the version before. */
  size: number;
  sizeDelta: number;
  /** A cloud version's number (第 N 版). */
  version?: number;
}

export interface VersionPage {
  entries: VersionEntry[];
  /** Pass it to list() for the next, older page; null at the end. */
  next: string | null;
}

/**
 * Where a document's versions are kept: the cloud (the server keeps every save) or this browser
 * (createLocalVersionSource, the last 20). The editor reads them, names one and restores one.
 */
export interface VersionSource {
  place: 'cloud' | 'local';
  /** Newest first. */
  list(cursor?: string | null): Promise<VersionPage>;
  read(id: string): Promise<DocumentContent>;
  /** Names a version; null takes its name away. */
  name(id: string, name: string | null): Promise<void>;
  /**
   * 为当前版本命名: names the version of the text as it is now. The editor has saved it locally before;
   * a cloud source saves it to the cloud first, a local one keeps it as a version of its own.
   */
  nameCurrent(name: string, current: { content: DocumentContent; title: string }): Promise<void>;
  /** Called before a restored text is saved: a local source keeps that save as a restore. */
  willRestore?(id: string): void;
}
