/** The assistant's turns in assistant_turns: written when a turn starts, finished with its settlement. */
import type { AssistantTurnFile, TokenUsage } from '@wanxiang/api-client/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assistantTurns } from '../../db/schema';
import { messages } from '../../i18n/zh-CN';

export type DocTurnStatus = 'complete' | 'stopped' | 'error';

export interface NewDocTurn {
  id: string;
  userId: string;
  docId: string | null;
  question: string;
  files: readonly AssistantTurnFile[];
  modelId: string;
  modelName: string;
  reserve: number;
}

export async function insertDocTurn(db: Db, turn: NewDocTurn): Promise<void> {
  await db.insert(assistantTurns).values({ ...turn, files: [...turn.files], status: 'streaming' });
}

export async function finishDocTurn(
  db: Db,
  id: string,
  answer: {
    text: string;
    status: DocTurnStatus;
    usage: TokenUsage | null;
    charged: number;
    error: string | null;
  },
): Promise<void> {
  await db
    .update(assistantTurns)
    .set({
      answer: answer.text,
      status: answer.status,
      inputTokens: answer.usage?.input_tokens ?? null,
      outputTokens: answer.usage?.output_tokens ?? null,
      creditsCharged: answer.charged,
      error: answer.error,
      updatedAt: new Date(),
    })
    .where(eq(assistantTurns.id, id));
}

function filesOf(value: unknown): AssistantTurnFile[] {
  return Array.isArray(value) ? (value as AssistantTurnFile[]) : [];
}

/** A question with its files named after it, as the model sees an earlier turn (the files are not kept). */
export function withFileNames(question: string, files: readonly AssistantTurnFile[]): string {
  if (files.length === 0) return question;
  const note = messages.chat.attachmentsInHistory(files.map((file) => file.name).join('、'));
  return question ? `${question}\n${note}` : note;
}

/** The last `turns` answered exchanges of this user about this document, oldest first. */
export async function recentDocTurns(
  db: Db,
  userId: string,
  docId: string,
  turns: number,
): Promise<{ question: string; answer: string }[]> {
  if (turns <= 0) return [];
  const rows = await db
    .select({ question: assistantTurns.question, files: assistantTurns.files, answer: assistantTurns.answer })
    .from(assistantTurns)
    .where(
      and(
        eq(assistantTurns.userId, userId),
        eq(assistantTurns.docId, docId),
        sql`${assistantTurns.status} <> 'streaming' and ${assistantTurns.answer} <> ''`,
      ),
    )
    .orderBy(desc(assistantTurns.createdAt))
    .limit(turns);
  return rows
    .reverse()
    .map((row) => ({ question: withFileNames(row.question, filesOf(row.files)), answer: row.answer }));
}

/** This user's last `limit` finished turns about this document (answered or not), oldest first. */
export async function listDocTurns(db: Db, userId: string, docId: string, limit: number) {
  const rows = await db
    .select({
      id: assistantTurns.id,
      question: assistantTurns.question,
      files: assistantTurns.files,
      answer: assistantTurns.answer,
      status: assistantTurns.status,
      modelId: assistantTurns.modelId,
      modelName: assistantTurns.modelName,
      creditsCharged: assistantTurns.creditsCharged,
      createdAt: assistantTurns.createdAt,
    })
    .from(assistantTurns)
    .where(
      and(
        eq(assistantTurns.userId, userId),
        eq(assistantTurns.docId, docId),
        sql`${assistantTurns.status} <> 'streaming'`,
      ),
    )
    .orderBy(desc(assistantTurns.createdAt))
    .limit(limit);
  return rows
    .reverse()
    .map((row) => ({ ...row, files: filesOf(row.files), status: row.status as DocTurnStatus }));
}

/** Turns left `streaming` and idle for `idleMs` (a crash mid-answer), for the recovery sweep. */
export function staleDocTurns(db: Db, idleMs: number) {
  return db
    .select()
    .from(assistantTurns)
    .where(
      sql`${assistantTurns.status} = 'streaming' and ${assistantTurns.updatedAt} < ${new Date(Date.now() - idleMs)}`,
    )
    .limit(100);
}
