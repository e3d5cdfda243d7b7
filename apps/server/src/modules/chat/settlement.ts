/** The end of a turn: its answer stored and its hold settled to the real cost, in one transaction. */
import type { Db } from '../../db/client';
import { messages } from '../../i18n/zh-CN';
import { settleGeneration } from '../generation/hold';
import { type FinishedAnswer, storeAnswer } from './repo';

export interface TurnToSettle {
  turnId: string;
  userId: string;
  sessionId: string;
  assistantMessageId: string;
  /** What was held for the turn. */
  reserve: number;
  modelName: string;
}

/** The ledger reference of a turn's hold and of its refund. */
export const turnReference = (turnId: string) => `turn:${turnId}`;

/**
 * `alsoCharged`: credits the turn paid apart from its hold (a web search's charge), counted in the answer's
 * and the session's credits.
 */
export function settleTurn(
  db: Db,
  turn: TurnToSettle,
  cost: number,
  answer: FinishedAnswer,
  alsoCharged = 0,
): Promise<{ charged: number; balance: number | undefined }> {
  const settlement = {
    userId: turn.userId,
    reference: turnReference(turn.turnId),
    reserve: turn.reserve,
    cost,
    refundNote: messages.chat.ledgerRefund(turn.modelName),
    extraNote: messages.chat.ledgerExtra(turn.modelName),
    kind: 'chat' as const,
    model: turn.modelName,
    target: { type: 'conversation' as const, id: turn.sessionId },
    usage: answer.usage ? { input: answer.usage.input_tokens, output: answer.usage.output_tokens } : null,
  };
  return settleGeneration(db, settlement, async (tx, settled) => {
    const charged = settled.charged + alsoCharged;
    await storeAnswer(tx, { sessionId: turn.sessionId, messageId: turn.assistantMessageId }, answer, charged);
    return { charged, balance: settled.balance };
  });
}
