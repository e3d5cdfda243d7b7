import {
  DEFAULT_REPORTS_LIMIT,
  DEFAULT_STRATEGY_SLUG,
  nodesTodayAnswer,
  reportsRecentAnswer,
  type StrategyNodeLog,
  type StrategyReport,
  type StrategySchedule,
  type Subscription,
  strategyPaths,
  strategySchedule,
  subscription,
} from '../contract/strategy';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface StrategyApi {
  /** The node logs of a day's runs, oldest first as the server sends them. */
  nodesToday(query?: { slug?: string; date?: string }, options?: CallOptions): Promise<StrategyNodeLog[]>;
  /** The newest reports, newest first (default five). */
  recentReports(query?: { slug?: string; limit?: number }, options?: CallOptions): Promise<StrategyReport[]>;
  /** Whether today trades, the day's run times and the next run, by the exchanges' calendar. */
  schedule(options?: CallOptions): Promise<StrategySchedule>;
  subscription(slug?: string, options?: CallOptions): Promise<Subscription>;
  /** Subscribe or renew: a PENDING subscription. 409 while one is pending or active. */
  subscribe(slug?: string, options?: CallOptions): Promise<Subscription>;
  /** The mock payment of a PENDING subscription: ACTIVE for 30 days. */
  mockPayment(id: string, options?: CallOptions): Promise<Subscription>;
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
    schedule(options = {}) {
      return http.get(strategyPaths.schedule, { schema: strategySchedule, ...options });
    },
    subscription(slug = DEFAULT_STRATEGY_SLUG, options = {}) {
      return http.get(strategyPaths.subscription(slug), { schema: subscription, ...options });
    },
    subscribe(slug = DEFAULT_STRATEGY_SLUG, options = {}) {
      return http.post(strategyPaths.subscription(slug), { schema: subscription, ...options });
    },
    mockPayment(id, options = {}) {
      return http.post(strategyPaths.mockPayment(id), { schema: subscription, ...options });
    },
  };
}
