/**
 * 版本历史: every cloud save keeps its content as a version, in the save's transaction. Old unnamed
 * autosaves are thinned on the next saves (thinVersions): all of the last day stay, then the newest of
 * each hour up to a week, then the newest of each day; named versions, saves the user asked for
 * (保存到云端), restores and the current version always stay. A version's bytes count against the owner's
 * storage like the document's, and are given back when it is thinned or the document deleted.
 */
import type { CloudDocumentContent, DocumentVersionSummary } from '@wanxiang/api-client/contract';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentVersions } from '../../db/schema';
import { releaseStorage, reserveStorage } from '../storage/quota';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type VersionRow = typeof documentVersions.$inferSelect;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Days are counted in China Standard Time (UTC+8), the users' day, not UTC's. */
const SHANGHAI_OFFSET = 8 * HOUR;

/** What thinning needs to know of an unnamed autosave. */
export interface ThinCandidate {
  version: number;
  createdAt: Date;
}

/**
 * The versions to drop among a document's unnamed autosaves at `now`: of those older than a day, the
 * newest of each hour is kept while they are younger than a week, and the newest of each day (Shanghai
 * time) after that. `latest` (the document's current version) is never dropped.
 */
export function versionsToThin(candidates: readonly ThinCandidate[], now: Date, latest: number): number[] {
  const kept = new Set<string>();
  const drop: number[] = [];
  const newestFirst = [...candidates].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.version - a.version,
  );
  for (const candidate of newestFirst) {
    const time = candidate.createdAt.getTime();
    const age = now.getTime() - time;
    if (age <= DAY || candidate.version === latest) continue;
    const bucket =
      age <= 7 * DAY ? `h${Math.floor(time / HOUR)}` : `d${Math.floor((time + SHANGHAI_OFFSET) / DAY)}`;
    if (kept.has(bucket)) drop.push(candidate.version);
    else kept.add(bucket);
  }
  return drop.sort((a, b) => a - b);
}

export function versionSummaryOf(row: Omit<VersionRow, 'content'>): DocumentVersionSummary {
  return {
    version: row.version,
    title: row.title,
    size: row.size,
    size_delta: row.sizeDelta,
    kind: row.kind as DocumentVersionSummary['kind'],
    name: row.name,
    restored_from: row.restoredFrom,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Keeps the saved content as version `version` of the document, reserving its bytes (a full account gets
 * the storage 413 and the save does not land), then thins the document's old autosaves.
 */
export async function keepVersion(
  tx: Tx,
  input: {
    documentId: string;
    userId: string;
    version: number;
    title: string;
    content: CloudDocumentContent;
    size: number;
    previousSize: number | null;
    kind: 'auto' | 'manual' | 'restore';
    restoredFrom?: number;
    now: Date;
  },
  what: string,
): Promise<void> {
  await reserveStorage(tx, input.userId, input.size, what);
  await tx.insert(documentVersions).values({
    documentId: input.documentId,
    userId: input.userId,
    version: input.version,
    title: input.title,
    content: input.content,
    size: input.size,
    sizeDelta: input.previousSize === null ? input.size : input.size - input.previousSize,
    kind: input.kind,
    restoredFrom: input.restoredFrom ?? null,
    createdAt: input.now,
  });
  await thinVersions(tx, input.documentId, input.userId, input.version, input.now);
}

/** Drops the document's unnamed autosaves the thinning rule lets go, and gives back their bytes. */
export async function thinVersions(
  tx: Tx,
  documentId: string,
  userId: string,
  latest: number,
  now: Date,
): Promise<number> {
  const candidates = await tx
    .select({ version: documentVersions.version, createdAt: documentVersions.createdAt })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.kind, 'auto'),
        isNull(documentVersions.name),
        lt(documentVersions.createdAt, new Date(now.getTime() - DAY)),
      ),
    );
  const drop = versionsToThin(candidates, now, latest);
  if (drop.length === 0) return 0;
  const removed = await tx
    .delete(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), inArray(documentVersions.version, drop)))
    .returning({ size: documentVersions.size });
  await releaseStorage(
    tx,
    userId,
    removed.reduce((sum, row) => sum + row.size, 0),
  );
  return removed.length;
}

/** The bytes of all of a document's versions (given back when the document is deleted). */
export async function versionBytes(tx: Tx, documentId: string): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${documentVersions.size}), 0)`.mapWith(Number) })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId));
  return row?.bytes ?? 0;
}
