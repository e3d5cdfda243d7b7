import { vars } from '../theme/contract.css';

/** The theme's spacing scale, smallest first: what the layout primitives' `gap` takes. */
export const spaceScale = ['none', 'xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'] as const;
export type Space = (typeof spaceScale)[number];

export const spaceVars = vars.space satisfies Record<Space, string>;
