import { style, styleVariants } from '@vanilla-extract/css';
import { spaceVars } from '../../styles/space';

export const root = style({ display: 'flex' });

export const wrap = style({ flexWrap: 'wrap' });

export const gap = styleVariants(spaceVars, (space) => ({ gap: space }));

export const align = styleVariants({
  stretch: {},
  start: { alignItems: 'flex-start' },
  center: { alignItems: 'center' },
  end: { alignItems: 'flex-end' },
  baseline: { alignItems: 'baseline' },
});

export const justify = styleVariants({
  start: {},
  center: { justifyContent: 'center' },
  end: { justifyContent: 'flex-end' },
  between: { justifyContent: 'space-between' },
});
