/** The narrowest and widest an image may be made (px); the paper's text column is 614 px wide. */
export const IMAGE_MIN_WIDTH = 24;
export const IMAGE_MAX_WIDTH = 2000;

export function clampImageWidth(width: number): number {
  return Math.round(Math.min(IMAGE_MAX_WIDTH, Math.max(IMAGE_MIN_WIDTH, width)));
}
