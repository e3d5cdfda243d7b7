import type { CSSProperties, ReactNode } from 'react';
import { vars } from '../../theme/contract.css';

/* A tile for the layout primitives' stories only (not exported from the package). */

const tileStyle: CSSProperties = {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  fontSize: vars.font.size.sm,
};

export function Tile({ children, height }: { children: ReactNode; height?: string }) {
  return <div style={{ ...tileStyle, height }}>{children}</div>;
}
