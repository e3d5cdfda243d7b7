import type { PickOutcome, StrategyNodeLog, StrategyReport, WatchlistStock } from '@wanxiang/api-client';
import {
  Alert,
  Badge,
  Button,
  ChevronLeftIcon,
  ChevronRightIcon,
  Chip,
  CopyIcon,
  DocumentIcon,
  ErrorIcon,
  IconButton,
  InfoIcon,
  SearchIcon,
  StockIcon,
  SuccessIcon,
} from '@wanxiang/ui';
import clsx from 'clsx';
import { Fragment, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { ExplainedNumber } from './EmotionBreakdown';
import { marketText } from './messages';
import { PickOutcomeLine } from './PickOutcomeLine';
import { StageExplanation } from './StageExplanation';
import { StockLink } from './StockLink';
import * as styles from './StrategyPanels.css';
import {
  entryText,
  idleFeedText,
  parseResultData,
  phaseLabel,
  pickDecision,
  processFeed,
  stageStyle,
  stockCopyText,
  stopLossText,
  watchlistText,
} from './strategyLogic';
import { strategyText } from './strategyMessages';
import { outcomeFor } from './trackRecordLogic';
import type { FeedState, ReportsState } from './useStrategyBoard';

const t = strategyText;

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'Asia/Shanghai',
});
const formatTime = (iso: string) => timeFormat.format(new Date(iso));
const reportDayFormat = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'UTC',
});
const formatReportDay = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : reportDayFormat.format(at);
};

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** 模拟行情, beside the title of every panel that shows the simulated market's data. */
export function SimulatedBadge() {
  return (
    <span title={marketText.simulatedHint} className={styles.simulatedBadge}>
      <Badge tone="warning">{marketText.simulated}</Badge>
    </span>
  );
}

function Panel({
  title,
  simulated = false,
  actions,
  children,
}: {
  title: string;
  simulated?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <div className={styles.panelHeader}>
        <div className={styles.panelTitleRow}>
          <h2 id={id} className={styles.panelTitle}>
            {title}
          </h2>
          {simulated ? <SimulatedBadge /> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

const NODE_ICONS: Record<string, typeof SearchIcon> = {
  data_fetch: SearchIcon,
  data_filter: DocumentIcon,
  analysis: StockIcon,
  reporting: SuccessIcon,
};

function NodeEntry({ node }: { node: StrategyNodeLog }) {
  const failed = node.execution_status !== 'success' && node.execution_status !== 'running';
  const Icon = failed ? ErrorIcon : (NODE_ICONS[node.node_type] ?? InfoIcon);
  const kind = t.nodeType[node.node_type] ?? t.nodeType.other;
  return (
    <li className={styles.node}>
      <span
        className={clsx(styles.nodeIcon, failed && styles.nodeIconFailed)}
        role="img"
        aria-label={failed ? t.feed.failed : kind}
        data-node-type={node.node_type}
        data-failed={failed || undefined}
      >
        <Icon />
      </span>
      <div>
        <div className={styles.nodeHead}>
          <span>
            {node.node_name_cn}
            {failed ? <span className={styles.nodeFailedLabel}> · {t.feed.failed}</span> : null}
          </span>
          <time dateTime={node.timestamp} className={styles.batchTime}>
            {formatTime(node.timestamp)}
          </time>
        </div>
        <p className={styles.nodeDescription}>{node.description?.trim() || t.feed.executing}</p>
      </div>
    </li>
  );
}

/** Today's nodes, newest first, in batches labelled by their start hour. */
export function StrategyFeed({
  feed,
  onRetry,
  simulated = false,
}: {
  feed: FeedState;
  onRetry: () => void;
  /** The board's data come from the simulated market: the panel says 模拟行情. */
  simulated?: boolean;
}) {
  const batches = useMemo(() => processFeed(feed.nodes), [feed.nodes]);
  let body: ReactNode;
  if (feed.status === 'error' && batches.length === 0)
    body = (
      <Alert tone="danger" actionLabel={t.feed.retry} onAction={onRetry}>
        {t.feed.error}
      </Alert>
    );
  else if (feed.status === 'loading') body = <p className={styles.center}>正在加载策略节点…</p>;
  else if (batches.length === 0) {
    const idle = idleFeedText(feed.schedule);
    body = (
      <div className={styles.idle} data-closed={feed.schedule?.trading_day === false || undefined}>
        <p className={styles.idleTitle}>{idle.title}</p>
        {idle.note ? <p className={styles.fallback}>{idle.note}</p> : null}
        {idle.next ? <p className={styles.idleNext}>{idle.next}</p> : null}
      </div>
    );
  } else
    body = (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard to scroll it
      <div className={styles.scroll} tabIndex={0}>
        {feed.status === 'error' ? (
          <Alert tone="danger" actionLabel={t.feed.retry} onAction={onRetry}>
            {t.feed.error}
          </Alert>
        ) : null}
        {batches.map((batch) => (
          <section
            key={batch.start}
            className={styles.batch}
            aria-label={`${batch.label} ${formatTime(batch.start)}`}
          >
            <h3 className={styles.batchTitle}>
              {batch.label}
              <span className={styles.batchTime}>{formatTime(batch.start)}</span>
            </h3>
            <ol className={styles.nodeList}>
              {batch.nodes.map((node) => (
                <NodeEntry key={node.id} node={node} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    );
  return (
    <Panel title={t.feed.title} simulated={simulated}>
      {feed.schedule ? (
        <p className={styles.runTimes}>
          {t.feed.runTimes}{' '}
          {feed.schedule.runs.map((run, i, runs) => (
            <Fragment key={run.phase}>
              {/* A run never breaks apart; a line breaks only after a separator. */}
              <span className={styles.runTime}>
                {run.at} {run.display}
                {i < runs.length - 1 ? '\u00a0·' : ''}
              </span>
              {i < runs.length - 1 ? ' ' : ''}
            </Fragment>
          ))}
        </p>
      ) : null}
      {body}
    </Panel>
  );
}

function StockCard({
  stock,
  stage,
  simulated,
  outcome,
}: {
  stock: WatchlistStock;
  stage: string | null | undefined;
  simulated: boolean;
  /** How the pick did on the next trading day (历史战绩), when the server says. */
  outcome?: PickOutcome | undefined;
}) {
  const plan = stock.trade_plan;
  const decision = pickDecision(stage, stock);
  const avoid = decision.kind === 'avoid';
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <li
      className={clsx(styles.stockCard, avoid && styles.stockAvoid)}
      data-decision={decision.kind}
      data-avoid={avoid || undefined}
    >
      <div className={styles.stockHead}>
        <h4 className={styles.stockId}>
          <span className={styles.symbol}>
            <StockLink code={stock.symbol} />
          </span>
          {stock.name}
        </h4>
        <IconButton
          aria-label={copied ? t.panel.copied : t.card.copy(stock.symbol)}
          size="sm"
          onPress={async () => setCopied(await copy(stockCopyText(stock, simulated)))}
        >
          {copied ? <SuccessIcon /> : <CopyIcon />}
        </IconButton>
      </div>
      <div>
        <Badge tone={decision.kind === 'enter' ? 'accent' : 'neutral'}>{decision.label}</Badge>
      </div>
      {decision.note ? <p className={avoid ? styles.avoidNote : styles.fallback}>{decision.note}</p> : null}
      <p className={stock.recommendation_reason?.trim() ? styles.text : styles.fallback}>
        {stock.recommendation_reason?.trim() || t.fallback.reason}
      </p>
      {plan && !avoid ? (
        <dl className={styles.planRow}>
          <div className={styles.planBox}>
            <dt className={styles.planLabel}>{t.card.entry}</dt>
            <dd className={styles.planValue}>{entryText(plan)}</dd>
          </div>
          <div className={styles.planBox}>
            <dt className={styles.planLabel}>{t.card.stopLoss}</dt>
            <dd className={styles.planValue}>{stopLossText(plan)}</dd>
          </div>
        </dl>
      ) : null}
      {outcome ? <PickOutcomeLine outcome={outcome} /> : null}
    </li>
  );
}

function ReportView({ report, simulated }: { report: StrategyReport; simulated: boolean }) {
  const parsed = useMemo(() => parseResultData(report.result_data), [report.result_data]);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  if (parsed.kind === 'empty') return <p className={styles.center}>{t.panel.noReportForDate}</p>;
  if (parsed.kind === 'invalid')
    return (
      <Alert tone="danger" role="alert">
        {t.panel.parseFailed}
      </Alert>
    );
  const analysis = parsed.data.market_analysis;
  const stocks = parsed.data.actionable_watchlist ?? [];
  const stage = stageStyle(analysis?.emotion_stage);
  const themes = analysis?.key_themes ?? [];
  const phase = phaseLabel(report.run_phase, report.run_phase_display);
  return (
    <>
      <div className={styles.reportBody}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling column must be reachable by keyboard */}
        <div className={styles.column} tabIndex={0}>
          <h3 className={styles.sectionTitle}>{t.panel.analysis}</h3>
          <div className={clsx(styles.stageCard, styles.stageTone[stage.tone])} data-tone={stage.tone}>
            <h4 className={styles.subTitle}>{t.panel.stage}</h4>
            <p className={styles.stageText}>
              <ExplainedNumber name={t.panel.stage} shown={stage.text}>
                <StageExplanation stage={analysis?.emotion_stage} facts={analysis?.emotion_facts} />
              </ExplainedNumber>
            </p>
          </div>
          {analysis?.analysis_summary?.trim() ? (
            <p className={styles.text}>{analysis.analysis_summary}</p>
          ) : (
            <p className={styles.fallback}>{t.fallback.analysis}</p>
          )}
          <h4 className={styles.subTitle}>{t.panel.themes}</h4>
          {themes.length > 0 ? (
            <ul className={styles.themeList}>
              {themes.map((theme) => (
                <li key={theme.theme}>
                  <span className={styles.themeName}>{theme.theme}</span>
                  <p className={styles.fallback}>{theme.logic}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.fallback}>{t.fallback.themes}</p>
          )}
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling column must be reachable by keyboard */}
        <div className={styles.column} tabIndex={0}>
          <div className={styles.panelHeader}>
            <h3 className={styles.sectionTitle}>
              {t.panel.stocks}
              <Badge tone="accent">{stocks.length}</Badge>
            </h3>
            {stocks.length > 0 ? (
              <Button
                size="sm"
                variant="ghost"
                iconStart={<CopyIcon />}
                onPress={async () =>
                  setCopyState(
                    (await copy(
                      watchlistText({
                        date: report.trade_date,
                        phase,
                        stage: analysis?.emotion_stage,
                        stocks,
                        simulated,
                      }),
                    ))
                      ? 'copied'
                      : 'failed',
                  )
                }
              >
                {copyState === 'copied' ? t.panel.copied : t.panel.copyList}
              </Button>
            ) : null}
          </div>
          {copyState === 'failed' ? <p className={styles.avoidNote}>{t.panel.copyFailed}</p> : null}
          {stocks.length > 0 ? (
            <ul className={styles.stockGrid}>
              {stocks.map((stock, index) => (
                <StockCard
                  key={stock.symbol}
                  stock={stock}
                  stage={analysis?.emotion_stage}
                  simulated={simulated}
                  outcome={outcomeFor(report.outcomes, stock.symbol, index)}
                />
              ))}
            </ul>
          ) : (
            <p className={styles.fallback}>{t.panel.noStocks}</p>
          )}
        </div>
      </div>
      <p className={styles.disclaimer}>{marketText.disclaimer}</p>
    </>
  );
}

/**
 * The newest report first; ‹ goes to the earlier report and › to the later one, each disabled at its end.
 * Each report is labelled by its phase.
 */
export function RecommendationPanel({
  reports,
  onRetry,
  simulated = false,
}: {
  reports: ReportsState;
  onRetry: () => void;
  /** The board's data come from the simulated market: the panel and the copied texts say 模拟行情. */
  simulated?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const list = reports.reports;
  useEffect(() => {
    if (index >= list.length && list.length > 0) setIndex(0);
  }, [index, list.length]);
  const report = list[index];
  // 模拟行情 when the board's data are simulated or the report says it was computed from the simulated market.
  const parsed = useMemo(() => (report ? parseResultData(report.result_data) : undefined), [report]);
  const shownSimulated = simulated || (parsed?.kind === 'ready' && parsed.data.data_source === 'simulated');
  const actions =
    reports.status === 'ready' && list.length > 0 ? (
      <div className={styles.reportMeta}>
        <IconButton
          aria-label={t.panel.earlier}
          size="sm"
          isDisabled={index >= list.length - 1}
          onPress={() => setIndex(index + 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        {report ? (
          <div className={styles.reportWhich}>
            <time className={styles.reportDate} dateTime={report.trade_date}>
              {formatReportDay(report.trade_date)}
            </time>
            <Chip tone={PHASE_TONES[report.run_phase] ?? 'neutral'}>
              {phaseLabel(report.run_phase, report.run_phase_display)}
            </Chip>
            {parsed?.kind === 'empty' ? <Chip tone="warning">{t.panel.noData}</Chip> : null}
          </div>
        ) : (
          <span />
        )}
        <IconButton
          aria-label={t.panel.later}
          size="sm"
          isDisabled={index === 0}
          onPress={() => setIndex(index - 1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </div>
    ) : null;
  let body: ReactNode;
  if (reports.status === 'error')
    body = (
      <Alert tone="danger" actionLabel={t.feed.retry} onAction={onRetry}>
        {t.panel.error}
      </Alert>
    );
  else if (reports.status === 'loading') body = <p className={styles.center}>正在加载策略报告…</p>;
  else if (!report) body = <p className={styles.center}>{t.panel.emptyList}</p>;
  else body = <ReportView key={report.id} report={report} simulated={shownSimulated} />;
  return (
    <Panel title={t.panel.title} simulated={shownSimulated} actions={actions}>
      {body}
    </Panel>
  );
}

const PHASE_TONES: Record<string, 'info' | 'accent' | 'success'> = {
  PRE_OPEN: 'info',
  MORNING: 'accent',
  AFTERNOON: 'accent',
  POST_CLOSE: 'success',
};
