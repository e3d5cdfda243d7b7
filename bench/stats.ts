/** The figures' statistics, shared by every bench. */

/** The value at quantile `q` (0–1) of `sorted` (ascending): the nearest rank, NaN when empty. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
