import type { LadderAnswer, LadderRung, LadderStock, LimitUpTheme, ThemesAnswer } from '@wanxiang/api-client';
import {
  Alert,
  ChevronLeftIcon,
  ChevronRightIcon,
  Chip,
  IconButton,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from '@wanxiang/ui';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import * as styles from './LimitUpViews.css';
import { limitUpText as t } from './limitUpMessages';
import { SimulatedBadge } from './StrategyPanels';
import type { LimitUpState } from './useLimitUpViews';

export type LimitUpTab = 'ladder' | 'themes';

export interface LimitUpViewsProps {
  ladder: LimitUpState<LadderAnswer>;
  themes: LimitUpState<ThemesAnswer>;
  /** Show another day (`YYYY-MM-DD`). */
  onDate: (date: string) => void;
  onRetry: () => void;
  /** The tab shown first. @default 'ladder' */
  defaultTab?: LimitUpTab;
}

const dayFormat = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'UTC',
});
export const formatMarketDay = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : dayFormat.format(at);
};

const percent = (rate: number) => `${(rate * 100).toFixed(rate === 0 || rate === 1 ? 0 : 1)}%`;
const signed = (pct: number) => `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`;
const hhmm = (time: string | null) => (time ? time.slice(0, 5) : '—');

function Change({ pct }: { pct: number }) {
  const tone = pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat';
  return <span className={styles.change[tone]}>{signed(pct)}</span>;
}

/** A stock's name, a link to its page; its code beside it. */
function StockName({ code, name }: { code: string; name: string }) {
  return (
    <>
      <Link
        className={styles.stockLink}
        to={`/stock/${encodeURIComponent(code)}`}
        aria-label={t.stockLink(name, code)}
      >
        {name}
      </Link>
      <span>{code}</span>
    </>
  );
}

function StockCard({ stock }: { stock: LadderStock }) {
  return (
    <li className={styles.stock}>
      <span className={styles.stockTop}>
        <StockName code={stock.code} name={stock.name} />
      </span>
      <span className={styles.meta}>
        <span>
          {t.firstSeal} {hhmm(stock.first_seal_time)}
        </span>
        {stock.break_count !== null ? (
          <span>{stock.break_count > 0 ? t.opened(stock.break_count) : t.neverOpened}</span>
        ) : null}
        <span>{stock.industry}</span>
      </span>
    </li>
  );
}

function Rung({ rung }: { rung: LadderRung }) {
  return (
    <li className={styles.rung}>
      <div className={styles.rungHead}>
        <h3 className={styles.rungName}>{t.rungName(rung.boards)}</h3>
        {rung.candidates !== null && rung.promoted !== null ? (
          <span className={styles.rungRate}>
            {t.rungStep(rung.boards)}{' '}
            {rung.promotion_rate === null
              ? '—'
              : t.rungRate(rung.promoted, rung.candidates, percent(rung.promotion_rate))}
          </span>
        ) : null}
      </div>
      <div className={styles.rungBody}>
        {rung.stocks.length > 0 ? (
          <ul className={styles.stocks}>
            {rung.stocks.map((stock) => (
              <StockCard key={stock.code} stock={stock} />
            ))}
          </ul>
        ) : (
          <p className={styles.help}>{t.rungEmpty}</p>
        )}
        {rung.failed.length > 0 ? (
          <p className={styles.failed}>
            <span className={styles.failedLabel}>{t.failed}</span>
            {rung.failed.map((stock) => (
              <span key={stock.code} className={styles.stockTop}>
                <StockName code={stock.code} name={stock.name} />
                <Change pct={stock.pct_change} />
                {stock.broken ? <Chip tone="warning">{t.broken}</Chip> : null}
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function ThemeRow({ theme }: { theme: LimitUpTheme }) {
  const others = theme.stocks.slice(1);
  const delta = theme.count - theme.yesterday_count;
  return (
    <li className={styles.theme}>
      <div className={styles.themeHead}>
        <h3 className={styles.themeName}>{theme.name}</h3>
        <span className={styles.themeCounts}>
          {t.themeCount(theme.count)} · {t.themeYesterday(theme.yesterday_count)}{' '}
          {delta !== 0 ? (
            <span className={styles.change[delta > 0 ? 'up' : 'down']}>
              {delta > 0 ? `+${delta}` : `−${-delta}`}
            </span>
          ) : null}
        </span>
      </div>
      <div className={styles.themeBody}>
        {theme.leader ? (
          <p className={styles.themeLine}>
            <Chip tone="danger">{t.themeLeader}</Chip>
            <StockName code={theme.leader.code} name={theme.leader.name} />
            <span>{t.rungName(theme.leader.boards)}</span>
            <span>
              {t.firstSeal} {hhmm(theme.leader.first_seal_time)}
            </span>
          </p>
        ) : (
          <p className={styles.themeLine}>{t.themeFaded}</p>
        )}
        {others.length > 0 ? (
          <p className={styles.themeLine}>
            <span>{t.themeOthers}</span>
            {others.map((stock) => (
              <span key={stock.code} className={styles.stockTop}>
                <StockName code={stock.code} name={stock.name} />
                {stock.boards > 1 ? <span>{t.rungName(stock.boards)}</span> : null}
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** What a day without pools says, or null when the day has them. */
function dayNotice(answer: { date: string; status: string }): ReactNode {
  const day = formatMarketDay(answer.date);
  if (answer.status === 'closed')
    return (
      <div className={styles.center}>
        <p className={styles.title}>{t.closed(day)}</p>
        <p className={styles.help}>{t.closedHint}</p>
      </div>
    );
  if (answer.status === 'before_open') return <p className={styles.center}>{t.beforeOpen(day)}</p>;
  return null;
}

function Body<T extends { date: string; status: string }>({
  state,
  onRetry,
  children,
}: {
  state: LimitUpState<T>;
  onRetry: () => void;
  children: (answer: T) => ReactNode;
}) {
  if (state.status === 'error')
    return (
      <Alert tone="danger" actionLabel={t.retry} onAction={onRetry}>
        {state.error ?? t.error}
      </Alert>
    );
  if (!state.answer) return <p className={styles.center}>{t.loading}</p>;
  return dayNotice(state.answer) ?? children(state.answer);
}

function LadderView({ answer }: { answer: LadderAnswer }) {
  if (answer.rungs.length === 0) return <p className={styles.center}>{t.noLimitUp}</p>;
  return (
    <div className={styles.body}>
      <p className={styles.summary}>
        <span>{t.summary(answer.limit_up_count, answer.yesterday_limit_up_count, answer.max_board)}</span>
        {answer.promotion_rate !== null ? (
          <span>{t.promotionAll(percent(answer.promotion_rate))}</span>
        ) : null}
      </p>
      <p className={styles.help}>{t.ladderHelp}</p>
      <ol className={styles.list}>
        {answer.rungs.map((rung) => (
          <Rung key={rung.boards} rung={rung} />
        ))}
      </ol>
    </div>
  );
}

function ThemesView({ answer }: { answer: ThemesAnswer }) {
  return (
    <div className={styles.body}>
      <p className={styles.help}>{t.themeHelp}</p>
      {answer.themes.length === 0 ? (
        <p className={styles.center}>{t.noLimitUp}</p>
      ) : (
        <ol className={styles.list}>
          {answer.themes.map((theme) => (
            <ThemeRow key={theme.name} theme={theme} />
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * 涨停复盘 on the market page: 连板天梯 (the day's limit-up stocks by consecutive boards, each rung with
 * yesterday's 晋级率 and who failed) and 题材 (the day's limit-up stocks by theme, with their leaders),
 * one day at a time with ‹ earlier › later. Each stock's name opens its page.
 */
export function LimitUpViews({ ladder, themes, onDate, onRetry, defaultTab = 'ladder' }: LimitUpViewsProps) {
  const id = useId();
  const day = ladder.answer ?? themes.answer;
  const simulated = day?.source === 'simulated';
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.header}>
        <div className={styles.titleRow}>
          <h2 id={id} className={styles.title}>
            {t.title}
          </h2>
          {simulated ? <SimulatedBadge /> : null}
        </div>
        {day ? (
          <div className={styles.dayNav}>
            <IconButton
              aria-label={t.earlier}
              size="sm"
              isDisabled={!day.previous_trading_day}
              onPress={() => day.previous_trading_day && onDate(day.previous_trading_day)}
            >
              <ChevronLeftIcon />
            </IconButton>
            <span className={styles.day}>
              <time dateTime={day.date}>{formatMarketDay(day.date)}</time>
              {day.status === 'trading' && day.as_of ? (
                <Chip tone="accent">{t.trading(day.as_of)}</Chip>
              ) : null}
              {day.status === 'closed' ? <Chip tone="neutral">休市</Chip> : null}
            </span>
            <IconButton
              aria-label={t.later}
              size="sm"
              isDisabled={!day.next_trading_day}
              onPress={() => day.next_trading_day && onDate(day.next_trading_day)}
            >
              <ChevronRightIcon />
            </IconButton>
          </div>
        ) : null}
      </div>
      <Tabs variant="segmented" defaultSelectedKey={defaultTab}>
        <TabList aria-label={t.tabsLabel}>
          <Tab id="ladder">{t.ladderTab}</Tab>
          <Tab id="themes">{t.themesTab}</Tab>
        </TabList>
        <TabPanel id="ladder">
          <Body state={ladder} onRetry={onRetry}>
            {(answer) => <LadderView answer={answer} />}
          </Body>
        </TabPanel>
        <TabPanel id="themes">
          <Body state={themes} onRetry={onRetry}>
            {(answer) => <ThemesView answer={answer} />}
          </Body>
        </TabPanel>
      </Tabs>
    </section>
  );
}
