import { describe, expect, test } from 'vitest';
import { type ThemeName, type ThemeTokens, themeTokens } from './tokens';

/** WCAG 2.x relative luminance and contrast ratio of two opaque sRGB hex colours. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not an opaque #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const tones = ['accent', 'info', 'success', 'warning', 'danger'] as const;

/** Every text-on-background pair the components use, named for the failure message. */
function textPairs(t: ThemeTokens): Array<[string, string, string]> {
  const c = t.color;
  const pairs: Array<[string, string, string]> = [];
  const surfaces = {
    canvas: c.bg.canvas,
    surface: c.bg.surface,
    sunken: c.bg.sunken,
    raised: c.bg.raised,
    hover: c.bg.hover,
  };
  for (const [name, bg] of Object.entries(surfaces)) {
    pairs.push([`text.primary on bg.${name}`, c.text.primary, bg]);
    pairs.push([`text.secondary on bg.${name}`, c.text.secondary, bg]);
    pairs.push([`text.tertiary on bg.${name}`, c.text.tertiary, bg]);
    pairs.push([`text.link on bg.${name}`, c.text.link, bg]);
    for (const tone of tones) pairs.push([`${tone}.text on bg.${name}`, c[tone].text, bg]);
  }
  pairs.push(['text.primary on bg.selected', c.text.primary, c.bg.selected]);
  pairs.push(['text.primary on bg.pressed', c.text.primary, c.bg.pressed]);
  pairs.push(['text.secondary on bg.pressed (neutral badge)', c.text.secondary, c.bg.pressed]);
  pairs.push(['bg.canvas on text.secondary (solid neutral badge)', c.bg.canvas, c.text.secondary]);
  pairs.push(['text.inverse on bg.inverse (tooltip)', c.text.inverse, c.bg.inverse]);
  for (const tone of tones) {
    pairs.push([`${tone}.text on ${tone}.soft`, c[tone].text, c[tone].soft]);
    pairs.push([`text.primary on ${tone}.soft`, c.text.primary, c[tone].soft]);
    pairs.push([`${tone}.text on ${tone}.softHover`, c[tone].text, c[tone].softHover]);
    for (const state of ['solid', 'solidHover', 'solidPressed'] as const) {
      pairs.push([`text.onSolid on ${tone}.${state}`, c.text.onSolid, c[tone][state]]);
    }
  }
  return pairs;
}

describe.each(Object.keys(themeTokens) as ThemeName[])('the %s theme', (theme) => {
  test.each(textPairs(themeTokens[theme]))('%s reaches WCAG AA (4.5:1)', (_name, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  test('the focus ring stands out from the canvas (WCAG 1.4.11, 3:1)', () => {
    const { color } = themeTokens[theme];
    expect(contrast(color.focusRing, color.bg.canvas)).toBeGreaterThanOrEqual(3);
    expect(contrast(color.focusRing, color.bg.sunken)).toBeGreaterThanOrEqual(3);
  });
});

test('both themes define exactly the same tokens', () => {
  const shape = (value: unknown): unknown =>
    typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
      : typeof value;
  expect(shape(themeTokens.dark)).toEqual(shape(themeTokens.light));
});

test('body text is set for Chinese: line-height 1.6, the systems’ own CJK faces, then the self-hosted one', () => {
  expect(themeTokens.light.font.lineHeight.normal).toBe('1.6');
  const faces = themeTokens.light.font.family.sans.split(', ');
  expect(faces.slice(0, 4)).toEqual([
    "'PingFang SC'",
    "'Hiragino Sans GB'",
    "'Microsoft YaHei'",
    "'Noto Sans SC Variable'",
  ]);
});
