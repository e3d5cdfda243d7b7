/**
 * A turn's web search (联网搜索 on): its price held after the answer's, its results put in front of the
 * prompt, and its charge refunded when it fails.
 */
import type { StreamSearchData } from '@wanxiang/api-client/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { messages } from '../../i18n/zh-CN';
import { holdCredits } from '../billing/holds';
import { applyCreditChange } from '../billing/ledger';
import type { Prompt } from '../models/language-model';
import { estimatePromptTokens } from '../models/tokens';
import { SearchError, searchQueryOf, type WebSearch } from '../search';
import { searchContextText } from '../search/context';
import type { StoredSearch } from './repo';

/** Search results in a prompt: about this many tokens each, held for before the search runs. */
export const SEARCH_RESULT_TOKENS = 250;
/** The ledger reference of a turn's web search charge and of its refund. */
const searchReference = (turnId: string) => `turn:${turnId}:search`;

/** A turn's web search: what to search, and what was held for it. */
export interface TurnSearchPlan {
  query: string;
  /** Credits held for the search (its price), refunded when it gives no results. */
  held: number;
  /** Why it will not run (no provider, no credits for it): the note the user sees instead. */
  skipped?: string;
}

/** What the search needs of its turn; its results go in front of the turn's prompt. */
export interface SearchingTurn {
  turnId: string;
  userId: string;
  /** The conversation its ledger rows link to. */
  sessionId: string;
  text: string;
  prompt: Prompt;
  promptTokens: number;
  controller: AbortController;
}

export class TurnWebSearch {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    /** The configured search; null when none is (a turn asking for one gets a note instead). */
    private readonly search: WebSearch | null,
  ) {}

  /**
   * The turn's web search, after the answer's hold: a balance that pays for the answer but not for the
   * search gets the answer without search and a note saying why, rather than a refusal.
   */
  async plan(turn: SearchingTurn): Promise<TurnSearchPlan> {
    const query = searchQueryOf(turn.text);
    if (!this.search) {
      this.logger.warn(
        { turn: turn.turnId },
        'web search (联网搜索) was asked for but is off: SEARCH_PROVIDER is not set (see the README, "Web search")',
      );
      return { query, held: 0, skipped: messages.search.notConfigured };
    }
    const price = this.search.price;
    if (price === 0) return { query, held: 0 };
    const held = await holdCredits(this.db, {
      userId: turn.userId,
      reference: searchReference(turn.turnId),
      full: price,
      minimum: price,
      note: messages.search.ledgerCharge,
      kind: 'search',
      // The search is priced as its own "model" in the ledger and the usage chart.
      model: messages.search.ledgerCharge,
      target: { type: 'conversation', id: turn.sessionId },
    });
    if (held === null) return { query, held: 0, skipped: messages.search.insufficientCredits(price) };
    return { query, held };
  }

  /**
   * Runs the turn's web search and puts its results in front of the prompt. Reports its progress to
   * `sink`; a failure is a note to the user, never the turn's failure. Answers what the search cost and
   * what to store with the answer.
   */
  async run(
    turn: SearchingTurn,
    plan: TurnSearchPlan,
    sink: { search(data: StreamSearchData): void },
  ): Promise<{ charged: number; stored: StoredSearch }> {
    const { query } = plan;
    if (plan.skipped || !this.search) {
      const message = plan.skipped ?? messages.search.notConfigured;
      sink.search({ status: 'failed', query, message });
      return { charged: 0, stored: { query, status: 'failed', count: 0, error: message, sources: [] } };
    }
    sink.search({ status: 'searching', query });
    try {
      const sources = await this.search.search(query, turn.controller.signal);
      sink.search({ status: 'done', query, count: sources.length });
      if (sources.length > 0) {
        const context = searchContextText(query, sources);
        turn.prompt = [{ role: 'system', content: context }, ...turn.prompt];
        turn.promptTokens = estimatePromptTokens(
          turn.prompt.map((message) => ({
            text:
              typeof message.content === 'string'
                ? message.content
                : message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
          })),
        );
      }
      return {
        charged: plan.held,
        stored: { query, status: 'done', count: sources.length, error: null, sources },
      };
    } catch (error) {
      const message = error instanceof SearchError ? error.message : messages.search.unreachable;
      if (!turn.controller.signal.aborted) {
        this.logger.warn(
          { err: error, turn: turn.turnId, provider: this.search.settings.kind },
          'web search failed',
        );
        sink.search({ status: 'failed', query, message });
      }
      if (plan.held > 0) {
        await applyCreditChange(this.db, {
          userId: turn.userId,
          delta: plan.held,
          kind: 'refund',
          reference: searchReference(turn.turnId),
          note: messages.search.ledgerRefund,
          details: {
            model: messages.search.ledgerCharge,
            target: { type: 'conversation', id: turn.sessionId },
          },
        }).catch((refundError) =>
          this.logger.error({ err: refundError, turn: turn.turnId }, 'could not refund a web search'),
        );
      }
      return { charged: 0, stored: { query, status: 'failed', count: 0, error: message, sources: [] } };
    }
  }
}
