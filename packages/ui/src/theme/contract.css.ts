import { createThemeContract } from '@vanilla-extract/css';
import { lightTokens, type ThemeTokens } from './tokens';

type Contract<T> = { [K in keyof T]: T[K] extends string ? null : Contract<T[K]> };

/** Same keys as the tokens, every leaf replaced by null: the shape createThemeContract wants. */
function toContract<T extends object>(tokens: T): Contract<T> {
  return Object.fromEntries(
    Object.entries(tokens).map(([key, value]) => [key, typeof value === 'string' ? null : toContract(value)]),
  ) as Contract<T>;
}

/**
 * The one typed theme contract. Components read colours, spacing and type only from `vars`; the light and
 * dark themes (themes.css.ts) fill it on `<html data-theme>`.
 */
export const vars = createThemeContract(toContract<ThemeTokens>(lightTokens));
