import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  formatZoom,
  nextZoom,
  parseZoom,
  sameZoom,
  scaleOf,
  serializeZoom,
  wheelSteps,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_PRESETS,
  ZOOM_STEPS,
  zoomInFrom,
  zoomOutFrom,
} from './zoom';

const A4 = { width: 794, height: 1123 };

describe('clampZoom', () => {
  it('keeps a scale inside 10 %–500 %', () => {
    expect(clampZoom(0.01)).toBe(ZOOM_MIN);
    expect(clampZoom(0.1)).toBe(0.1);
    expect(clampZoom(1.3)).toBe(1.3);
    expect(clampZoom(5)).toBe(5);
    expect(clampZoom(12)).toBe(ZOOM_MAX);
  });
  it('refuses what is no number', () => {
    expect(() => clampZoom(Number.NaN)).toThrow(/有限的数字/);
    expect(() => clampZoom(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('steps', () => {
  it('goes through the steps in order, and stops at the ends', () => {
    const up = [ZOOM_MIN];
    while ((up.at(-1) as number) < ZOOM_MAX) up.push(zoomInFrom(up.at(-1) as number));
    expect(up).toEqual(ZOOM_STEPS);
    expect(zoomInFrom(ZOOM_MAX)).toBe(ZOOM_MAX);
    expect(zoomOutFrom(ZOOM_MIN)).toBe(ZOOM_MIN);
    expect(zoomOutFrom(1)).toBe(0.9);
    expect(zoomInFrom(1)).toBe(1.25);
  });
  it('from a fitted scale between steps goes to the next step each way', () => {
    expect(zoomInFrom(0.83)).toBe(0.9);
    expect(zoomOutFrom(0.83)).toBe(0.75);
    // A fitted 99.8 % counts as 100 %: up is 125 %, not 100 %.
    expect(zoomInFrom(0.998)).toBe(1.25);
    expect(zoomOutFrom(1.002)).toBe(0.9);
  });
  it('offers WPS’s scales, all within the limits', () => {
    expect(ZOOM_PRESETS).toEqual([0.5, 0.75, 0.9, 1, 1.25, 1.5, 2]);
    for (const scale of ZOOM_PRESETS) expect(clampZoom(scale)).toBe(scale);
  });
});

describe('scaleOf', () => {
  it('shows a fixed scale as it is', () => {
    expect(scaleOf({ kind: 'fixed', scale: 1.5 }, { width: 0, height: 0 }, A4)).toBe(1.5);
  });
  it('fits the sheet’s width to the desk', () => {
    expect(scaleOf({ kind: 'fitWidth' }, { width: 1588, height: 300 }, A4)).toBe(2);
    expect(scaleOf({ kind: 'fitWidth' }, { width: 600, height: 300 }, A4)).toBe(0.755);
  });
  it('fits a whole sheet, by the narrower of width and height', () => {
    expect(scaleOf({ kind: 'wholePage' }, { width: 1588, height: 561.5 }, A4)).toBe(0.5);
    expect(scaleOf({ kind: 'wholePage' }, { width: 397, height: 5000 }, A4)).toBe(0.5);
  });
  it('opens at 100 %, or narrower when the desk is narrower than a sheet (the default)', () => {
    expect(scaleOf({ kind: 'auto' }, { width: 1588, height: 300 }, A4)).toBe(1);
    expect(scaleOf({ kind: 'auto' }, { width: 600, height: 300 }, A4)).toBe(0.755);
  });
  it('stays within 10 %–500 % and at 100 % on a desk of no size', () => {
    expect(scaleOf({ kind: 'fitWidth' }, { width: 10_000, height: 100 }, A4)).toBe(ZOOM_MAX);
    expect(scaleOf({ kind: 'fitWidth' }, { width: 20, height: 100 }, A4)).toBe(ZOOM_MIN);
    expect(scaleOf({ kind: 'fitWidth' }, { width: 0, height: 0 }, A4)).toBe(1);
  });
  it('refuses a sheet of no size', () => {
    expect(() => scaleOf({ kind: 'fitWidth' }, { width: 800, height: 600 }, { width: 0, height: 1 })).toThrow(
      /页面的宽和高/,
    );
  });
});

describe('nextZoom', () => {
  it('turns a command into a mode', () => {
    expect(nextZoom('in', 1)).toEqual({ kind: 'fixed', scale: 1.25 });
    expect(nextZoom('out', 1)).toEqual({ kind: 'fixed', scale: 0.9 });
    expect(nextZoom('reset', 3)).toEqual({ kind: 'fixed', scale: 1 });
    expect(nextZoom('fitWidth', 1)).toEqual({ kind: 'fitWidth' });
    expect(nextZoom('wholePage', 1)).toEqual({ kind: 'wholePage' });
  });
});

describe('storage and display', () => {
  it('writes and reads back every mode', () => {
    for (const mode of [
      { kind: 'fixed', scale: 1.25 },
      { kind: 'fitWidth' },
      { kind: 'wholePage' },
    ] as const) {
      const back = parseZoom(serializeZoom(mode));
      expect(back && sameZoom(back, mode)).toBe(true);
    }
  });
  it('ignores what is no mode, and clamps a stored scale', () => {
    expect(parseZoom(null)).toBeUndefined();
    expect(parseZoom('')).toBeUndefined();
    expect(parseZoom('large')).toBeUndefined();
    expect(parseZoom('-1')).toBeUndefined();
    expect(parseZoom('80')).toEqual({ kind: 'fixed', scale: ZOOM_MAX });
  });
  it('shows the percentage', () => {
    expect(formatZoom(1)).toBe('100%');
    expect(formatZoom(0.755)).toBe('76%');
    expect(formatZoom(2)).toBe('200%');
  });
});

describe('wheelSteps', () => {
  it('takes a step per notch and adds a touchpad’s small deltas up', () => {
    expect(wheelSteps(0, -100)).toEqual({ steps: -1, rest: 0 });
    expect(wheelSteps(0, 250)).toEqual({ steps: 2, rest: 50 });
    let rest = 0;
    let steps = 0;
    for (let i = 0; i < 10; i += 1) {
      const next = wheelSteps(rest, -12);
      rest = next.rest;
      steps += next.steps;
    }
    expect(steps).toBe(-1);
    expect(rest).toBeCloseTo(-20);
  });
});
