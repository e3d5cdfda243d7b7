import { Icon, type IconProps } from '@wanxiang/ui';

/*
 * The chat's own glyphs for its version controls, drawn like the ui package's icons (24 px grid, round
 * 1.75 px stroke): the ui set has no "again" or "edit" glyph, and only the chat needs them.
 */

/** 重新生成: a circular arrow. */
export function RegenerateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 12a8 8 0 1 1-2.34-5.66" />
      <path d="M20 4v5h-5" />
    </Icon>
  );
}

/** 编辑: a pencil. */
export function EditIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h4L19 9a2.83 2.83 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  );
}
