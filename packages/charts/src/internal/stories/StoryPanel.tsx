import type { Decorator } from '@storybook/react-vite';
import { vars } from '@wanxiang/ui';
import type { CSSProperties } from 'react';
import { PLOT_MARGIN } from '../EmotionChart/EmotionChart';

/* Story-only helpers (not exported from the package). */

/** The dashboard puts each chart on a surface panel; stories do the same, at a chosen width. */
export const panelStyle = (width: number | string): CSSProperties => ({
  boxSizing: 'border-box',
  width,
  maxWidth: '100%',
  padding: vars.space.lg,
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.lg,
});

/** Wraps a story in a panel; `parameters.panelWidth` sets the width (default 720 px). */
export const inPanel: Decorator = (Story, context) => (
  <div style={panelStyle((context.parameters.panelWidth as number | undefined) ?? 720)} data-testid="panel">
    <Story />
  </div>
);

/** Client x of a position along a chart's plot: 0 is the first point, 1 the right end of the axis. */
export function plotX(chart: HTMLElement, fraction: number): number {
  const rect = chart.getBoundingClientRect();
  const plotWidth = rect.width - PLOT_MARGIN.left - PLOT_MARGIN.right;
  return rect.left + PLOT_MARGIN.left + plotWidth * fraction;
}

/** What a screen reader hears when the focused point changes. */
export const liveRegion = (root: HTMLElement) => root.querySelector('[aria-live="polite"]');
