import {
  DEFAULT_REPORTS_LIMIT,
  DEFAULT_STRATEGY_SLUG,
  nodesTodayAnswer,
  reportsRecentAnswer,
  type StrategyNodeLog,
  type StrategyPlan,
  type StrategyReport,
  type StrategySchedule,
  type SubscribeAnswer,
  type Subscription,
  strategyPaths,
  strategyPlansAnswer,
  strategySchedule,
  subscribeAnswer,
  subscription,
} from '../contract/strategy';
import {
  DEFAULT_TRACK_RECORD_WINDOW,
  type TrackRecord,
  type TrackRecordWindow,
  trackRecord,
  trackRecordPaths,
} from '../contract/trackRecord';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface StrategyApi {
  /** The node logs of a day's runs, oldest first as the server sends them. */
  nodesToday(query?: { slug?: string; date?: string }, options?: CallOptions): Promise<StrategyNodeLog[]>;
  /** The newest reports, newest first (default five). */
  recentReports(query?: { slug?: string; limit?: number }, options?: CallOptions): Promise<StrategyReport[]>;
  /** How past picks did on the next trading day, per decision, over the last 20 or 60 trading days. */
  trackRecord(
    query?: { slug?: string; window?: TrackRecordWindow },
    options?: CallOptions,
  ): Promise<TrackRecord>;
  /** Whether today trades, the day's run times and the next run, by the exchanges' calendar. */
  schedule(options?: CallOptions): Promise<StrategySchedule>;
  /** The plans on sale: price in credits, duration and benefits. */
  plans(options?: CallOptions): Promise<StrategyPlan[]>;
  subscription(slug?: string, options?: CallOptions): Promise<Subscription>;
  /**
   * Buys `plan` with credits: ACTIVE now, or extended from the current end. `requestId` (a UUID) names this
   * purchase: retrying with it charges nothing. 402 `insufficient_credits` when the balance cannot cover it.
   */
  subscribe(
    request: { plan: string; requestId: string; slug?: string },
    options?: CallOptions,
  ): Promise<SubscribeAnswer>;
}

export function createStrategyApi(http: HttpClient): StrategyApi {
  return {
    nodesToday(query = {}, options = {}) {
      return http.get(strategyPaths.nodesToday, {
        query: { slug: query.slug ?? DEFAULT_STRATEGY_SLUG, date: query.date },
        schema: nodesTodayAnswer,
        ...options,
      });
    },
    recentReports(query = {}, options = {}) {
      return http.get(strategyPaths.reportsRecent, {
        query: {
          slug: query.slug ?? DEFAULT_STRATEGY_SLUG,
          limit: String(query.limit ?? DEFAULT_REPORTS_LIMIT),
        },
        schema: reportsRecentAnswer,
        ...options,
      });
    },
    trackRecord(query = {}, options = {}) {
      return http.get(trackRecordPaths.trackRecord, {
        query: {
          slug: query.slug ?? DEFAULT_STRATEGY_SLUG,
          window: String(query.window ?? DEFAULT_TRACK_RECORD_WINDOW),
        },
        schema: trackRecord,
        ...options,
      });
    },
    schedule(options = {}) {
      return http.get(strategyPaths.schedule, { schema: strategySchedule, ...options });
    },
    subscription(slug = DEFAULT_STRATEGY_SLUG, options = {}) {
      return http.get(strategyPaths.subscription(slug), { schema: subscription, ...options });
    },
    plans(options = {}) {
      return http.get(strategyPaths.plans, { schema: strategyPlansAnswer, ...options });
    },
    subscribe({ plan, requestId, slug = DEFAULT_STRATEGY_SLUG }, options = {}) {
      return http.post(strategyPaths.subscription(slug), {
        json: { plan, request_id: requestId },
        schema: subscribeAnswer,
        ...options,
      });
    },
  };
}
