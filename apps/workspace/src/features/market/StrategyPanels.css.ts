import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

const phone = '(max-width: 720px)';

const surface = {
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.xl,
} as const;

/** Both panels are 500 px high; their bodies scroll. */
export const panel = style({
  ...surface,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  height: 500,
  minWidth: 0,
  padding: vars.space.lg,
  '@media': { [phone]: { padding: vars.space.md } },
});

export const panelHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const panelTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const scroll = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  borderRadius: vars.radius.md,
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
});

export const center = style({
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  margin: 0,
  textAlign: 'center',
  fontSize: vars.font.size.md,
  color: vars.color.text.secondary,
});

export const batch = style({ marginBottom: vars.space.lg });

export const batchTitle = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const batchTime = style({
  fontWeight: vars.font.weight.regular,
  color: vars.color.text.secondary,
  fontVariantNumeric: 'tabular-nums',
});

export const nodeList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const node = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'start',
});

export const nodeIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 24,
  height: 24,
  borderRadius: vars.radius.full,
  background: vars.color.accent.soft,
  color: vars.color.accent.text,
});

export const nodeIconFailed = style({
  background: vars.color.danger.solid,
  color: vars.color.text.onSolid,
});

export const nodeHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});

export const nodeFailedLabel = style({ color: vars.color.danger.text, fontWeight: vars.font.weight.bold });

export const nodeDescription = style({
  margin: 0,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  overflowWrap: 'anywhere',
});

// The arrows stay at the two ends of one row, however narrow the panel: only what lies between them wraps.
export const reportMeta = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const reportWhich = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
});

export const reportDate = style({ fontVariantNumeric: 'tabular-nums', color: vars.color.text.primary });

export const reportBody = style({
  flex: 1,
  minHeight: 0,
  display: 'grid',
  gridTemplateColumns: '32fr 68fr',
  gap: vars.space.lg,
  // On a phone the columns stack and the body scrolls as one; each row keeps its content's height.
  '@media': {
    [phone]: { gridTemplateColumns: 'minmax(0, 1fr)', gridAutoRows: 'max-content', overflowY: 'auto' },
  },
});

export const column = style({
  minWidth: 0,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  borderRadius: vars.radius.md,
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  '@media': { [phone]: { overflowY: 'visible' } },
});

export const sectionTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const subTitle = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.secondary,
});

export const stageCard = style({
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  border: '1px solid',
});

/** The emotion stages' colours: green, blue, orange, red, grey. */
export const stageTone = styleVariants({
  green: {
    background: vars.color.success.soft,
    color: vars.color.success.text,
    borderColor: vars.color.success.border,
  },
  blue: {
    background: vars.color.info.soft,
    color: vars.color.info.text,
    borderColor: vars.color.info.border,
  },
  orange: {
    background: vars.color.warning.soft,
    color: vars.color.warning.text,
    borderColor: vars.color.warning.border,
  },
  red: {
    background: vars.color.danger.soft,
    color: vars.color.danger.text,
    borderColor: vars.color.danger.border,
  },
  grey: {
    background: vars.color.bg.sunken,
    color: vars.color.text.secondary,
    borderColor: vars.color.border.default,
  },
});

export const stageText = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});

export const text = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
  lineHeight: 1.6,
});

export const fallback = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text.secondary });

export const themeList = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space.sm,
});

export const themeName = style({
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
  fontSize: vars.font.size.sm,
});

export const stockGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const stockCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.canvas,
});

/**
 * A 回避 card is muted: sunken, dashed, its reason in the secondary colour, its code and name kept legible
 * (never struck through). Muted by its colours rather than by opacity, so that its text keeps the contrast
 * a reader needs.
 */
export const stockAvoid = style({
  background: vars.color.bg.sunken,
  borderStyle: 'dashed',
  color: vars.color.text.secondary,
});

export const stockHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** The symbol and name select as one piece on a click, ready to copy. */
export const stockId = style({
  margin: 0,
  userSelect: 'all',
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const symbol = style({ fontVariantNumeric: 'tabular-nums', marginRight: vars.space.xs });

export const planRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  margin: 0,
});

export const planBox = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.bg.sunken,
  fontSize: vars.font.size.xs,
});

export const planLabel = style({ color: vars.color.text.secondary });

export const planValue = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.primary,
});

export const avoidNote = style({ margin: 0, fontSize: vars.font.size.xs, color: vars.color.danger.text });

export const subscription = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const subscriptionError = style({ fontSize: vars.font.size.xs, color: vars.color.danger.text });

/** 模拟行情 beside a panel's title. */
export const simulatedBadge = style({ display: 'inline-flex' });

export const panelTitleRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

/** The notice under a report: quiet, a footnote rather than a banner. */
export const disclaimer = style({
  margin: 0,
  marginTop: vars.space.md,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

/** The day's run times under the feed's title: a quiet line. */
export const runTimes = style({
  margin: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  fontVariantNumeric: 'tabular-nums',
});

/** One run of the day: a time and its phase never break apart. */
export const runTime = style({ whiteSpace: 'nowrap' });

/** The feed while today has no node: 休市 or not run yet, and when the next run is. */
export const idle = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.md}`,
  textAlign: 'center',
});

export const idleTitle = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const idleNext = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
  fontVariantNumeric: 'tabular-nums',
});
