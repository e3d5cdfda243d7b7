/** The chat's queries; every one is scoped by the owner, so a foreign session is simply not found. */
import type {
  AssistantContent,
  AttachedFile,
  ChatMessage,
  ChatSession,
  SearchSource,
  SessionDetail,
  TokenUsage,
  TurnMetadata,
  TurnSearch,
} from '@wanxiang/api-client/contract';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import { chatAttachments, chatMessages, chatSessions } from '../../db/schema';
import { releaseStorage } from '../storage/quota';
import { type AnswerPart, answerParts, noticesOf, wireImages } from './attachments/generated';
import { attachmentJson, insertAttachments, type StoredFile } from './attachments/repo';
import { childrenOf, currentBranch } from './tree';

export type SessionRow = typeof chatSessions.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not UUIDs cannot exist; checking first keeps PostgreSQL's cast error out of the way. */
export const isUuid = (id: string) => UUID.test(id);

export function sessionJson(row: SessionRow): ChatSession {
  return {
    id: row.id,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    total_credits_used: row.totalCreditsUsed,
    model_id: row.modelId,
    pinned: row.pinnedAt !== null,
  };
}

/** A turn's web search as stored with its answer (chat_messages.search). */
export interface StoredSearch extends TurnSearch {
  sources: SearchSource[];
}

function searchMetadata(stored: unknown): Pick<TurnMetadata, 'search' | 'sources'> {
  if (!stored || typeof stored !== 'object') return {};
  const { sources, ...search } = stored as StoredSearch;
  return { search, sources: Array.isArray(sources) ? sources : [] };
}

export function assistantMetadata(row: MessageRow): TurnMetadata {
  const usage =
    row.inputTokens === null || row.outputTokens === null
      ? null
      : {
          input_tokens: row.inputTokens,
          output_tokens: row.outputTokens,
          total_tokens: row.inputTokens + row.outputTokens,
          estimated: row.usageEstimated,
        };
  const notices = row.role === 'assistant' ? noticesOf(answerParts(row.parts)) : [];
  return {
    status: row.status as TurnMetadata['status'],
    ...(row.modelId ? { model_id: row.modelId } : {}),
    ...(row.modelName ? { model_name: row.modelName } : {}),
    usage,
    credits_charged: row.creditsCharged,
    error: row.error,
    ...(row.creditsLimited ? { credits_limited: true } : {}),
    ...searchMetadata(row.search),
    ...(notices.length > 0 ? { notices } : {}),
  };
}

/** A user message's files: {name, type} from before files were stored, full attachments since. */
function userFiles(parts: unknown): AttachedFile[] {
  const files = Array.isArray(parts) ? (parts as Partial<StoredFile & { type: string }>[]) : [];
  return files.map((file) =>
    file.id && file.mimeType && file.size !== undefined
      ? attachmentJson({
          id: file.id,
          name: file.name ?? '',
          mimeType: file.mimeType,
          size: file.size,
          truncated: file.truncated ?? false,
        })
      : { name: file.name ?? '', type: file.type ?? file.mimeType ?? '' },
  );
}

/** A stored message on the wire; `versions`: the ids of its versions, itself among them. */
export function messageJson(row: MessageRow, versions: string[] = [row.id]): ChatMessage {
  const tree = { parent_id: row.parentId, versions };
  if (row.role === 'user') {
    return {
      id: row.id,
      role: 'user',
      created_at: row.createdAt.toISOString(),
      ...tree,
      content: { text: row.text, files: userFiles(row.parts) },
    };
  }
  // Stored images by reference; answers from before that keep their inline base64.
  const images = wireImages(answerParts(row.parts));
  const content: AssistantContent =
    images.length === 0
      ? row.text
      : [...(row.text ? [{ type: 'text' as const, text: row.text }] : []), ...images];
  return {
    id: row.id,
    role: 'assistant',
    created_at: row.createdAt.toISOString(),
    ...tree,
    content,
    metadata: assistantMetadata(row),
  };
}

/** `text` as a LIKE pattern that matches it literally anywhere (its % _ and \\ escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Moves a cut off the second half of a surrogate pair, so that no character is split. */
function onCharacter(text: string, at: number, step: -1 | 1): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at + step : at;
}

/**
 * The words around the first occurrence of `query` in `text` (any case): the match whole, a few characters
 * before it and more after, about 60 in all. The match comes early in the snippet, because the history row
 * shows only its first lines: with half of the context before it, a match past the first line was cut
 * off mid-word ("…api.de…").
 */
export function snippetOf(text: string, query: string, before = 10, after = 40): string | null {
  const flat = text.replace(/\s+/g, ' ');
  const at = flat.toLocaleLowerCase().indexOf(query.replace(/\s+/g, ' ').toLocaleLowerCase());
  if (at < 0) return null;
  const start = onCharacter(flat, Math.max(0, at - before), -1);
  const end = onCharacter(flat, Math.min(flat.length, at + query.length + after), 1);
  const body = flat.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${body}${end < flat.length ? '…' : ''}`;
}

/**
 * One page of the user's sessions, pinned first (newest pin first), then by latest activity. With a
 * search text, only sessions whose title or any message contains it, in any case: ILIKE over the user's
 * own rows (a substring match, so Chinese and partial words are found; no tokenizer or extension needed,
 * which keeps PGlite and PostgreSQL alike). A result found by its messages carries a snippet.
 */
export async function listSessions(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
  query?: string,
): Promise<{ count: number; rows: (SessionRow & { snippet?: string | null })[] }> {
  const q = query?.trim() ?? '';
  let where: SQL | undefined = eq(chatSessions.userId, userId);
  if (q !== '') {
    const pattern = containsPattern(q);
    where = and(
      where,
      or(
        ilike(chatSessions.title, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(chatMessages)
            .where(and(eq(chatMessages.sessionId, chatSessions.id), ilike(chatMessages.text, pattern))),
        ),
      ),
    );
  }
  const [total] = await db.select({ n: count() }).from(chatSessions).where(where);
  const rows = await db
    .select()
    .from(chatSessions)
    .where(where)
    .orderBy(
      sql`${chatSessions.pinnedAt} desc nulls last`,
      desc(chatSessions.updatedAt),
      desc(chatSessions.createdAt),
      desc(chatSessions.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  if (q === '') return { count: total?.n ?? 0, rows };

  // Snippets for the results whose title does not say why they matched: the oldest matching message.
  const needle = q.toLocaleLowerCase();
  const bodyMatches = rows.filter((row) => !(row.title ?? '').toLocaleLowerCase().includes(needle));
  const snippets = new Map<string, string>();
  if (bodyMatches.length > 0) {
    const found = await db
      .select({ sessionId: chatMessages.sessionId, text: chatMessages.text })
      .from(chatMessages)
      .where(
        and(
          inArray(
            chatMessages.sessionId,
            bodyMatches.map((row) => row.id),
          ),
          ilike(chatMessages.text, containsPattern(q)),
        ),
      )
      .orderBy(asc(chatMessages.position));
    for (const { sessionId, text } of found) {
      if (snippets.has(sessionId)) continue;
      const snippet = snippetOf(text, q);
      if (snippet) snippets.set(sessionId, snippet);
    }
  }
  return {
    count: total?.n ?? 0,
    rows: rows.map((row) => ({ ...row, snippet: snippets.get(row.id) ?? null })),
  };
}

/** Renames and/or pins a session of the user's; undefined when there is no such session. */
export async function updateSession(
  db: Db,
  userId: string,
  id: string,
  change: { title?: string; pinned?: boolean },
): Promise<SessionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const set: Partial<typeof chatSessions.$inferInsert> = {};
  if (change.title !== undefined) set.title = change.title;
  if (change.pinned !== undefined) set.pinnedAt = change.pinned ? new Date() : null;
  const [row] = await db
    .update(chatSessions)
    .set(set)
    .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
    .returning();
  return row;
}

export async function findSession(db: Db, userId: string, id: string): Promise<SessionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
    .limit(1);
  return row;
}

/** Every message of a session, all versions, by depth. */
export async function sessionMessages(db: Db, sessionId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.position), asc(chatMessages.createdAt));
}

/** The session with the messages of its current branch, each with the ids of its versions. */
export async function sessionDetail(db: Db, userId: string, id: string): Promise<SessionDetail | undefined> {
  const session = await findSession(db, userId, id);
  if (!session) return undefined;
  const rows = await sessionMessages(db, session.id);
  const children = childrenOf(rows);
  const history = currentBranch(rows).map((row) =>
    messageJson(
      row,
      (children.get(row.parentId) ?? [row]).map((sibling) => sibling.id),
    ),
  );
  return { ...sessionJson(session), history };
}

/**
 * Puts `messageId` (a message of the user's session `sessionId`) on the current branch: it becomes the
 * chosen version at its fork, and below it the versions chosen there before. False when there is no such
 * message.
 */
export async function selectVersion(
  db: Db,
  userId: string,
  sessionId: string,
  messageId: string,
): Promise<boolean> {
  if (!isUuid(sessionId) || !isUuid(messageId)) return false;
  const session = await findSession(db, userId, sessionId);
  if (!session) return false;
  const updated = await db
    .update(chatMessages)
    .set({ selectedAt: sql`clock_timestamp()` })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, session.id)))
    .returning({ id: chatMessages.id });
  return updated.length > 0;
}

/**
 * Deletes the user's session with its messages and files' rows, gives their bytes back to the user's
 * storage, and answers the store keys of the files to remove (the caller removes them once this has
 * committed). The messages are locked first: a generated image being recorded on one of them either
 * lands before, and is deleted and given back here, or fails for want of its message, and its writer
 * removes it and gives it back.
 */
export async function deleteSessionAndFiles(
  db: Db,
  userId: string,
  id: string,
): Promise<{ deleted: boolean; keys: string[] }> {
  if (!isUuid(id)) return { deleted: false, keys: [] };
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
      .for('update');
    if (!session) return { deleted: false, keys: [] };
    await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, id))
      .for('update');
    const files = await tx
      .delete(chatAttachments)
      .where(and(eq(chatAttachments.sessionId, id), eq(chatAttachments.userId, userId)))
      .returning({ key: chatAttachments.storageKey, size: chatAttachments.size });
    await tx.delete(chatSessions).where(eq(chatSessions.id, id));
    await releaseStorage(
      tx,
      userId,
      files.reduce((sum, file) => sum + file.size, 0),
    );
    return { deleted: true, keys: [...new Set(files.map((file) => file.key))] };
  });
}

/** A turn's rows as they are first written: the user's message and the answer's placeholder. */
export interface NewTurn {
  turnId: string;
  userId: string;
  sessionId: string;
  /** False when the turn continues one of the user's sessions. */
  newSession: boolean;
  title: string;
  text: string;
  userMessageId: string;
  assistantMessageId: string;
  model: { id: string; name: string };
  /** The message the question follows (null: the chat's first question). */
  parentId: string | null;
  /** The question's depth in the tree; its answer is one deeper. */
  position: number;
  /** True when the question is a stored one answered again: only the answer is written. */
  regenerate: boolean;
  /** The question's files, already in the file store (none for a regenerated answer). */
  files: readonly StoredFile[];
}

/** What a user message's `parts` keep of its files (the rows hold the rest). */
const fileParts = (files: readonly StoredFile[]) =>
  files.map(({ id, name, mimeType, size, truncated }) => ({ id, name, mimeType, size, truncated }));

/**
 * Writes the turn's session (new, or the user's own) with its question and its answer's placeholder, or
 * only the placeholder when a stored question is answered again. New rows are chosen at their fork.
 */
export async function storeTurn(db: Db, turn: NewTurn): Promise<void> {
  const question = { userId: turn.userId, sessionId: turn.sessionId, messageId: turn.userMessageId };
  if (turn.newSession && turn.files.length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .insert(chatSessions)
        .values({ id: turn.sessionId, userId: turn.userId, title: turn.title, modelId: turn.model.id });
      await tx.insert(chatMessages).values(turnRows(turn, new Date()));
      await insertAttachments(tx, question, turn.files, 'upload');
    });
    return;
  }
  if (turn.newSession) {
    // One statement for the common case: a new session and its first pair.
    await executePrepared(
      db,
      'chat_new_session',
      sql`
        with created as (
          insert into ${chatSessions} (id, user_id, title, model_id)
          values (${turn.sessionId}::uuid, ${turn.userId}::uuid, ${turn.title}, ${turn.model.id})
          returning id
        )
        insert into ${chatMessages} (id, session_id, turn_id, parent_id, position, role, text, status, model_id, model_name)
        select ${turn.userMessageId}::uuid, created.id, ${turn.turnId}::uuid, null, 0, 'user', ${turn.text}, 'complete', null, null
        from created
        union all
        select ${turn.assistantMessageId}::uuid, created.id, ${turn.turnId}::uuid, ${turn.userMessageId}::uuid, 1,
               'assistant', '', 'streaming', ${turn.model.id}, ${turn.model.name}
        from created`,
    );
    return;
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    const [session] = await tx
      .update(chatSessions)
      .set({ title: turn.title, modelId: turn.model.id, updatedAt: now })
      .where(eq(chatSessions.id, turn.sessionId))
      .returning({ id: chatSessions.id });
    if (!session) throw new Error('the session was deleted before the turn was stored');
    await tx.insert(chatMessages).values(turnRows(turn, now));
    if (!turn.regenerate) await insertAttachments(tx, question, turn.files, 'upload');
  });
}

/** The rows a turn adds: its question (unless a stored one is answered again) and the answer's placeholder. */
function turnRows(turn: NewTurn, now: Date): (typeof chatMessages.$inferInsert)[] {
  const question = {
    id: turn.userMessageId,
    sessionId: turn.sessionId,
    turnId: turn.turnId,
    parentId: turn.parentId,
    position: turn.position,
    role: 'user',
    text: turn.text,
    parts: fileParts(turn.files),
    status: 'complete',
    createdAt: now,
    updatedAt: now,
  };
  return [
    ...(turn.regenerate ? [] : [question]),
    {
      id: turn.assistantMessageId,
      sessionId: turn.sessionId,
      turnId: turn.turnId,
      parentId: turn.userMessageId,
      position: turn.position + 1,
      role: 'assistant',
      text: '',
      parts: [],
      status: 'streaming',
      modelId: turn.model.id,
      modelName: turn.model.name,
      createdAt: now,
      updatedAt: now,
    },
  ];
}

/**
 * The text an answer has reached while it streams. Answers whether another instance asked to stop it, and
 * since when a tab on another instance last followed it (live.ts).
 */
export async function storePartialAnswer(db: Db, messageId: string, text: string): Promise<AnswerMarks> {
  const [row] = await executePrepared<{ stop_requested: boolean; watched_at: string | Date | null }>(
    db,
    'chat_partial_answer',
    sql`update ${chatMessages} set text = ${text}, updated_at = now()
        where ${chatMessages.id} = ${messageId}::uuid
        returning stop_requested_at is not null as stop_requested, watched_at`,
  );
  return marksOf(row);
}

export interface AnswerMarks {
  stopRequested: boolean;
  /** When a tab on another instance last followed the answer, if ever. */
  watchedAt: Date | null;
}

const marksOf = (row?: { stop_requested: boolean; watched_at: string | Date | null }): AnswerMarks => ({
  stopRequested: row?.stop_requested ?? false,
  watchedAt: row?.watched_at ? new Date(row.watched_at) : null,
});

/** The marks of a streaming answer (see storePartialAnswer), without writing it. */
export async function answerMarks(db: Db, messageId: string): Promise<AnswerMarks> {
  const [row] = await db
    .select({
      stop_requested: sql<boolean>`${chatMessages.stopRequestedAt} is not null`,
      watched_at: chatMessages.watchedAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  return marksOf(row);
}

/** The answer a session is generating (the newest, should there be two), as stored. */
export async function streamingAnswer(db: Db, sessionId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        eq(chatMessages.role, 'assistant'),
        eq(chatMessages.status, 'streaming'),
      ),
    )
    .orderBy(desc(chatMessages.createdAt))
    .limit(1);
  return row;
}

/** The stored answer as a tab on another instance sees it, marked as followed now. */
export async function followStoredAnswer(db: Db, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({
      watchedAt: sql`case when ${chatMessages.status} = 'streaming' then now() else ${chatMessages.watchedAt} end`,
    })
    .where(eq(chatMessages.id, messageId))
    .returning();
  return row;
}

/** Asks the instance generating the session's answers to stop them (it reads this with its next write). */
export async function requestStop(db: Db, sessionId: string): Promise<void> {
  await db
    .update(chatMessages)
    .set({ stopRequestedAt: sql`now()` })
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.status, 'streaming')));
}

export interface FinishedAnswer {
  text: string;
  /** Its generated images (stored files) and notes about those dropped. */
  parts: AnswerPart[];
  status: string;
  usage: TokenUsage | null;
  error: string | null;
  /** The turn's web search, when it had one. */
  search?: StoredSearch | null;
  /** It stopped at the length the balance paid for. */
  creditsLimited?: boolean;
}

/** The answer as it ended, with what it cost, added to its session's total; inside the settlement. */
export async function storeAnswer(
  tx: Db,
  ids: { sessionId: string; messageId: string },
  answer: FinishedAnswer,
  charged: number,
): Promise<void> {
  const usage = answer.usage;
  await tx
    .update(chatMessages)
    .set({
      text: answer.text,
      parts: answer.parts,
      status: answer.status,
      inputTokens: usage?.input_tokens ?? null,
      outputTokens: usage?.output_tokens ?? null,
      usageEstimated: usage?.estimated ?? false,
      creditsCharged: charged,
      creditsLimited: answer.creditsLimited ?? false,
      error: answer.error,
      ...(answer.search ? { search: answer.search } : {}),
      updatedAt: new Date(),
    })
    .where(eq(chatMessages.id, ids.messageId));
  await tx
    .update(chatSessions)
    .set({ totalCreditsUsed: sql`${chatSessions.totalCreditsUsed} + ${charged}`, updatedAt: new Date() })
    .where(eq(chatSessions.id, ids.sessionId));
}
