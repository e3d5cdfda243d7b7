/**
 * The wire contract of the strategy board's runs, reports and subscription. The
 * shapes are the board's; `result_data` is typed loosely on purpose (an object or a JSON string),
 * the page parses it with `strategyResultData` and shows 报告数据解析失败 when that fails.
 */
import { z } from 'zod';
import { pickOutcome } from './trackRecord';

export const DEFAULT_STRATEGY_SLUG = 'daily_board_hitting_strategy';
/** The panel asks for five reports. */
export const DEFAULT_REPORTS_LIMIT = 5;
export const MAX_REPORTS_LIMIT = 50;
/** The 403 `code` of what only subscribers see (the minute emotion, the live feed, today's picks). */
export const SUBSCRIPTION_REQUIRED_CODE = 'subscription_required';
/**
 * Where the page sends a user who needs credits. A purchase the balance cannot cover is a 402 with the
 * chat's `INSUFFICIENT_CREDITS_CODE`; its `detail` names the price and the balance.
 */
export const CREDITS_PAGE_PATH = '/account/credits';

export const strategyPaths = {
  nodesToday: '/v1/strategy/nodes/today/',
  reportsRecent: '/v1/strategy/reports/recent/',
  schedule: '/v1/strategy/schedule/',
  plans: '/v1/strategy/plans/',
  subscription: (slug: string) => `/v1/strategy/strategies/${encodeURIComponent(slug)}/subscription/`,
} as const;

/** The phases a trading day's runs are scheduled in (Asia/Shanghai). */
export const RUN_PHASES = ['PRE_OPEN', 'MORNING', 'AFTERNOON', 'POST_CLOSE'] as const;
export type RunPhase = (typeof RUN_PHASES)[number];

export const NODE_TYPES = ['data_fetch', 'data_filter', 'analysis', 'reporting'] as const;

export const strategyNodeLog = z.object({
  id: z.number().int(),
  node_id: z.string(),
  /** data_fetch | data_filter | analysis | reporting (others are shown with a generic icon). */
  node_type: z.string(),
  node_name_cn: z.string(),
  /** Empty while the node runs (the feed shows 节点执行中...). */
  description: z.string().nullable(),
  /** success | running | failed */
  execution_status: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
});
export type StrategyNodeLog = z.infer<typeof strategyNodeLog>;

export const nodesTodayQuery = z.object({
  slug: z.string().optional(),
  /** `YYYY-MM-DD` (Asia/Shanghai); default today. */
  date: z.string().optional(),
});
export const nodesTodayAnswer = z.array(strategyNodeLog);

export const ENTRY_STRATEGY_TYPES = ['pullback', 'breakout', 'avoid'] as const;
export const STOP_LOSS_TYPES = ['price', 'percent'] as const;

export const tradePlan = z.object({
  /** 1.5+ core, 1+ standard, >0.5 medium, otherwise light probe. */
  position_level: z.number(),
  entry_strategy_type: z.string(),
  entry_price_low: z.number().nullable().optional(),
  entry_price_high: z.number().nullable().optional(),
  stop_loss_type: z.string().nullable().optional(),
  stop_loss_value: z.number().nullable().optional(),
});
export type TradePlan = z.infer<typeof tradePlan>;

export const watchlistStock = z.object({
  symbol: z.string(),
  name: z.string(),
  recommendation_reason: z.string().nullable().optional(),
  trade_plan: tradePlan.nullable().optional(),
});
export type WatchlistStock = z.infer<typeof watchlistStock>;

export const EMOTION_STAGES = ['低位反弹', '震荡偏多', '高位震荡', '风险释放'] as const;

/**
 * What a report's emotion stage was judged on: the day's 情绪值 with its MA5 and MA20, the value of the
 * trading day before (null when unknown) and the stress inputs (limit-downs, broken rate, yesterday's
 * limit-up stocks' average return). Absent from reports made before reports carried it.
 */
export const stageFacts = z.object({
  value: z.number(),
  ma5: z.number(),
  ma20: z.number(),
  previous: z.number().nullable(),
  limit_down: z.number(),
  broken_rate: z.number().nullable(),
  yesterday_limit_up_return: z.number().nullable(),
});
export type StageFacts = z.infer<typeof stageFacts>;

export const marketAnalysis = z.object({
  emotion_stage: z.string().nullable().optional(),
  emotion_facts: stageFacts.nullable().optional(),
  analysis_summary: z.string().nullable().optional(),
  key_themes: z.array(z.object({ theme: z.string(), logic: z.string().nullable().optional() })).optional(),
});
export type MarketAnalysis = z.infer<typeof marketAnalysis>;

/** What a report's `result_data` holds once parsed. */
export const strategyResultData = z.object({
  /** The market the report was computed from: `simulated` (show 模拟行情) or `eastmoney`; absent in older reports. */
  data_source: z.string().nullable().optional(),
  market_analysis: marketAnalysis.nullable().optional(),
  actionable_watchlist: z.array(watchlistStock).nullable().optional(),
});
export type StrategyResultData = z.infer<typeof strategyResultData>;

export const strategyReport = z.object({
  id: z.string(),
  trade_date: z.string(),
  run_phase: z.string(),
  run_phase_display: z.string(),
  /** An object or a JSON string; null when the run left no result. */
  result_data: z.unknown(),
  created_at: z.string(),
  /**
   * How each pick did on the next trading day, in the watchlist's order (the track record's definitions);
   * null when the market could not be asked, absent from servers that do not compute it.
   */
  outcomes: z.array(pickOutcome).nullable().optional(),
});
export type StrategyReport = z.infer<typeof strategyReport>;

export const reportsRecentQuery = z.object({
  slug: z.string().optional(),
  /** 1–50, default 5. */
  limit: z.string().optional(),
});
export const reportsRecentAnswer = z.array(strategyReport);

const scheduledRun = z.object({
  phase: z.string(),
  /** 盘前分析, 早盘跟踪, 午后评估, 盘后复盘. */
  display: z.string(),
  /** `HH:MM`, Asia/Shanghai. */
  at: z.string(),
});

/** When the strategy runs, as the trading calendar has it at the moment of asking (Asia/Shanghai). */
export const strategySchedule = z.object({
  /** `YYYY-MM-DD`, Shanghai. */
  today: z.string(),
  /** False on weekends and exchange holidays (休市): nothing runs that day. */
  trading_day: z.boolean(),
  /** A trading day's runs, in order. */
  runs: z.array(scheduledRun),
  /** The next run to come (later today or on the next trading day); null past the end of the calendar. */
  next_run: scheduledRun.extend({ date: z.string() }).nullable(),
});
export type StrategySchedule = z.infer<typeof strategySchedule>;

/**
 * What a subscription costs and gives: `price_credits` credits for `duration_days` days; `benefits` name
 * what it opens. Without one a user sees the daily emotion and the last completed trading day's report.
 */
export const strategyPlan = z.object({
  code: z.string(),
  strategy_slug: z.string(),
  name: z.string(),
  price_credits: z.number().int().positive(),
  duration_days: z.number().int().positive(),
  benefits: z.array(z.string()),
});
export type StrategyPlan = z.infer<typeof strategyPlan>;
export const strategyPlansAnswer = z.array(strategyPlan);

/**
 * NONE (never subscribed), ACTIVE (until `expires_at`) or EXPIRED. Subscriptions made before plans
 * existed may show PENDING in their history; none is PENDING now.
 */
export const SUBSCRIPTION_STATUSES = ['NONE', 'ACTIVE', 'EXPIRED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionEvent = z.object({
  from_status: z.string(),
  to_status: z.string(),
  expires_at: z.string().nullable(),
  /** The plan bought by this change and what it cost; null for an expiry. */
  plan_code: z.string().nullable().default(null),
  price_credits: z.number().int().nullable().default(null),
  created_at: z.string(),
});
export type SubscriptionEvent = z.infer<typeof subscriptionEvent>;

export const subscription = z.object({
  /** Null while NONE: the user never subscribed. */
  id: z.string().nullable(),
  strategy_slug: z.string(),
  subscription_status: z.string(),
  /** ISO 8601; set once paid. */
  expires_at: z.string().nullable(),
  /** The plan last bought; null while NONE. */
  plan: z.object({ code: z.string(), name: z.string() }).nullable().default(null),
  /** Every change of status, oldest first. */
  history: z.array(subscriptionEvent).default([]),
});
export type Subscription = z.infer<typeof subscription>;

/**
 * Buys `plan` with credits: subscribes, or extends an active subscription from its end. `request_id` is
 * the client's id of this purchase (a UUID): sending it again charges nothing and answers the same.
 */
export const subscribeRequest = z.object({
  plan: z.string().min(1).max(64),
  request_id: z.string().uuid(),
});
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

/** The subscription after a purchase, with the balance left and what this request charged (0 on a retry). */
export const subscribeAnswer = subscription.extend({
  credits_balance: z.number().int(),
  charged: z.number().int(),
});
export type SubscribeAnswer = z.infer<typeof subscribeAnswer>;

export const strategySlugParams = z.object({ slug: z.string() });
