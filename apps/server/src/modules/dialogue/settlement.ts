/** The end of a turn: its answer stored and its hold settled to the real cost, in one transaction. */
import type { Db } from '../../db/client';
import { messages } from '../../i18n/zh-CN';
import { settleHold } from '../billing/holds';
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

export function settleTurn(
  db: Db,
  turn: TurnToSettle,
  cost: number,
  answer: FinishedAnswer,
): Promise<{ charged: number; balance: number | undefined }> {
  return db.transaction(async (tx) => {
    const settled = await settleHold(tx, {
      userId: turn.userId,
      reference: turnReference(turn.turnId),
      reserve: turn.reserve,
      cost,
      refundNote: messages.chat.ledgerRefund(turn.modelName),
      extraNote: messages.chat.ledgerExtra(turn.modelName),
    });
    await storeAnswer(
      tx,
      { sessionId: turn.sessionId, messageId: turn.assistantMessageId },
      answer,
      settled.charged,
    );
    return settled;
  });
}
