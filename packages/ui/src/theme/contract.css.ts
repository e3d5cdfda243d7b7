import { createGlobalThemeContract } from '@vanilla-extract/css';
import { lightTokens, type ThemeTokens } from './tokens';
import { themeVariableName } from './variableNames';

type Contract<T> = { [K in keyof T]: T[K] extends string ? null : Contract<T[K]> };

/** Same keys as the tokens, every leaf replaced by null: the shape the contract wants. */
function toContract<T extends object>(tokens: T): Contract<T> {
  return Object.fromEntries(
    Object.entries(tokens).map(([key, value]) => [key, typeof value === 'string' ? null : toContract(value)]),
  ) as Contract<T>;
}

/**
 * The one typed theme contract. Components read colours, spacing and type only from `vars`; the light and
 * dark themes (themes.css.ts) fill it. Its custom properties have stable, documented names rather than
 * hashes: @wanxiang/editor and @wanxiang/charts are built against one release of this package and keep
 * working with the next, and a host can theme them by setting the properties itself.
 */
export const vars = createGlobalThemeContract(toContract<ThemeTokens>(lightTokens), (_value, path) =>
  themeVariableName(path),
);
