/**
 * 显示比例: how large the page view shows its sheets. It belongs to the reader's view, never to the
 * document: kept per browser (localStorage), never saved with the text. These are the rules, with no DOM;
 * useZoom applies them.
 */

/** The smallest and largest scale, as Word allows (10 % to 500 %). */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 5;

/** The steps 放大 and 缩小 (Ctrl+= / Ctrl+-, Ctrl + mouse wheel) go through. */
export const ZOOM_STEPS: readonly number[] = [0.1, 0.25, 0.5, 0.75, 0.9, 1, 1.25, 1.5, 2, 3, 4, 5];

/** The scales the zoom control's menu offers, as WPS lists them. */
export const ZOOM_PRESETS: readonly number[] = [0.5, 0.75, 0.9, 1, 1.25, 1.5, 2];

/**
 * A chosen zoom: a fixed scale, or one that follows the window: 适合页宽 (a sheet as wide as the desk)
 * or 整页 (a whole sheet in view).
 */
export type ZoomMode =
  | { kind: 'fixed'; scale: number }
  | { kind: 'fitWidth' }
  | { kind: 'wholePage' }
  | { kind: 'auto' };

/** What the menus, the keys and the wheel ask of the zoom. */
export type ZoomCommand = 'in' | 'out' | 'reset' | 'fitWidth' | 'wholePage';

export const ZOOM_100: ZoomMode = { kind: 'fixed', scale: 1 };

/**
 * The zoom before the reader chooses one: 100 %, or as wide as the desk when the desk is narrower than a
 * sheet (a small window, a side panel open, an app that embeds the editor in a column), so that a sheet
 * never runs off the side unasked.
 */
export const ZOOM_AUTO: ZoomMode = { kind: 'auto' };

/** A scale brought inside 10 %–500 %; a scale that is no number is a caller's mistake. */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) throw new RangeError(`显示比例必须是有限的数字，收到了 ${scale}`);
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));
}

/** Scales closer than this are the same step (a fitted 99.97 % goes up to 125 %, not to 100 %). */
const SAME = 0.005;

/** The next step above `scale` (500 % stays 500 %). */
export function zoomInFrom(scale: number): number {
  const current = clampZoom(scale);
  return ZOOM_STEPS.find((step) => step > current + SAME) ?? ZOOM_MAX;
}

/** The next step below `scale` (10 % stays 10 %). */
export function zoomOutFrom(scale: number): number {
  const current = clampZoom(scale);
  return [...ZOOM_STEPS].reverse().find((step) => step < current - SAME) ?? ZOOM_MIN;
}

/** The desk's room for a sheet, and the sheet's size, in CSS pixels at 100 %. */
export interface ZoomRoom {
  width: number;
  height: number;
}

function checkSize(what: string, size: ZoomRoom): void {
  if (!(size.width > 0 && size.height > 0))
    throw new RangeError(`${what}的宽和高必须大于 0，收到了 ${size.width} × ${size.height}`);
}

/** The scale a mode shows at: a fixed one as it is; a fitted one from the room on the desk. */
export function scaleOf(mode: ZoomMode, room: ZoomRoom, sheet: ZoomRoom): number {
  if (mode.kind === 'fixed') return clampZoom(mode.scale);
  checkSize('页面', sheet);
  // A desk of no size (a hidden tab) keeps the sheet at 100 % until it has room.
  if (!(room.width > 0 && room.height > 0)) return 1;
  const width = room.width / sheet.width;
  const scale =
    mode.kind === 'fitWidth'
      ? width
      : mode.kind === 'auto'
        ? Math.min(1, width)
        : Math.min(width, room.height / sheet.height);
  // Whole thousandths: a fitted scale does not creep with every pixel of a resize.
  return clampZoom(Math.floor(scale * 1000) / 1000);
}

/** The mode after a command, from the mode and the scale it now shows at. */
export function nextZoom(command: ZoomCommand, scale: number): ZoomMode {
  switch (command) {
    case 'in':
      return { kind: 'fixed', scale: zoomInFrom(scale) };
    case 'out':
      return { kind: 'fixed', scale: zoomOutFrom(scale) };
    case 'reset':
      return ZOOM_100;
    case 'fitWidth':
      return { kind: 'fitWidth' };
    case 'wholePage':
      return { kind: 'wholePage' };
  }
}

/** 75%, 100%, 133%: as the zoom control shows it. */
export const formatZoom = (scale: number): string => `${Math.round(clampZoom(scale) * 100)}%`;

/** How a mode is kept in localStorage: `fitWidth`, `wholePage`, `auto` or the scale (`1.25`). */
export function serializeZoom(mode: ZoomMode): string {
  return mode.kind === 'fixed' ? String(clampZoom(mode.scale)) : mode.kind;
}

/**
 * A mode read back from localStorage. What is stored there may be anything (another version, a user's
 * hand): what is not a mode gives undefined, and the view opens at the default (ZOOM_AUTO).
 */
export function parseZoom(stored: string | null | undefined): ZoomMode | undefined {
  if (stored === 'fitWidth' || stored === 'wholePage' || stored === 'auto') return { kind: stored };
  if (!stored || !/^\d+(\.\d+)?$/.test(stored)) return undefined;
  return { kind: 'fixed', scale: clampZoom(Number(stored)) };
}

/** Whether two modes are the same choice (what the control shows ticked). */
export const sameZoom = (a: ZoomMode, b: ZoomMode): boolean =>
  a.kind === b.kind && (a.kind !== 'fixed' || Math.abs(a.scale - (b as { scale: number }).scale) < SAME);

/**
 * The Ctrl + wheel: a mouse wheel's notch (about 100 pixels of delta) is one step, a touchpad's pinch
 * sends many small deltas that add up to one. Returns the steps to take (negative: zoom in, as the wheel
 * rolled away from the reader) and the delta left over.
 */
export function wheelSteps(accumulated: number, delta: number): { steps: number; rest: number } {
  const total = accumulated + delta;
  const NOTCH = 100;
  const steps = Math.trunc(total / NOTCH);
  return { steps, rest: total - steps * NOTCH };
}
