/**
 * Simple moving average over the last `period` observations, the current one included. The first
 * `period - 1` observations have no average (null) rather than one over a shorter window, which would
 * draw a misleading start of the line. Each window is summed afresh (series are at most a few hundred
 * points), so no running-sum float drift creeps into long series.
 */
export function movingAverage(values: readonly number[], period: number): (number | null)[] {
  if (!Number.isInteger(period) || period < 1)
    throw new RangeError(`period must be a positive integer: ${period}`);
  return values.map((_, i) => {
    if (i < period - 1) return null;
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += values[j] as number;
    return sum / period;
  });
}
