/** Where a new turn goes in its session's tree of questions and answers. */
import type { CreateTurnRequest } from '@wanxiang/api-client/contract';
import type { Db } from '../../db/client';
import { fieldErrors, notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import type { StoredFile } from './attachments/repo';
import { titleFrom } from './prompt';
import { findSession, type MessageRow, sessionMessages } from './repo';
import { currentBranch, pathTo } from './tree';

const m = messages.chat;

export interface TurnPlace {
  /** What the model sees before the question: the branch above it. */
  base: MessageRow[];
  text: string;
  title: string;
  parentId: string | null;
  position: number;
  /** The stored question a regenerated answer answers again; null for a new or edited question. */
  questionId: string | null;
}

/**
 * Where the turn goes in the session's tree, and what the model sees before the question (`base`, the
 * branch above it). A new question follows the current branch; an edited one replaces a stored question
 * as its sibling; a regenerated answer answers a stored question (`questionId`) again.
 */
export async function placeTurn(
  db: Db,
  userId: string,
  request: CreateTurnRequest,
  uploads: readonly StoredFile[],
): Promise<TurnPlace> {
  const typed = request.prompt?.text.trim() ?? '';
  // A question may be files alone (a document to summarise needs no words); it is then titled by its
  // first file.
  const firstFile = uploads[0]?.name;
  const empty = typed === '' && !firstFile;
  const named = (text: string) => (text === '' && firstFile ? m.filesOnlyTitle(firstFile) : titleFrom(text));
  const editId = request.edit_message_id ?? null;
  const regenerateId = request.regenerate_message_id ?? null;
  const requested = request.session_id ?? null;
  if (requested === null) {
    if (editId || regenerateId) throw fieldErrors({ session_id: [m.versionNeedsSession] });
    if (empty) throw fieldErrors({ 'prompt.text': [m.emptyPrompt] });
    return {
      base: [],
      text: typed,
      title: named(typed),
      parentId: null,
      position: 0,
      questionId: null,
    };
  }
  const session = await findSession(db, userId, requested);
  if (!session) throw notFound();
  const rows = await sessionMessages(db, session.id);
  const title = session.title ?? named(typed);
  if (regenerateId) {
    const answer = rows.find((row) => row.id === regenerateId && row.role === 'assistant');
    const question = answer && rows.find((row) => row.id === answer.parentId);
    if (!question) throw fieldErrors({ regenerate_message_id: [m.noSuchAnswer] });
    return {
      base: pathTo(rows, question.parentId),
      text: question.text,
      title: session.title ?? titleFrom(question.text),
      parentId: question.parentId,
      position: question.position,
      questionId: question.id,
    };
  }
  if (empty) throw fieldErrors({ 'prompt.text': [m.emptyPrompt] });
  if (editId) {
    const edited = rows.find((row) => row.id === editId && row.role === 'user');
    if (!edited) throw fieldErrors({ edit_message_id: [m.noSuchQuestion] });
    return {
      base: pathTo(rows, edited.parentId),
      text: typed,
      title,
      parentId: edited.parentId,
      position: edited.position,
      questionId: null,
    };
  }
  const branch = currentBranch(rows);
  const last = branch.at(-1);
  return {
    base: branch,
    text: typed,
    title,
    parentId: last?.id ?? null,
    position: last ? last.position + 1 : 0,
    questionId: null,
  };
}
