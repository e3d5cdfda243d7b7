import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height; a number is pixels. @default '1em' (follows the surrounding text) */
  size?: number | string;
  /**
   * Icons are decorative by default (hidden from assistive technology): the control around them carries
   * the name. Give a label only when the icon alone conveys meaning.
   */
  'aria-label'?: string;
}

/**
 * Icons are inline SVG drawn on a 24 px grid with a 1.75 px round stroke in `currentColor`, so they take
 * the colour of their text and need no icon font (which would flash and cannot be tree-shaken).
 */
export function Icon({
  size = '1em',
  'aria-label': ariaLabel,
  children,
  ...rest
}: IconProps & { children: ReactNode }) {
  if (ariaLabel) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        role="img"
        aria-label={ariaLabel}
        {...rest}
      >
        <title>{ariaLabel}</title>
        {children}
      </svg>
    );
  }
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}
