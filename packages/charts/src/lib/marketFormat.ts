/**
 * zh-CN formatting of market numbers: prices in yuan with two decimals, signed percentages, and share
 * volumes in 万 (10⁴) and 亿 (10⁸) as Chinese quote screens write them.
 */
import { formatValue } from './format';

/** A price in yuan: always two decimals ("12.50"). */
export const formatPrice = (price: number) => formatValue(price);

/** A change in percent, signed, two decimals: "+1.23%", "-0.80%", "0.00%". */
export function formatPercent(percent: number): string {
  // -0.001 rounds to "-0.00": a change that shows as zero carries no sign.
  const text = formatValue(Math.abs(percent));
  if (text === formatValue(0)) return `${text}%`;
  return `${percent > 0 ? '+' : '-'}${text}%`;
}

/** Percent change of `price` against `base` (the previous close); 0 when there is no usable base. */
export const percentChange = (price: number, base: number) => (base > 0 ? (price / base - 1) * 100 : 0);

/**
 * A volume (shares) or an amount (yuan) the Chinese way: below 10 000 as a whole number, then 万 and 亿
 * with two decimals ("3.46万", "1.20亿"). A value that would round up into the next unit takes that unit:
 * 99 999 999 is "1.00亿", never "10000.00万".
 */
export function formatVolume(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  // Compared after rounding to what 万 would show (two decimals of 万 are hundreds).
  if (Math.round(abs / 100) >= 1e6) return `${sign}${formatValue(abs / 1e8)}亿`;
  if (Math.round(abs) >= 1e4) return `${sign}${formatValue(abs / 1e4)}万`;
  return `${sign}${Math.round(abs)}`;
}
