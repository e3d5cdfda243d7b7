import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { isNarrowScreen, PAPER_WIDTH_PX } from '../constants';

/** The side panels' widths (WordEditor.css.ts) and the stage's side padding around the sheet. */
export const LEFT_PANEL_PX = 240;
export const RIGHT_PANEL_PX = 320;
const STAGE_PADDING_PX = 48;
/** The least room the paper needs beside the panels: a full sheet. */
export const MIN_STAGE_PX = PAPER_WIDTH_PX + STAGE_PADDING_PX;

/**
 * Which side panels fit beside a full sheet in a workspace this wide: the left panel (files, outline)
 * gives way first, then the right one. A pure rule, so it is tested on its own.
 */
export function panelsThatFit(
  workspacePx: number,
  wanted: { left: boolean; right: boolean },
): { left: boolean; right: boolean } {
  let left = wanted.left;
  let right = wanted.right;
  const free = () => workspacePx - (left ? LEFT_PANEL_PX : 0) - (right ? RIGHT_PANEL_PX : 0);
  if (free() < MIN_STAGE_PX) left = false;
  if (free() < MIN_STAGE_PX) right = false;
  return { left, right };
}

/**
 * The side panels. On a wide screen they sit beside the paper, open, as long as the paper keeps its full
 * width: a window too narrow for both folds them away, and opens them again when it widens (a panel the
 * user toggled stays as they left it until the window is resized). On a phone they are drawers over the paper, closed until asked for, and
 * closed again by a tap on the scrim or Escape.
 */
export function useDrawers(hasRightPanel: boolean, workspaceRef?: RefObject<HTMLElement | null>) {
  const [editor] = useLexicalComposerContext();
  const [leftOpen, setLeftOpen] = useState(() => !isNarrowScreen());
  const [rightOpen, setRightOpen] = useState(() => hasRightPanel && !isNarrowScreen());
  // What the user last chose; the width decides what of it shows.
  const wanted = useRef({ left: leftOpen, right: rightOpen });

  useEffect(() => {
    const element = workspaceRef?.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    // Only a change of width refits: the workspace's height changes as the chrome hides on scroll or a
    // notice shows, and refitting then would close a panel the user just opened.
    let width = -1;
    const fit = () => {
      if (isNarrowScreen() || element.clientWidth === width) return;
      width = element.clientWidth;
      const shown = panelsThatFit(element.clientWidth, {
        left: wanted.current.left,
        right: wanted.current.right && hasRightPanel,
      });
      setLeftOpen(shown.left);
      if (hasRightPanel) setRightOpen(shown.right);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [workspaceRef, hasRightPanel]);

  const closeDrawers = () => {
    if (!isNarrowScreen()) return;
    setLeftOpen(false);
    setRightOpen(false);
  };
  return {
    leftOpen,
    // The right panel shows only when there is one; the scrim dims the paper only behind a panel that shows.
    rightShown: rightOpen && hasRightPanel,
    toggleLeft: () =>
      setLeftOpen((open) => {
        wanted.current.left = !open;
        return !open;
      }),
    toggleRight: () =>
      setRightOpen((open) => {
        wanted.current.right = !open;
        return !open;
      }),
    closeDrawers,
    closeDrawerOnEscape: (event: ReactKeyboardEvent) => {
      if (event.key !== 'Escape' || !isNarrowScreen() || event.defaultPrevented) return;
      closeDrawers();
      editor.focus();
    },
  };
}
