/**
 * 版本历史: every cloud save keeps its content as a version, in the save's transaction. Unnamed autosaves
 * are thinned on the next saves (thinVersions), finer the newer they are: the newest of each minute for ten
 * minutes, of each ten minutes for a day, of each hour for a week, then of each day; named versions, saves
 * the user asked for (保存到云端), restores, the text each restore replaced and the current version always
 * stay. A version's bytes count against the owner's storage like the document's, and are given back when it
 * is thinned or the document deleted. The history never costs the user a save: when the account is full,
 * the oldest autosaves make room, and if that is not enough the save lands without its copy in the history.
 */
import type { CloudDocumentContent, DocumentVersionSummary } from '@wanxiang/api-client/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentVersions } from '../../db/schema';
import { releaseStorage, reserveStorage, StorageFullError } from '../storage/quota';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type VersionRow = typeof documentVersions.$inferSelect;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days are counted in China Standard Time (UTC+8), the users' day, not UTC's. */
const SHANGHAI_OFFSET = 8 * HOUR;

/**
 * How finely unnamed autosaves are kept, by age: up to the age, the newest of each window of the width.
 * A document typed into for hours (an autosave every few seconds) keeps at most about 300 of them.
 */
const TIERS: ReadonlyArray<{ upTo: number; width: number }> = [
  { upTo: 10 * MINUTE, width: MINUTE },
  { upTo: DAY, width: 10 * MINUTE },
  { upTo: 7 * DAY, width: HOUR },
];

/** What thinning needs to know of an unnamed autosave. */
export interface ThinCandidate {
  version: number;
  createdAt: Date;
}

/** The window an autosave of this age falls in: see TIERS, then one a Shanghai day. */
function windowOf(time: number, age: number): string {
  const tier = TIERS.findIndex(({ upTo }) => age <= upTo);
  const width = TIERS[tier]?.width;
  return width === undefined
    ? `d${Math.floor((time + SHANGHAI_OFFSET) / DAY)}`
    : `${tier}:${Math.floor(time / width)}`;
}

/**
 * The versions to drop among a document's unnamed autosaves at `now`: in each window of TIERS (then each
 * Shanghai day) the newest stays. `latest` (the document's current version) is never dropped.
 */
export function versionsToThin(candidates: readonly ThinCandidate[], now: Date, latest: number): number[] {
  const kept = new Set<string>();
  const drop: number[] = [];
  const newestFirst = [...candidates].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.version - a.version,
  );
  for (const candidate of newestFirst) {
    if (candidate.version === latest) continue;
    const time = candidate.createdAt.getTime();
    const bucket = windowOf(time, now.getTime() - time);
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
  if (!(await reserveForVersion(tx, input.documentId, input.userId, input.size, what))) return;
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

/**
 * Reserves a version's bytes; on a full account drops the document's oldest unnamed autosaves until they
 * fit. False when even that leaves no room: the save goes on without the copy (the document itself has
 * its bytes already), since losing a save to its own history would be worse than a gap in the history.
 */
async function reserveForVersion(
  tx: Tx,
  documentId: string,
  userId: string,
  size: number,
  what: string,
): Promise<boolean> {
  try {
    await reserveStorage(tx, userId, size, what);
    return true;
  } catch (error) {
    if (!(error instanceof StorageFullError)) throw error;
    const short = size - (error.usage.quota_bytes - error.usage.used_bytes);
    const oldest = await tx
      .select({ version: documentVersions.version, size: documentVersions.size })
      .from(documentVersions)
      .where(
        and(
          eq(documentVersions.documentId, documentId),
          eq(documentVersions.kind, 'auto'),
          isNull(documentVersions.name),
        ),
      )
      .orderBy(asc(documentVersions.createdAt), asc(documentVersions.version));
    const drop: number[] = [];
    let freed = 0;
    for (const row of oldest) {
      if (freed >= short) break;
      drop.push(row.version);
      freed += row.size;
    }
    if (freed < short) return false;
    await tx
      .delete(documentVersions)
      .where(and(eq(documentVersions.documentId, documentId), inArray(documentVersions.version, drop)));
    await releaseStorage(tx, userId, freed);
    try {
      await reserveStorage(tx, userId, size, what);
      return true;
    } catch (again) {
      if (again instanceof StorageFullError) return false;
      throw again;
    }
  }
}

/** Drops the document's unnamed autosaves the thinning rule lets go, and gives back their bytes. */
export async function thinVersions(
  tx: Tx,
  documentId: string,
  userId: string,
  latest: number,
  now: Date,
): Promise<number> {
  const rows = await tx
    .select({
      version: documentVersions.version,
      createdAt: documentVersions.createdAt,
      kind: documentVersions.kind,
    })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.documentId, documentId),
        inArray(documentVersions.kind, ['auto', 'restore']),
        isNull(documentVersions.name),
      ),
    );
  // The text a restore replaced stays: 恢复此版本 promises it can be restored again. The current version
  // is among the rows (versionsToThin never drops it), so a restore just saved protects its text too.
  const replaced = new Set(rows.filter((row) => row.kind === 'restore').map((row) => row.version - 1));
  const candidates = rows.filter((row) => row.kind === 'auto' && !replaced.has(row.version));
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
