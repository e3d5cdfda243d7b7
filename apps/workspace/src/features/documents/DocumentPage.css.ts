import { style } from '@vanilla-extract/css';

/**
 * The editor fills the shell's main area (beside the sidebar, or under the phone's top bar) and scrolls
 * inside its stage, not the window: a viewport height here overflowed the phone's main by its top bar.
 */
export const page = style({ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 });
