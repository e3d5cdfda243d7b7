/**
 * The runs of daily_board_hitting_strategy: claimed once per (slug, trade date, phase) in the database,
 * executed node by node with a log row per node, ended by a report. See README.md.
 */
import type { RunPhase, TrackRecord, TrackRecordWindow } from '@wanxiang/api-client/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { strategyNodeLogs, strategyReports, strategyRuns } from '../../db/schema';
import {
  addDays,
  isDayComplete,
  isTradingDay,
  previousTradingDay,
  shanghaiClock,
  slotsElapsed,
  tradingDaysBefore,
} from '../market/calendar';
import { movingAverage, scoreSnapshot } from '../market/emotion';
import { closingSnapshot, type MarketSnapshot, MarketSourceError } from '../market/provider';
import type { MarketService } from '../market/service';
import { phaseAt, phaseDisplay } from './phases';
import {
  type EmotionFacts,
  emotionStage,
  hotThemes,
  type PlanPhase,
  resultData,
  ruleSummary,
  selectWatchlist,
} from './rules';
import { readPicks, TrackRecordService } from './trackRecordService';

export const STRATEGY_SLUGS = ['daily_board_hitting_strategy'] as const;
/** Reports a fresh install starts with (the panel shows five). */
export const BACKFILL_REPORTS = 5;

/** Writes the summary from the facts when a model is configured; the rules still choose the stocks. */
export type Summarizer = (facts: string) => Promise<string>;

export interface StrategyServiceOptions {
  logger: Logger;
  now?: () => Date;
  summarize?: Summarizer;
}

export type NodeType = 'data_fetch' | 'data_filter' | 'analysis' | 'reporting';

export interface RunOutcome {
  /** `taken`: another instance (or an earlier run) already claimed this slot. */
  outcome: 'success' | 'failed' | 'taken';
  runId?: string;
  error?: string;
}

interface Fetched {
  snapshot: MarketSnapshot;
  planPhase: PlanPhase;
  label: string;
}

export class StrategyService {
  private readonly now: () => Date;
  private backfilled: Promise<void> | undefined;
  /** How past reports' picks did on the next trading day (computed once per pick, kept in memory). */
  readonly track: TrackRecordService;

  constructor(
    private readonly db: Db,
    private readonly market: MarketService,
    private readonly options: StrategyServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.track = new TrackRecordService(db, market, this.now);
  }

  today(): string {
    return shanghaiClock(this.now()).date;
  }

  /** The instant the service runs at (its clock, fixed in tests). */
  clock(): Date {
    return this.now();
  }

  /** Runs the phase due now, if the day trades and no instance ran it yet. */
  async tick(slug: string = STRATEGY_SLUGS[0]): Promise<RunOutcome | undefined> {
    const { date, minute } = shanghaiClock(this.now());
    if (!isTradingDay(date)) return undefined;
    const window = phaseAt(minute);
    if (!window) return undefined;
    return this.run(slug, date, window.phase);
  }

  /** The last five complete trading days' post-close reports, for a fresh install; once per process. */
  ensureBackfilled(slug: string = STRATEGY_SLUGS[0]): Promise<void> {
    const pending =
      this.backfilled ??
      this.backfill(slug).then(
        () => undefined,
        (error: unknown) => {
          this.backfilled = undefined;
          this.options.logger.error({ err: error, slug }, 'strategy report backfill failed');
        },
      );
    this.backfilled = pending;
    return pending;
  }

  async backfill(slug: string = STRATEGY_SLUGS[0]): Promise<number> {
    await this.dropUnlabelledSimulated(slug);
    const now = this.now();
    const today = this.today();
    const days = [...tradingDaysBefore(today, BACKFILL_REPORTS), today]
      .filter((date) => isTradingDay(date) && isDayComplete(date, now))
      .slice(-BACKFILL_REPORTS);
    let ran = 0;
    for (const date of days) {
      const result = await this.run(slug, date, 'POST_CLOSE');
      if (result.outcome !== 'taken') ran += 1;
    }
    return ran;
  }

  /**
   * Reports stored before a report named its market (`data_source`) may come from the simulated market's
   * first universe, which put invented names on the codes of listed companies. On an install whose market
   * is simulated they are dropped with their runs (the runs' node logs and reports go with them), so that
   * the backfill makes the recent ones again under codes no exchange issues. A real market's reports stay.
   * Safe on several instances at once: a report made since names its market and is never dropped.
   */
  private async dropUnlabelledSimulated(slug: string): Promise<number> {
    if (this.market.source !== 'simulated') return 0;
    const unlabelled = this.db
      .select({ runId: strategyReports.runId })
      .from(strategyReports)
      .where(
        and(eq(strategyReports.slug, slug), sql`${strategyReports.resultData} ->> 'data_source' is null`),
      );
    const dropped = await this.db
      .delete(strategyRuns)
      .where(inArray(strategyRuns.id, unlabelled))
      .returning({ id: strategyRuns.id });
    if (dropped.length > 0)
      this.options.logger.info(
        { slug, dropped: dropped.length },
        'dropped simulated reports made before they named their market',
      );
    return dropped.length;
  }

  /** Claims (slug, date, phase) and runs it; a slot already claimed is left alone. */
  async run(slug: string, date: string, phase: RunPhase): Promise<RunOutcome> {
    const [claimed] = await this.db
      .insert(strategyRuns)
      .values({ slug, tradeDate: date, phase, status: 'running', startedAt: this.now() })
      .onConflictDoNothing()
      .returning({ id: strategyRuns.id });
    if (!claimed) return { outcome: 'taken' };
    const runId = claimed.id;
    const log = this.options.logger.child({ slug, date, phase, runId });
    try {
      await this.execute(runId, slug, date, phase);
      await this.db
        .update(strategyRuns)
        .set({ status: 'success', finishedAt: this.now() })
        .where(eq(strategyRuns.id, runId));
      log.info('strategy run finished');
      return { outcome: 'success', runId };
    } catch (error) {
      const reason = reasonOf(error);
      log.warn({ err: error }, 'strategy run failed');
      await this.db
        .update(strategyRuns)
        .set({ status: 'failed', error: reason, finishedAt: this.now() })
        .where(eq(strategyRuns.id, runId))
        .catch((err: unknown) => log.error({ err }, 'could not mark the strategy run failed'));
      return { outcome: 'failed', runId, error: reason };
    }
  }

  /** One node: a `running` row first, then its outcome; a failure is written with its reason and rethrown. */
  private async node<T>(
    run: { id: string; slug: string; date: string },
    type: NodeType,
    name: string,
    work: () => Promise<{ value: T; description: string }>,
  ): Promise<T> {
    const [row] = await this.db
      .insert(strategyNodeLogs)
      .values({
        runId: run.id,
        slug: run.slug,
        tradeDate: run.date,
        nodeId: type,
        nodeType: type,
        nodeNameCn: name,
        description: '',
        executionStatus: 'running',
        timestamp: this.now(),
      })
      .returning({ id: strategyNodeLogs.id });
    const id = (row as { id: number }).id;
    try {
      const { value, description } = await work();
      await this.db
        .update(strategyNodeLogs)
        .set({ description, executionStatus: 'success' })
        .where(eq(strategyNodeLogs.id, id));
      return value;
    } catch (error) {
      await this.db
        .update(strategyNodeLogs)
        .set({ description: `执行失败：${reasonOf(error)}`, executionStatus: 'failed' })
        .where(eq(strategyNodeLogs.id, id));
      throw error;
    }
  }

  private async fetchSnapshot(date: string, phase: RunPhase): Promise<Fetched> {
    const provider = this.market.provider;
    if (phase === 'PRE_OPEN') {
      const previous = previousTradingDay(date);
      if (!previous) throw new Error(`${date} 之前没有交易日`);
      return {
        snapshot: await closingSnapshot(provider, previous),
        planPhase: 'next-session',
        label: `${previous} 收盘`,
      };
    }
    if (phase === 'POST_CLOSE')
      return {
        snapshot: await closingSnapshot(provider, date),
        planPhase: 'next-session',
        label: `${date} 收盘`,
      };
    const elapsed = slotsElapsed(date, this.now());
    const slots = await provider.intradaySnapshots(date);
    const snapshot = slots.slice(0, Math.max(1, elapsed)).at(-1);
    if (!snapshot) throw new MarketSourceError(provider.source, `${date} 尚无盘中数据`, { kind: 'no-data' });
    return { snapshot, planPhase: 'intraday', label: `${date} ${snapshot.time}` };
  }

  /** The indicator of the analysed day: its value from the snapshot, averages over the archived closes. */
  private async emotionFacts(snapshot: MarketSnapshot): Promise<EmotionFacts> {
    const date = snapshot.tradeDate;
    const score = scoreSnapshot(snapshot);
    const history = (await this.market.dailySeries(addDays(date, -45), date)).filter(
      (point) => point.date < date && !point.partial,
    );
    const values = [...history.map((point) => point.value), score.value];
    return {
      value: score.value,
      ma5: movingAverage(values, 5).at(-1) as number,
      ma20: movingAverage(values, 20).at(-1) as number,
      ...(history.length > 0 ? { previous: history.at(-1)?.value as number } : {}),
      inputs: score.inputs,
    };
  }

  private async execute(runId: string, slug: string, date: string, phase: RunPhase): Promise<void> {
    const run = { id: runId, slug, date };
    const fetched = await this.node(run, 'data_fetch', '获取行情数据', async () => {
      const value = await this.fetchSnapshot(date, phase);
      const s = value.snapshot;
      if (s.limitUp.length + s.broken.length === 0)
        throw new MarketSourceError(this.market.source, `${value.label} 没有涨停与炸板数据`, {
          kind: 'no-data',
        });
      return {
        value,
        description: `获取 ${value.label} 行情：涨停 ${s.limitUp.length} 只、炸板 ${s.broken.length} 只、跌停 ${s.limitDown.length} 只、昨日涨停 ${s.yesterdayLimitUp.length} 只，上涨 ${s.breadth.advancers} 家 / 下跌 ${s.breadth.decliners} 家。`,
      };
    });
    const facts = await this.emotionFacts(fetched.snapshot);
    const stage = emotionStage(facts);
    const themes = hotThemes(fetched.snapshot.limitUp);
    const { picks, counts } = await this.node(run, 'data_filter', '连板梯队筛选', async () => {
      const value = selectWatchlist(fetched.snapshot, stage, themes, fetched.planPhase);
      const c = value.counts;
      return {
        value,
        description: `涨停池 ${c.fetched} 只：剔除开板 2 次及以上 ${c.brokenTooOften} 只、14:30 后首封 ${c.lateSeal} 只、非热点题材 ${c.outsideHotThemes} 只，保留 ${c.kept} 只候选，入选 ${value.picks.length} 只。`,
      };
    });
    const analysis = await this.node(run, 'analysis', '情绪与题材分析', async () => {
      const rules = ruleSummary(facts, stage, themes, picks);
      let summary = rules;
      let writer = '规则生成摘要';
      if (this.options.summarize) {
        try {
          const written = (await this.options.summarize(summaryPrompt(rules, themes, picks))).trim();
          if (written) {
            summary = written;
            writer = 'AI 模型撰写摘要';
          }
        } catch (error) {
          this.options.logger.warn({ err: error }, 'strategy summary model failed; the rules wrote it');
          writer = 'AI 模型不可用，规则生成摘要';
        }
      }
      const acting = picks.filter((p) => p.plan.entry_strategy_type !== 'avoid').length;
      return {
        value: { summary },
        description: `情绪值 ${facts.value}（MA5 ${facts.ma5}，MA20 ${facts.ma20}），阶段：${stage}；热点题材 ${themes.length} 个${themes.length ? `（${themes.map((t) => t.theme).join('、')}）` : ''}；候选 ${counts.kept} 只中入选 ${picks.length} 只，可操作 ${acting} 只；${writer}。`,
      };
    });
    await this.node(run, 'reporting', '生成策略报告', async () => {
      // The report says which market it was computed from, so that a simulated one is always shown as such.
      const data = {
        ...resultData(facts, stage, themes, picks, analysis.summary),
        data_source: this.market.source,
      };
      await this.db.insert(strategyReports).values({
        runId,
        slug,
        tradeDate: date,
        phase,
        resultData: data,
        createdAt: this.now(),
      });
      return {
        value: undefined,
        description: `写入 ${date} ${phaseDisplay(phase)}报告：情绪阶段 ${stage}，热点题材 ${themes.length} 个，推荐个股 ${picks.length} 只。`,
      };
    });
  }

  /** The node logs of a day, oldest first (the page reverses them). */
  async nodesOf(slug: string, date: string) {
    const rows = await this.db
      .select()
      .from(strategyNodeLogs)
      .where(and(eq(strategyNodeLogs.slug, slug), eq(strategyNodeLogs.tradeDate, date)))
      .orderBy(asc(strategyNodeLogs.timestamp), asc(strategyNodeLogs.id));
    return rows.map((row) => ({
      id: row.id,
      node_id: row.nodeId,
      node_type: row.nodeType,
      node_name_cn: row.nodeNameCn,
      description: row.description,
      execution_status: row.executionStatus,
      timestamp: row.timestamp.toISOString(),
    }));
  }

  /** The newest reports, newest trading day first and its latest phase first. */
  async recentReports(slug: string, limit: number, options: { lastCompletedDayOnly?: boolean } = {}) {
    await this.ensureBackfilled(slug);
    const order = sql`case ${strategyReports.phase} when 'PRE_OPEN' then 0 when 'MORNING' then 1 when 'AFTERNOON' then 2 else 3 end`;
    // Without a subscription: the reports of the last trading day before today (Shanghai), none of today's.
    const lastDay = options.lastCompletedDayOnly
      ? sql`${strategyReports.tradeDate} = (select max(${strategyReports.tradeDate}) from ${strategyReports} where ${strategyReports.slug} = ${slug} and ${strategyReports.tradeDate} < ${this.today()})`
      : undefined;
    const rows = await this.db
      .select()
      .from(strategyReports)
      .where(and(eq(strategyReports.slug, slug), lastDay))
      .orderBy(desc(strategyReports.tradeDate), desc(order))
      .limit(limit);
    // Each pick's next-day outcome; a market that does not answer leaves them null, the reports still show.
    const outcomes = await this.track
      .outcomesOf(rows.map((row) => readPicks(row.tradeDate, row.phase, row.resultData)))
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error, slug }, "could not compute the picks' outcomes");
        return null;
      });
    return rows.map((row, i) => ({
      id: row.id,
      trade_date: row.tradeDate,
      run_phase: row.phase,
      run_phase_display: phaseDisplay(row.phase),
      result_data: row.resultData,
      created_at: row.createdAt.toISOString(),
      outcomes: outcomes ? (outcomes[i] ?? []).map((o) => o.outcome) : null,
    }));
  }

  /** The track record over the last `window` trading days (README.md, "The track record"). */
  async trackRecord(slug: string, window: TrackRecordWindow): Promise<TrackRecord> {
    await this.ensureBackfilled(slug);
    return this.track.trackRecord(slug, this.today(), window);
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof MarketSourceError)
    return error.kind === 'no-data'
      ? `行情数据缺失（${error.message}）`
      : `行情数据源不可用（${error.message}）`;
  return error instanceof Error ? error.message : String(error);
}

function summaryPrompt(
  rules: string,
  themes: ReturnType<typeof hotThemes>,
  picks: ReturnType<typeof selectWatchlist>['picks'],
): string {
  return [
    '你是 A 股短线情绪分析师。根据下面的事实，用简体中文写一段 150 字以内的市场整体分析，',
    '只使用给出的数字，不要编造个股或数据，不要给出事实之外的建议。',
    `事实：${rules}`,
    `题材：${themes.map((t) => `${t.theme}：${t.logic}`).join(' ')}`,
    `入选：${picks.map((p) => `${p.stock.name}（${p.plan.entry_strategy_type}）`).join('、') || '无'}`,
  ].join('\n');
}
