import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PAPER_WIDTH_PX } from '../constants';
import { useNarrowScreen } from '../useNarrowScreen';
import {
  nextZoom,
  parseZoom,
  scaleOf,
  serializeZoom,
  wheelSteps,
  ZOOM_100,
  ZOOM_AUTO,
  type ZoomCommand,
  type ZoomMode,
  type ZoomRoom,
} from './zoom';
import './zoom.css';

/** Where the browser keeps the reader's zoom: one for every document, never in a document. */
export const ZOOM_STORAGE_KEY = 'wx-editor-zoom';

/** The attribute on the desk (the stage) that turns the zoom on; the scale is its `--wx-zoom`. */
export const ZOOM_ATTRIBUTE = 'data-wx-zoom';

/** A sheet's page size at 100 %, from the page setup's variables on the row (PagesPlugin). */
function sheetOf(row: HTMLElement): ZoomRoom {
  const style = getComputedStyle(row);
  return {
    width: Number.parseFloat(style.getPropertyValue('--wx-page-w')) || PAPER_WIDTH_PX,
    height: Number.parseFloat(style.getPropertyValue('--wx-page-h')) || 1123,
  };
}

/** The desk's room inside its padding (the scroll bar taken out): what 适合页宽 and 整页 fill. */
function roomOf(stage: HTMLElement): ZoomRoom {
  const style = getComputedStyle(stage);
  const padX = (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
  const padTop = Number.parseFloat(style.paddingTop) || 0;
  // 整页 leaves the top's padding under the sheet too (the bottom's is room for the dock, larger).
  return { width: stage.clientWidth - padX, height: stage.clientHeight - 2 * padTop };
}

function readStored(): ZoomMode {
  try {
    return parseZoom(globalThis.localStorage?.getItem(ZOOM_STORAGE_KEY)) ?? ZOOM_AUTO;
  } catch {
    // Storage refused (a private window's policy): the view opens at the default.
    return ZOOM_AUTO;
  }
}

function store(mode: ZoomMode): void {
  try {
    globalThis.localStorage?.setItem(ZOOM_STORAGE_KEY, serializeZoom(mode));
  } catch {
    // Not kept: the zoom still applies to this view.
  }
}

export interface Zoom {
  /** False outside the page view (连续视图, a phone): the control is disabled and the keys do nothing. */
  enabled: boolean;
  mode: ZoomMode;
  /** The scale the sheets show at now (a fitted mode's, from the window). */
  scale: number;
  run(command: ZoomCommand): void;
  choose(mode: ZoomMode): void;
}

/**
 * The page view's zoom, applied as a `transform: scale()` of the paper's row (zoom.css.ts explains why a
 * transform and not the CSS `zoom`). The layout of the text does not change with it: the row keeps the
 * page's width, so the same lines and the same sheets are only drawn larger or smaller, and nothing is laid
 * out again (pageLayout.ts measures through the scale when an edit lays out). 适合页宽 and 整页 follow the desk's size. Ctrl + the wheel over the desk zooms; the
 * browser's own zoom stays everywhere else.
 */
export function useZoom({
  pageView,
  stageRef,
  rowRef,
}: {
  /** Whether the editor is in 页面视图 (the zoom applies to the sheets only). */
  pageView: boolean;
  stageRef: RefObject<HTMLElement | null>;
  rowRef: RefObject<HTMLElement | null>;
}): Zoom {
  const narrow = useNarrowScreen();
  const enabled = pageView && !narrow;
  const [mode, setMode] = useState<ZoomMode>(readStored);
  const [fitted, setFitted] = useState(1);
  const scale =
    mode.kind === 'fixed' ? scaleOf(mode, { width: 1, height: 1 }, { width: 1, height: 1 }) : fitted;
  const scaleRef = useRef(scale);
  scaleRef.current = scale;

  const choose = useCallback((next: ZoomMode) => {
    setMode(next);
    store(next);
  }, []);
  const run = useCallback((command: ZoomCommand) => choose(nextZoom(command, scaleRef.current)), [choose]);

  // A fitted mode follows the desk: the window, a side panel opened, the page setup.
  useEffect(() => {
    const stage = stageRef.current;
    const row = rowRef.current;
    if (!enabled || mode.kind === 'fixed' || !stage || !row) return;
    const fit = () => setFitted(scaleOf(mode, roomOf(stage), sheetOf(row)));
    fit();
    const resized = new ResizeObserver(fit);
    resized.observe(stage);
    const setup = new MutationObserver(fit);
    setup.observe(row, { attributes: true, attributeFilter: ['style'] });
    return () => {
      resized.disconnect();
      setup.disconnect();
    };
  }, [enabled, mode, stageRef, rowRef]);

  // The scale on the desk (the row inherits it), before the paint; the desk keeps the middle of what was
  // in view in view. The row's height as laid out (a transform leaves it unchanged) gives the room the
  // scaled row takes (zoom.css.ts).
  useLayoutEffect(() => {
    const stage = stageRef.current;
    const row = rowRef.current;
    if (!stage || !row) return;
    if (!enabled) {
      stage.removeAttribute(ZOOM_ATTRIBUTE);
      stage.style.removeProperty('--wx-zoom');
      row.style.removeProperty('margin-bottom');
      return;
    }
    const before = Number(stage.getAttribute(ZOOM_ATTRIBUTE)) || 1;
    const middle = (stage.scrollTop + stage.clientHeight / 2) / before;
    giveBackHeight(row, scale);
    stage.style.setProperty('--wx-zoom', String(scale));
    // The scale is the attribute's value too: at 1 the row is drawn with no transform at all (zoom.css.ts).
    stage.setAttribute(ZOOM_ATTRIBUTE, String(scale));
    if (Math.abs(before - scale) > 0.0005)
      stage.scrollTop = Math.max(0, middle * scale - stage.clientHeight / 2);
  }, [enabled, scale, stageRef, rowRef]);

  // The row grows and shrinks with the sheets; at 100 % it takes its own room and there is nothing to follow.
  useEffect(() => {
    const row = rowRef.current;
    if (!enabled || !row || scale === 1) return;
    const grown = new ResizeObserver(() => giveBackHeight(row, scale));
    grown.observe(row);
    return () => grown.disconnect();
  }, [enabled, scale, rowRef]);

  // Ctrl + the wheel over the desk (a touchpad's pinch arrives so too): the page view's zoom, not the
  // browser's. Outside the desk the browser zooms as ever.
  useEffect(() => {
    const stage = stageRef.current;
    if (!enabled || !stage) return;
    let rest = 0;
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      // Lines (Firefox) to pixels; a page's worth counts as one notch.
      const delta =
        event.deltaMode === WheelEvent.DOM_DELTA_LINE
          ? event.deltaY * 40
          : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
            ? Math.sign(event.deltaY) * 100
            : event.deltaY;
      const { steps, rest: left } = wheelSteps(rest, delta);
      rest = left;
      if (steps === 0) return;
      let next = scaleRef.current;
      let chosen: ZoomMode = ZOOM_100;
      for (let i = 0; i < Math.abs(steps); i += 1) {
        chosen = nextZoom(steps < 0 ? 'in' : 'out', next);
        next = chosen.kind === 'fixed' ? chosen.scale : next;
      }
      choose(chosen);
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [enabled, stageRef, choose]);

  return { enabled, mode, scale, run, choose };
}

/**
 * The room the scaled row takes, by its bottom margin: its laid-out height (a transform leaves it as at
 * 100 %) times the scale less one. Set on the row alone, not as a custom property on the desk: a custom
 * property is inherited, and changing one makes the browser compute the style of the whole document again
 * (a paste that adds sheets, at every zoom).
 */
function giveBackHeight(row: HTMLElement, scale: number): void {
  if (scale === 1) row.style.removeProperty('margin-bottom');
  else row.style.setProperty('margin-bottom', `${row.offsetHeight * (scale - 1)}px`);
}
