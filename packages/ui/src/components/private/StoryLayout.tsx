import type { CSSProperties, ReactNode } from 'react';
import { vars } from '../../theme/contract.css';

/* Layout helpers for stories only (not exported from the package): they lay out state matrices. */

const rowStyle: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
};
const columnStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: vars.space.lg };
const captionStyle: CSSProperties = {
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  minWidth: '72px',
};

export function StoryRow({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div style={rowStyle}>
      {label ? <span style={captionStyle}>{label}</span> : null}
      {children}
    </div>
  );
}

export function StoryColumn({ children, width }: { children: ReactNode; width?: string }) {
  return <div style={{ ...columnStyle, width }}>{children}</div>;
}
