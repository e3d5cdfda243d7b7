/** The chat's queries; every one is scoped by the owner, so a foreign session is simply not found. */
import type {
  AssistantContent,
  ChatMessage,
  ChatSession,
  SessionDetail,
  TurnMetadata,
} from '@wanxiang/api-client/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatSessions } from '../../db/schema';

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
  };
}

export interface ImagePart {
  type: 'image_data';
  mime_type: string;
  data: string;
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
  return {
    status: row.status as TurnMetadata['status'],
    ...(row.modelId ? { model_id: row.modelId } : {}),
    ...(row.modelName ? { model_name: row.modelName } : {}),
    usage,
    credits_charged: row.creditsCharged,
    error: row.error,
  };
}

export function messageJson(row: MessageRow): ChatMessage {
  if (row.role === 'user') {
    return {
      id: row.id,
      role: 'user',
      created_at: row.createdAt.toISOString(),
      content: { text: row.text, files: (row.parts as { name: string; type: string }[]) ?? [] },
    };
  }
  const images = (row.parts as ImagePart[]) ?? [];
  const content: AssistantContent =
    images.length === 0
      ? row.text
      : [...(row.text ? [{ type: 'text' as const, text: row.text }] : []), ...images];
  return {
    id: row.id,
    role: 'assistant',
    created_at: row.createdAt.toISOString(),
    content,
    metadata: assistantMetadata(row),
  };
}

export async function listSessions(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: SessionRow[] }> {
  const [total] = await db.select({ n: count() }).from(chatSessions).where(eq(chatSessions.userId, userId));
  const rows = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.createdAt), desc(chatSessions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.n ?? 0, rows };
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

export async function sessionMessages(db: Db, sessionId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.position));
}

export async function sessionDetail(db: Db, userId: string, id: string): Promise<SessionDetail | undefined> {
  const session = await findSession(db, userId, id);
  if (!session) return undefined;
  const rows = await sessionMessages(db, session.id);
  return { ...sessionJson(session), history: rows.map(messageJson) };
}

export async function deleteSession(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(chatSessions)
    .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
    .returning({ id: chatSessions.id });
  return deleted.length > 0;
}

/** The next free position in a session; call with the session row locked. */
export async function nextPosition(db: Db, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${chatMessages.position})` })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId));
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}
