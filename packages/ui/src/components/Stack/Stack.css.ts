import { style, styleVariants } from '@vanilla-extract/css';
import { spaceVars } from '../../styles/space';

export const root = style({ display: 'flex', flexDirection: 'column' });

export const gap = styleVariants(spaceVars, (space) => ({ gap: space }));

export const align = styleVariants({
  stretch: {},
  start: { alignItems: 'flex-start' },
  center: { alignItems: 'center' },
  end: { alignItems: 'flex-end' },
});
