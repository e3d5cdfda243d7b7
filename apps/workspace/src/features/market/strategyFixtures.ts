/** Node logs, reports and subscriptions for the stories and the unit tests, shaped as the server sends them. */
import type {
  StrategyNodeLog,
  StrategyPlan,
  StrategyReport,
  StrategySchedule,
  Subscription,
} from '@wanxiang/api-client';

let nextId = 1;
/** `HH:MM:SS` Shanghai time on 2026-11-25. */
function node(
  time: string,
  type: string,
  name: string,
  description: string,
  status = 'success',
): StrategyNodeLog {
  return {
    id: nextId++,
    node_id: type,
    node_type: type,
    node_name_cn: name,
    description,
    execution_status: status,
    timestamp: new Date(`2026-11-25T${time}+08:00`).toISOString(),
  };
}

/** Oldest first, as the server answers: a pre-open run, a morning run, an afternoon run still going. */
export const feedNodes: StrategyNodeLog[] = [
  node(
    '08:45:01',
    'data_fetch',
    '获取行情数据',
    '获取 2026-11-24 收盘 行情：涨停 68 只、炸板 21 只、跌停 4 只、昨日涨停 55 只。',
  ),
  node(
    '08:45:02',
    'data_filter',
    '连板梯队筛选',
    '涨停池 68 只：剔除开板 2 次及以上 6 只、14:30 后首封 9 只、非热点题材 31 只，保留 22 只候选，入选 6 只。',
  ),
  node(
    '08:45:02',
    'analysis',
    '情绪与题材分析',
    '情绪值 61.2（MA5 57.4，MA20 52.9），阶段：震荡偏多；热点题材 3 个；规则生成摘要。',
  ),
  node('08:45:03', 'reporting', '生成策略报告', '写入 2026-11-25 盘前分析报告：推荐个股 6 只。'),
  node('10:30:00', 'data_fetch', '获取行情数据', '获取 2026-11-25 10:30 行情：涨停 41 只、炸板 12 只。'),
  node('10:30:01', 'data_filter', '连板梯队筛选', '', 'running'),
  // The same node in the same second, logged twice: the longer description is kept.
  node('10:30:01', 'data_filter', '连板梯队筛选', '涨停池 41 只：保留 15 只候选，入选 5 只。'),
  node(
    '10:30:02',
    'analysis',
    '情绪与题材分析',
    '执行失败：行情数据源不可用（eastmoney: timeout）',
    'failed',
  ),
  node('13:45:00', 'data_fetch', '获取行情数据', '', 'running'),
];

const analysis = {
  emotion_stage: '震荡偏多',
  // What the stage was judged on: above its MA5 with MA20 between 45 and 60, no stress → 震荡偏多.
  emotion_facts: {
    value: 61.2,
    ma5: 57.4,
    ma20: 52.9,
    previous: 58.3,
    limit_down: 4,
    broken_rate: 0.236,
    yesterday_limit_up_return: 2.14,
  },
  analysis_summary:
    '情绪值 61.2（MA5 57.4，MA20 52.9），处于震荡偏多。涨停 68 只，炸板 21 只（炸板率 23.6%），跌停 4 只，最高 5 连板。热点题材：半导体（9 只）、汽车零部（7 只）、电力（5 只）。',
  key_themes: [
    { theme: '半导体', logic: '9 只涨停，梯队 5板1只、2板2只、1板6只；龙头 模拟主板0301（MZ0301）5 连板。' },
    { theme: '汽车零部', logic: '7 只涨停，梯队 3板1只、1板6只；龙头 模拟主板1187（MZ1187）3 连板。' },
  ],
};

export const watchlist = [
  {
    symbol: 'MZ0301',
    name: '模拟主板0301',
    recommendation_reason:
      '半导体龙头，5 连板，09:31:00 首次封板，全天未开板。题材内最高板，打板确认封单后跟随。',
    trade_plan: {
      position_level: 1.5,
      entry_strategy_type: 'breakout',
      entry_price_low: 23.1,
      entry_price_high: 23.1,
      stop_loss_type: 'percent',
      stop_loss_value: 5,
    },
  },
  {
    symbol: 'MC0042',
    name: '模拟创业0042',
    recommendation_reason: '半导体跟风，2 连板。跟随龙头的补涨，回踩承接区低吸，不追高。',
    trade_plan: {
      position_level: 0.9,
      entry_strategy_type: 'pullback',
      entry_price_low: 14.07,
      entry_price_high: 14.51,
      stop_loss_type: 'price',
      stop_loss_value: 13.65,
    },
  },
  {
    symbol: 'MZ1187',
    name: '模拟主板1187',
    recommendation_reason: '',
    trade_plan: {
      position_level: 1,
      entry_strategy_type: 'hold',
      entry_price_low: null,
      entry_price_high: null,
      stop_loss_type: 'price',
      stop_loss_value: 8.8,
    },
  },
  {
    symbol: 'MZ0003',
    name: '模拟主板0003',
    recommendation_reason: '电力龙头，6 连板。情绪处于高位震荡，高位分歧加大，不参与接力。',
    trade_plan: {
      position_level: 0,
      entry_strategy_type: 'avoid',
      entry_price_low: null,
      entry_price_high: null,
      stop_loss_type: null,
      stop_loss_value: null,
    },
  },
];

function report(id: string, date: string, phase: string, display: string, data: unknown): StrategyReport {
  return {
    id,
    trade_date: date,
    run_phase: phase,
    run_phase_display: display,
    result_data: data,
    created_at: `${date}T07:30:00.000Z`,
  };
}

/** Newest first: a full report, a pre-open one as a JSON string, one without a result, one unparseable. */
export const reports: StrategyReport[] = [
  report('r1', '2026-11-25', 'MORNING', '早盘跟踪', {
    data_source: 'simulated',
    market_analysis: analysis,
    actionable_watchlist: watchlist,
  }),
  report(
    'r2',
    '2026-11-25',
    'PRE_OPEN',
    '盘前分析',
    JSON.stringify({
      market_analysis: { emotion_stage: '风险释放', analysis_summary: '', key_themes: [] },
      actionable_watchlist: [],
    }),
  ),
  report('r3', '2026-11-24', 'POST_CLOSE', '盘后复盘', null),
  report('r4', '2026-11-21', 'POST_CLOSE', '盘后复盘', '{"market_analysis": '),
];

const sub = (status: string, expires: string | null = null): Subscription => ({
  id: status === 'NONE' ? null : '7d7c3f1e-4a55-4c1d-9a53-0a1f1d7a9d11',
  strategy_slug: 'daily_board_hitting_strategy',
  subscription_status: status,
  expires_at: expires,
  plan: status === 'NONE' ? null : { code: 'board_monthly', name: '策略月度订阅' },
  history: [],
});

export const subscriptions = {
  none: sub('NONE'),
  active: sub('ACTIVE', '2026-12-25T02:30:00.000Z'),
  expired: sub('EXPIRED', '2026-10-01T02:30:00.000Z'),
};

/** The plan on sale, as the server seeds it. */
export const monthlyPlan: StrategyPlan = {
  code: 'board_monthly',
  strategy_slug: 'daily_board_hitting_strategy',
  name: '策略月度订阅',
  price_credits: 300,
  duration_days: 30,
  benefits: ['分钟级情绪指标（盘中每 5 分钟）', '策略执行动态（实时）', '当日推荐个股与交易计划'],
};

const runs = [
  { phase: 'PRE_OPEN', display: '盘前分析', at: '08:45' },
  { phase: 'MORNING', display: '早盘跟踪', at: '10:30' },
  { phase: 'AFTERNOON', display: '午后评估', at: '13:45' },
  { phase: 'POST_CLOSE', display: '盘后复盘', at: '15:30' },
];

/** The schedule as the server answers it: on a trading day at 14:35, and on a Saturday. */
export const schedules: Record<'tradingDay' | 'weekend', StrategySchedule> = {
  tradingDay: {
    today: '2026-11-25',
    trading_day: true,
    runs,
    next_run: { date: '2026-11-25', at: '15:30', phase: 'POST_CLOSE', display: '盘后复盘' },
  },
  weekend: {
    today: '2026-11-28',
    trading_day: false,
    runs,
    next_run: { date: '2026-11-30', at: '08:45', phase: 'PRE_OPEN', display: '盘前分析' },
  },
};
