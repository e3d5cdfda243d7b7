import type { TradePlan, WatchlistStock } from '@wanxiang/api-client';
import { describe, expect, it } from 'vitest';
import { feedNodes, schedules, watchlist } from './strategyFixtures';
import {
  batchLabel,
  entryText,
  idleFeedText,
  parseResultData,
  phaseLabel,
  pickDecision,
  positionLabel,
  processFeed,
  stageStyle,
  stockCopyText,
  stopLossText,
  watchlistText,
} from './strategyLogic';

describe('the feed', () => {
  it('reverses, de-duplicates by node and second keeping the longer text, and batches by 30-minute gaps', () => {
    const batches = processFeed(feedNodes);
    expect(batches.map((b) => b.label)).toEqual(['午后评估', '早盘跟踪', '盘前分析']);
    expect(batches.map((b) => b.nodes.length)).toEqual([1, 3, 4]);
    const morning = batches[1]?.nodes ?? [];
    expect(morning.map((n) => n.node_type)).toEqual(['analysis', 'data_filter', 'data_fetch']);
    expect(morning[1]?.description).toBe('涨停池 41 只：保留 15 只候选，入选 5 只。');
    // Newest first inside a batch too; the batch starts at its oldest node.
    expect(batches[2]?.nodes.map((n) => n.node_type)).toEqual([
      'reporting',
      'analysis',
      'data_filter',
      'data_fetch',
    ]);
    expect(batches[2]?.start).toBe(feedNodes[0]?.timestamp);
  });

  it('keeps nodes 30 minutes apart in one batch and splits at 30 minutes and a second', () => {
    const at = (time: string, id: number) => ({
      id,
      node_id: `n${id}`,
      node_type: 'analysis',
      node_name_cn: 'x',
      description: 'd',
      execution_status: 'success',
      timestamp: new Date(`2026-11-25T${time}+08:00`).toISOString(),
    });
    expect(processFeed([at('09:00:00', 1), at('09:30:00', 2)]).length).toBe(1);
    expect(processFeed([at('09:00:00', 1), at('09:30:01', 2)]).length).toBe(2);
    expect(processFeed([])).toEqual([]);
  });

  it('labels a batch by its start hour', () => {
    expect([8, 9, 10, 11, 12, 13, 14, 15, 7, 20].map(batchLabel)).toEqual([
      '盘前分析',
      '早盘跟踪',
      '早盘跟踪',
      '早盘跟踪',
      '盘后复盘',
      '午后评估',
      '午后评估',
      '盘后复盘',
      '盘后复盘',
      '盘后复盘',
    ]);
  });
});

describe('the stock cards', () => {
  it('labels positions at 1.5, 1 and above 0.5', () => {
    expect([2, 1.5, 1.49, 1, 0.9, 0.51, 0.5, 0].map(positionLabel)).toEqual([
      '核心仓位',
      '核心仓位',
      '标准仓位',
      '标准仓位',
      '中等仓位',
      '中等仓位',
      '轻仓试探',
      '轻仓试探',
    ]);
  });

  it('writes entries and stop losses by type', () => {
    const plans = watchlist.map((s) => s.trade_plan);
    expect(plans.map(entryText)).toEqual(['¥23.10', '¥14.07 - ¥14.51', '按计划执行', '建议回避']);
    expect(plans.map(stopLossText)).toEqual(['5%', '¥13.65', '¥8.80', '—']);
  });

  it('colours the four stages and greys anything else', () => {
    expect(
      ['低位反弹', '震荡偏多', '高位震荡', '风险释放', '冰点', '', null].map((s) => stageStyle(s)),
    ).toEqual([
      { tone: 'green', text: '低位反弹' },
      { tone: 'blue', text: '震荡偏多' },
      { tone: 'orange', text: '高位震荡' },
      { tone: 'red', text: '风险释放' },
      { tone: 'grey', text: '冰点' },
      { tone: 'grey', text: '未知阶段' },
      { tone: 'grey', text: '未知阶段' },
    ]);
  });

  it('parses result_data given as an object or a JSON string, and tells empty from broken', () => {
    expect(parseResultData({ actionable_watchlist: [] })).toEqual({
      kind: 'ready',
      data: { actionable_watchlist: [] },
    });
    expect(parseResultData('{"market_analysis":{"emotion_stage":"风险释放"}}').kind).toBe('ready');
    expect(parseResultData({ data_source: 'simulated' })).toEqual({
      kind: 'ready',
      data: { data_source: 'simulated' },
    });
    expect(parseResultData(null)).toEqual({ kind: 'empty' });
    expect(parseResultData('')).toEqual({ kind: 'empty' });
    expect(parseResultData('{"market_analysis": ')).toEqual({ kind: 'invalid' });
    expect(parseResultData('[1,2]')).toEqual({ kind: 'invalid' });
    expect(parseResultData({ actionable_watchlist: 'x' })).toEqual({ kind: 'invalid' });
  });

  it('decides each pick once, from the stage and its own plan', () => {
    const [leader, follower, hold, avoid] = watchlist as [
      WatchlistStock,
      WatchlistStock,
      WatchlistStock,
      WatchlistStock,
    ];
    expect(['震荡偏多', '高位震荡'].flatMap((stage) => watchlist.map((s) => pickDecision(stage, s)))).toEqual(
      [
        { kind: 'enter', label: '核心仓位', note: null },
        { kind: 'enter', label: '中等仓位', note: null },
        { kind: 'watch', label: '关注', note: null },
        { kind: 'avoid', label: '回避', note: '交易计划建议回避，不参与' },
        { kind: 'enter', label: '核心仓位', note: null },
        { kind: 'enter', label: '中等仓位', note: null },
        { kind: 'watch', label: '关注', note: null },
        { kind: 'avoid', label: '回避', note: '交易计划建议回避，不参与' },
      ],
    );
    // 风险释放 avoids every pick, whatever its plan says.
    for (const stock of [leader, follower, hold, avoid])
      expect(pickDecision(' 风险释放 ', stock)).toEqual({
        kind: 'avoid',
        label: '回避',
        note: '情绪处于风险释放，当前市场环境不适合入场',
      });
    // A plan that puts nothing in is avoided even if it names an entry; a small one is a light probe.
    const plan = leader.trade_plan as TradePlan;
    expect(pickDecision('低位反弹', { ...leader, trade_plan: { ...plan, position_level: 0 } }).kind).toBe(
      'avoid',
    );
    expect(pickDecision('低位反弹', { ...leader, trade_plan: { ...plan, position_level: 0.3 } })).toEqual({
      kind: 'enter',
      label: '轻仓试探',
      note: null,
    });
    expect(pickDecision(null, { ...leader, trade_plan: null })).toEqual({
      kind: 'watch',
      label: '关注',
      note: '暂无交易计划，仅作关注',
    });
  });

  it('labels a report by its phase', () => {
    expect(
      ['PRE_OPEN', 'MORNING', 'AFTERNOON', 'POST_CLOSE'].map((phase) => phaseLabel(phase, '盘中评估')),
    ).toEqual(['盘前分析', '盘中 · 早盘跟踪', '盘中 · 午后评估', '盘后复盘']);
    expect(phaseLabel('EVENING', '夜间复盘')).toBe('夜间复盘');
    expect(phaseLabel('EVENING', ' ')).toBe('策略报告');
  });

  it('copies a watchlist as text, a stock a line with its decision, marked simulated, the notice last', () => {
    expect(
      watchlistText({
        date: '2026-11-25',
        phase: '盘中 · 早盘跟踪',
        stage: '震荡偏多',
        stocks: watchlist,
        simulated: true,
      }).split('\n'),
    ).toEqual([
      '2026-11-25 盘中 · 早盘跟踪（模拟行情）',
      'MZ0301 模拟主板0301｜核心仓位｜入场：¥23.10｜止损：5%｜半导体龙头，5 连板，09:31:00 首次封板，全天未开板。题材内最高板，打板确认封单后跟随。',
      'MC0042 模拟创业0042｜中等仓位｜入场：¥14.07 - ¥14.51｜止损：¥13.65｜半导体跟风，2 连板。跟随龙头的补涨，回踩承接区低吸，不追高。',
      'MZ1187 模拟主板1187｜关注｜入场：按计划执行｜止损：¥8.80｜暂无推荐理由',
      'MZ0003 模拟主板0003｜回避｜交易计划建议回避，不参与｜电力龙头，6 连板。情绪处于高位震荡，高位分歧加大，不参与接力。',
      '',
      '本页内容仅供参考，不构成投资建议；股市有风险，投资需谨慎',
    ]);
    const risky = watchlistText({
      date: '2026-11-25',
      phase: '盘后复盘',
      stage: '风险释放',
      stocks: watchlist.slice(0, 1),
      simulated: false,
    }).split('\n');
    expect(risky[0]).toBe('2026-11-25 盘后复盘');
    expect(risky[1]).toMatch(/^MZ0301 模拟主板0301｜回避｜情绪处于风险释放，当前市场环境不适合入场｜/);
    expect(risky.at(-1)).toBe('本页内容仅供参考，不构成投资建议；股市有风险，投资需谨慎');
  });

  it('copies one stock with 模拟行情 and the notice', () => {
    expect(stockCopyText(watchlist[0] as WatchlistStock, true)).toBe(
      'MZ0301 模拟主板0301（模拟行情）\n本页内容仅供参考，不构成投资建议；股市有风险，投资需谨慎',
    );
  });
});

describe('the calendar on the feed', () => {
  it('says 休市 on a closed day and when the next run is, in Shanghai time', () => {
    expect(idleFeedText(schedules.weekend)).toEqual({
      title: '今日休市',
      note: '周末与交易所节假日不运行策略',
      next: '下次运行：11月30日周一 08:45 盘前分析（上海时间）',
    });
    expect(idleFeedText(schedules.tradingDay)).toEqual({
      title: '今日策略尚未运行',
      note: null,
      next: '下次运行：今天 15:30 盘后复盘（上海时间）',
    });
    // Past the end of the calendar nothing is scheduled; without a schedule only that nothing ran.
    expect(idleFeedText({ ...schedules.weekend, next_run: null }).next).toBeNull();
    expect(idleFeedText(null)).toEqual({ title: '今日策略尚未运行', note: null, next: null });
  });
});
