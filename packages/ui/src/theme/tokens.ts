/**
 * The design tokens of 万象 as plain data. The theme contract (contract.css.ts) is derived from the shape
 * of `lightTokens`, so a theme can never lack a token the components use.
 *
 * Colours are sRGB hex on purpose: axe computes contrast from them in both themes, and every text/background
 * pair the components use was checked to reach WCAG AA (4.5:1 for body text) — see the comments at the
 * pairs that sit closest to the limit.
 */

const space = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '32px',
  xxxl: '48px',
};

const radius = {
  sm: '4px',
  md: '6px',
  lg: '8px',
  xl: '12px',
  full: '9999px',
};

/**
 * CJK first. The faces Chinese users' own systems have come first: PingFang (macOS, iOS), Hiragino Sans GB
 * (older macOS) and Microsoft YaHei (Windows) render the interface as their other apps do, and cost no
 * download. Where none is installed (Linux, Android, and the screenshot tests' machine), the self-hosted
 * Noto Sans SC (see fonts.ts) takes over, a slice of characters at a time, and renders the same everywhere;
 * the other CJK faces follow for when it has not loaded (or a consumer chose not to ship it), then the
 * generic family.
 */
const fontFamily = {
  sans: [
    "'PingFang SC'",
    "'Hiragino Sans GB'",
    "'Microsoft YaHei'",
    "'Noto Sans SC Variable'",
    "'Noto Sans SC'",
    "'Source Han Sans SC'",
    "'Noto Sans CJK SC'",
    "'WenQuanYi Micro Hei'",
    'system-ui',
    '-apple-system',
    "'Segoe UI'",
    'sans-serif',
  ].join(', '),
  mono: [
    'ui-monospace',
    "'SFMono-Regular'",
    "'JetBrains Mono'",
    'Menlo',
    'Consolas',
    "'Noto Sans Mono CJK SC'",
    'monospace',
  ].join(', '),
};

const fontSize = {
  xs: '12px',
  sm: '13px',
  md: '14px',
  lg: '16px',
  xl: '18px',
  xxl: '22px',
  xxxl: '28px',
};

/**
 * Chinese text needs more leading than Latin text: ideographs fill the whole em box, so 1.6 is the body
 * default (Latin-first systems use ~1.4–1.5).
 */
const lineHeight = {
  tight: '1.3',
  snug: '1.45',
  normal: '1.6',
  relaxed: '1.75',
};

const fontWeight = {
  regular: '400',
  medium: '500',
  bold: '700',
};

const motion = {
  duration: {
    fast: '120ms',
    normal: '200ms',
    slow: '300ms',
  },
  easing: {
    standard: 'cubic-bezier(0.2, 0, 0, 1)',
    enter: 'cubic-bezier(0, 0, 0.2, 1)',
    exit: 'cubic-bezier(0.4, 0, 1, 1)',
  },
};

/** Layers in stacking order. react-aria positions its own popovers; these cover what we position. */
const zIndex = {
  base: '0',
  sticky: '10',
  drawer: '100',
  modal: '200',
  popover: '300',
  toast: '400',
  tooltip: '500',
};

const size = {
  control: { sm: '28px', md: '36px', lg: '44px' },
  icon: { sm: '14px', md: '16px', lg: '20px' },
  sidebar: '260px',
  /** The chat column is at most 800 wide. */
  content: '800px',
};

const scale = { space, radius, fontFamily, fontSize, lineHeight, fontWeight, motion, zIndex, size };

export interface ToneTokens {
  /** Filled backgrounds (primary/danger buttons, switch on). White text on it passes AA. */
  solid: string;
  solidHover: string;
  solidPressed: string;
  /** Tinted backgrounds (alerts, chips, selected rows). `text` on it passes AA. */
  soft: string;
  softHover: string;
  /** Text and icons in the tone on canvas, surface and soft backgrounds. */
  text: string;
  border: string;
}

export interface ColorTokens {
  bg: {
    canvas: string;
    surface: string;
    /** Sidebar and wells: a step below the canvas. */
    sunken: string;
    /** Popovers, menus, dialogs. */
    raised: string;
    hover: string;
    pressed: string;
    selected: string;
    backdrop: string;
    /** Tooltips: inverted against the canvas. */
    inverse: string;
  };
  text: {
    primary: string;
    secondary: string;
    /** Placeholders and meta text; still AA on canvas, surface, sunken, raised and hover. */
    tertiary: string;
    disabled: string;
    inverse: string;
    link: string;
    onSolid: string;
  };
  border: {
    subtle: string;
    default: string;
    strong: string;
  };
  accent: ToneTokens;
  danger: ToneTokens;
  warning: ToneTokens;
  success: ToneTokens;
  info: ToneTokens;
  focusRing: string;
}

export interface ThemeTokens {
  color: ColorTokens;
  shadow: { sm: string; md: string; lg: string };
  space: typeof space;
  radius: typeof radius;
  font: {
    family: typeof fontFamily;
    size: typeof fontSize;
    lineHeight: typeof lineHeight;
    weight: typeof fontWeight;
  };
  motion: typeof motion;
  zIndex: typeof zIndex;
  size: typeof size;
}

const shared = {
  space: scale.space,
  radius: scale.radius,
  font: {
    family: scale.fontFamily,
    size: scale.fontSize,
    lineHeight: scale.lineHeight,
    weight: scale.fontWeight,
  },
  motion: scale.motion,
  zIndex: scale.zIndex,
  size: scale.size,
};

export const lightTokens: ThemeTokens = {
  ...shared,
  color: {
    bg: {
      canvas: '#ffffff',
      surface: '#ffffff',
      sunken: '#f7f7f8',
      raised: '#ffffff',
      hover: '#f1f1f3',
      pressed: '#e8e8eb',
      selected: '#ececf9',
      backdrop: 'rgba(24, 24, 27, 0.4)',
      inverse: '#27272a',
    },
    text: {
      primary: '#18181b',
      secondary: '#52525b',
      // 4.93:1 on sunken, 4.68:1 on hover — the closest pairs to the AA limit in this theme.
      tertiary: '#6b6b74',
      disabled: '#a1a1aa',
      inverse: '#fafafa',
      link: '#4338ca',
      onSolid: '#ffffff',
    },
    border: {
      subtle: '#ececef',
      default: '#e0e0e4',
      strong: '#c4c4cc',
    },
    accent: {
      solid: '#4f46e5',
      solidHover: '#4338ca',
      solidPressed: '#3730a3',
      soft: '#eef0ff',
      softHover: '#e2e5ff',
      text: '#4338ca',
      border: '#c7cbfa',
    },
    danger: {
      solid: '#dc2626',
      solidHover: '#b91c1c',
      solidPressed: '#991b1b',
      soft: '#fef2f2',
      softHover: '#fde4e4',
      text: '#b91c1c',
      border: '#fbc5c5',
    },
    warning: {
      solid: '#b45309',
      solidHover: '#92400e',
      solidPressed: '#78350f',
      soft: '#fffbeb',
      softHover: '#fef3c7',
      text: '#92400e',
      border: '#f8d78b',
    },
    success: {
      solid: '#15803d',
      solidHover: '#166534',
      solidPressed: '#14532d',
      soft: '#f0fdf4',
      softHover: '#dcfce7',
      text: '#166534',
      border: '#b3e6c4',
    },
    info: {
      solid: '#2563eb',
      solidHover: '#1d4ed8',
      solidPressed: '#1e40af',
      soft: '#eff6ff',
      softHover: '#dbeafe',
      text: '#1d4ed8',
      border: '#bcd4fb',
    },
    focusRing: '#4f46e5',
  },
  shadow: {
    sm: '0 1px 2px rgba(24, 24, 27, 0.06)',
    md: '0 4px 16px rgba(24, 24, 27, 0.08), 0 1px 3px rgba(24, 24, 27, 0.06)',
    lg: '0 16px 48px rgba(24, 24, 27, 0.16), 0 2px 8px rgba(24, 24, 27, 0.08)',
  },
};

export const darkTokens: ThemeTokens = {
  ...shared,
  color: {
    bg: {
      canvas: '#141416',
      surface: '#1a1a1d',
      sunken: '#0f0f11',
      raised: '#202024',
      hover: '#27272b',
      pressed: '#303035',
      selected: '#25253a',
      backdrop: 'rgba(0, 0, 0, 0.6)',
      inverse: '#ededef',
    },
    text: {
      primary: '#ededef',
      secondary: '#a8a8b0',
      // 5.0:1 on raised, 4.59:1 on hover — the closest pairs to the AA limit in this theme.
      tertiary: '#8e8e98',
      disabled: '#5c5c66',
      inverse: '#18181b',
      link: '#a5b4fc',
      onSolid: '#ffffff',
    },
    border: {
      subtle: '#232327',
      default: '#2e2e33',
      strong: '#45454d',
    },
    // Dark solids get darker (not lighter) on hover so white labels keep at least 4.5:1.
    accent: {
      solid: '#5b5bd6',
      solidHover: '#5151c8',
      solidPressed: '#4747b8',
      soft: '#1e1f3a',
      softHover: '#272850',
      text: '#b4bcff',
      border: '#3a3c78',
    },
    danger: {
      solid: '#d13438',
      solidHover: '#b92b2f',
      solidPressed: '#a32528',
      soft: '#2c1517',
      softHover: '#3b1b1e',
      text: '#ff9592',
      border: '#5c2326',
    },
    warning: {
      solid: '#a35200',
      solidHover: '#8f4700',
      solidPressed: '#7a3d00',
      soft: '#2a1e0c',
      softHover: '#362710',
      text: '#ffca7a',
      border: '#5a4010',
    },
    success: {
      solid: '#1f7a44',
      solidHover: '#1a6b3b',
      solidPressed: '#155c32',
      soft: '#122419',
      softHover: '#173020',
      text: '#6fdc9a',
      border: '#1f4a2e',
    },
    info: {
      solid: '#2f6fe0',
      solidHover: '#2862c8',
      solidPressed: '#2256b0',
      soft: '#131f38',
      softHover: '#192a4a',
      text: '#9ec1ff',
      border: '#24406e',
    },
    focusRing: '#8b93ff',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 16px rgba(0, 0, 0, 0.45), 0 0 0 1px rgba(255, 255, 255, 0.04)',
    lg: '0 16px 48px rgba(0, 0, 0, 0.6), 0 0 0 1px rgba(255, 255, 255, 0.05)',
  },
};

export const themeNames = ['light', 'dark'] as const;
export type ThemeName = (typeof themeNames)[number];

export const themeTokens: Record<ThemeName, ThemeTokens> = { light: lightTokens, dark: darkTokens };
