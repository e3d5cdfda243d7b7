import { style } from '@vanilla-extract/css';

/** The editor fills the page beside the sidebar and scrolls inside its stage, not the window. */
export const page = style({ height: '100dvh', display: 'flex', flexDirection: 'column', minHeight: 0 });
