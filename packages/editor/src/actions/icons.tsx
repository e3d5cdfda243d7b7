import { Icon, type IconProps } from '@wanxiang/ui';
import * as css from './icons.css';

/** Editor glyphs on the design system's 24 px grid (the ui package has no word-processing icons). */
export const AlignLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h16M4 10h10M4 14h16M4 18h10" />
  </Icon>
);
export const AlignCenterIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h16M7 10h10M4 14h16M7 18h10" />
  </Icon>
);
export const AlignRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h16M10 10h10M4 14h16M10 18h10" />
  </Icon>
);
export const CodeBlockIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="m9 10-2 2 2 2M15 10l2 2-2 2" />
  </Icon>
);
export const ImageIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="1.5" />
    <path d="m21 16-5-5-9 9" />
  </Icon>
);
export const TableIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M3 9h18M3 14.5h18M9 4v16M15 4v16" />
  </Icon>
);
export const TableToolsIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="14" height="12" rx="1.5" />
    <path d="M3 10h14M10 4v12M19 15v6M16 18h6" />
  </Icon>
);
export const BulletListIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <circle cx="5" cy="6" r="1.2" fill="currentColor" />
    <circle cx="5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="5" cy="18" r="1.2" fill="currentColor" />
  </Icon>
);
export const NumberedListIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <path d="M4 4.5 5.5 4v4M4 10.5a1.5 1.5 0 0 1 3 .3L4 14h3M4 16.5h3l-1.5 1.7a1.3 1.3 0 1 1-1.5 1.8" />
  </Icon>
);
export const IndentIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 5h16M11 10h9M11 14h9M4 19h16" />
    <path d="m4 9.5 3 2.5-3 2.5" />
  </Icon>
);
export const OutdentIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 5h16M11 10h9M11 14h9M4 19h16" />
    <path d="M7 9.5 4 12l3 2.5" />
  </Icon>
);
export const LineSpacingIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M11 6h9M11 12h9M11 18h9" />
    <path d="m3.5 7 2.5-3 2.5 3M3.5 17l2.5 3 2.5-3M6 4v16" />
  </Icon>
);
export const LinkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
  </Icon>
);
export const UndoIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
  </Icon>
);
export const RedoIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H10a6 6 0 0 0 0 12h3" />
  </Icon>
);
export const ColorIcon = (p: IconProps & { swatch?: string }) => {
  const { swatch, ...rest } = p;
  return (
    <Icon {...rest}>
      <path d="m7 15 5-11 5 11M8.8 11h6.4" />
      <path d="M4 20h16" stroke={swatch || 'currentColor'} strokeWidth={3} />
    </Icon>
  );
};
export const PanelLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </Icon>
);
export const PanelRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M15 4v16" />
  </Icon>
);

/* The text-format buttons show a letter set in the format they apply, as word processors do. */
export const BoldGlyph = () => <span className={css.glyphBold}>B</span>;
export const ItalicGlyph = () => <span className={css.glyphItalic}>I</span>;
export const UnderlineGlyph = () => <span className={css.glyphUnderline}>U</span>;
export const StrikeGlyph = () => <span className={css.glyphStrike}>S</span>;
export const CodeGlyph = () => <span className={css.glyphCode}>{'</>'}</span>;
