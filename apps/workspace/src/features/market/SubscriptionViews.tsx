import {
  ApiError,
  CREDITS_PAGE_PATH,
  INSUFFICIENT_CREDITS_CODE,
  randomUuid,
  type StrategyPlan,
  type Subscription,
} from '@wanxiang/api-client';
import { Badge, Button, CheckIcon, Chip, ConfirmDialog, ErrorIcon } from '@wanxiang/ui';
import clsx from 'clsx';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-aria-components';
import * as styles from './SubscriptionViews.css';
import { shanghaiDate } from './shanghaiTime';
import { strategyText } from './strategyMessages';
import type { SubscriptionState } from './useStrategyBoard';

const t = strategyText;

/** A subscription's last day, `YYYY-MM-DD` in Shanghai, as the header and the user menu show it. */
export const subscriptionEnd = (iso: string) => shanghaiDate(Date.parse(iso));

/**
 * The header's subscription control: 已订阅，有效期至 … with 续订 while it runs, otherwise 订阅策略 (or
 * 订阅已过期（点击续订）); each opens the purchase dialog. A status that failed to load offers a retry.
 */
export function SubscriptionControl({
  state,
  onOpen,
  onRetry,
}: {
  state: SubscriptionState;
  /** Opens the purchase dialog. */
  onOpen: () => void;
  onRetry: () => void;
}) {
  const s = t.subscription;
  const sub = state.subscription;
  let control: ReactNode;
  if (state.status === 'loading') control = <span className={styles.what}>{s.loading}</span>;
  else if (state.status === 'error' || !sub)
    control = (
      <>
        <Button size="sm" variant="secondary" iconStart={<ErrorIcon />} onPress={onRetry}>
          {s.loadFailed}
        </Button>
        <span role="alert" className={styles.error}>
          {s.loadError}
        </span>
      </>
    );
  else if (state.subscribed && sub.expires_at)
    control = (
      <>
        <Chip tone="success">{s.active(subscriptionEnd(sub.expires_at))}</Chip>
        <Button size="sm" variant="secondary" onPress={onOpen} isDisabled={state.plans.length === 0}>
          {s.renew}
        </Button>
      </>
    );
  else
    control = (
      <Button size="sm" variant="primary" onPress={onOpen} isDisabled={state.plans.length === 0}>
        {sub.subscription_status === 'EXPIRED' ? s.expired : s.none}
      </Button>
    );
  return (
    <section aria-label={s.region} className={styles.control} data-slot="subscription">
      {control}
    </section>
  );
}

/** A plan as a card: name, price per duration, the benefits, and 订阅. */
export function PlanOffer({
  plans,
  onSubscribe,
}: {
  plans: readonly StrategyPlan[];
  onSubscribe: () => void;
}) {
  const plan = plans[0];
  const titleId = useId();
  if (!plan)
    return (
      <div className={styles.offer}>
        <p className={styles.what}>{t.plan.unavailable}</p>
      </div>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card of text and one button, not a fieldset of form controls
    <div role="group" className={styles.offer} aria-labelledby={titleId} data-slot="plan-offer">
      <div className={styles.offerHead}>
        <h3 className={styles.planName} id={titleId}>
          {plan.name}
        </h3>
        <span className={styles.price}>{t.plan.price(plan.price_credits, plan.duration_days)}</span>
      </div>
      <ul className={styles.benefits} aria-label={t.plan.benefits}>
        {plan.benefits.map((benefit) => (
          <li key={benefit} className={styles.benefit}>
            <span className={styles.benefitIcon} aria-hidden="true">
              <CheckIcon />
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <p className={styles.free}>{t.plan.free}</p>
      <div className={styles.offerActions}>
        <Button size="sm" variant="primary" onPress={onSubscribe}>
          {t.plan.subscribe}
        </Button>
      </div>
    </div>
  );
}

/**
 * What a free user cannot open, in its place: its title, what it would show, and the plan that opens it.
 * `panel` keeps a strategy panel's 500 px.
 */
export function LockedView({
  kind,
  plans,
  onSubscribe,
  panel = false,
}: {
  kind: 'minute' | 'feed';
  plans: readonly StrategyPlan[];
  onSubscribe: () => void;
  panel?: boolean;
}) {
  const text = t.locked[kind];
  const titleId = useId();
  return (
    <section
      className={clsx(styles.locked, panel && styles.lockedPanel)}
      aria-labelledby={titleId}
      data-slot={`locked-${kind}`}
    >
      <div className={styles.lockedHeader}>
        <h2 className={styles.lockedTitle} id={titleId}>
          {text.title}
        </h2>
        <Badge tone="warning">{t.locked.badge}</Badge>
      </div>
      <p className={styles.what}>{text.what}</p>
      <PlanOffer plans={plans} onSubscribe={onSubscribe} />
    </section>
  );
}

/** Today's picks, locked: a strip over the last completed trading day's report, with the price and 订阅. */
export function LockedTodayNotice({
  plans,
  onSubscribe,
}: {
  plans: readonly StrategyPlan[];
  onSubscribe: () => void;
}) {
  const plan = plans[0];
  return (
    <aside className={styles.notice} aria-label={t.locked.today.title} data-slot="locked-today">
      <span className={styles.noticeText}>
        <span className={styles.noticeTitle}>
          {t.locked.today.title}
          {plan ? ` · ${t.plan.price(plan.price_credits, plan.duration_days)}` : ''}
        </span>
        <span>{t.locked.today.what}</span>
      </span>
      <Button size="sm" variant="primary" onPress={onSubscribe} isDisabled={!plan}>
        {t.plan.subscribe}
      </Button>
    </aside>
  );
}

/** A purchase refused because the balance is short (402 insufficient_credits). */
const isShortOfCredits = (error: unknown) =>
  error instanceof ApiError && error.code === INSUFFICIENT_CREDITS_CODE;

/**
 * The purchase, confirmed: the plan's price and what it gives (or how far a renewal extends), the balance
 * when known, and 支付 N 积分. A short balance says so with a link to get credits. The purchase's id is made
 * when the dialog opens, so pressing 支付 again after a failure can never charge twice.
 */
export function PurchaseDialog({
  isOpen,
  onOpenChange,
  plans,
  subscription,
  balance,
  onBuy,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  plans: readonly StrategyPlan[];
  subscription: Subscription | null;
  /** The user's credits, when known (the user menu's). */
  balance?: number | undefined;
  onBuy: (plan: string, requestId: string) => Promise<void>;
}) {
  const plan = plans[0];
  const [requestId, setRequestId] = useState(randomUuid);
  const [short, setShort] = useState(false);
  // Each opening is a new purchase; a retry inside one keeps its id.
  useEffect(() => {
    if (!isOpen) return;
    setRequestId(randomUuid());
    setShort(false);
  }, [isOpen]);
  if (!plan) return null;
  const running =
    subscription?.subscription_status === 'ACTIVE' && subscription.expires_at
      ? subscription.expires_at
      : null;
  const tooLittle = short || (balance !== undefined && balance < plan.price_credits);
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t.plan.dialogTitle(plan.name)}
      confirmLabel={t.plan.confirm(plan.price_credits)}
      onConfirm={async () => {
        try {
          await onBuy(plan.code, requestId);
        } catch (error) {
          if (isShortOfCredits(error)) setShort(true);
          throw new Error(error instanceof ApiError && error.detail ? error.detail : t.plan.failed);
        }
      }}
    >
      <div className={styles.dialogLines}>
        <p className={styles.what}>
          {running
            ? t.plan.extend(subscriptionEnd(running), plan.duration_days)
            : t.plan.charge(plan.price_credits, plan.duration_days)}
        </p>
        <ul className={styles.benefits} aria-label={t.plan.benefits}>
          {plan.benefits.map((benefit) => (
            <li key={benefit} className={styles.benefit}>
              <span className={styles.benefitIcon} aria-hidden="true">
                <CheckIcon />
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        {balance !== undefined ? (
          <p className={styles.what}>
            {tooLittle ? t.plan.short(plan.price_credits, balance) : t.plan.balance(balance)}
          </p>
        ) : null}
        {tooLittle ? (
          <Link className={styles.link} href={CREDITS_PAGE_PATH}>
            {t.plan.getCredits}
          </Link>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
