import { createContainer, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/**
 * The layout switches on the shell's own width (a container query), not the viewport's. In an app the
 * shell fills the viewport so the two agree; in Storybook and tests a narrow box shows the phone layout
 * without resizing the browser.
 */
const shell = createContainer('app-shell');
const narrow = `${shell} (max-width: 767.98px)`;

export const root = style({
  containerName: shell,
  containerType: 'inline-size',
  height: '100dvh',
  width: '100%',
  backgroundColor: vars.color.bg.canvas,
  color: vars.color.text.primary,
});

export const layout = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.sidebar} minmax(0, 1fr)`,
  height: '100%',
  '@container': {
    [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const layoutCollapsed = style([
  layout,
  {
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    '@container': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
  },
]);

/** The folded sidebar: a narrow strip with the button that opens it again. */
export const rail = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  paddingBlock: vars.space.md,
  paddingInline: vars.space.xs,
  backgroundColor: vars.color.bg.sunken,
  borderInlineEnd: `1px solid ${vars.color.border.subtle}`,
  '@container': { [narrow]: { display: 'none' } },
});

/** Hidden on a narrow shell and inside the drawer: there the drawer itself comes and goes. */
export const collapseButton = style({
  display: 'inline-flex',
  '@container': { [narrow]: { display: 'none' } },
  selectors: { '[data-wx-drawer] &': { display: 'none' } },
});

export const sidebarColumn = style({
  minHeight: 0,
  overflow: 'hidden',
  '@container': {
    [narrow]: { display: 'none' },
  },
});

export const mainColumn = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  minHeight: 0,
});

export const topBar = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
  height: '52px',
  paddingInline: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.bg.canvas,
  '@container': {
    [narrow]: { display: 'flex' },
  },
});

export const topBarTitle = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.font.weight.medium,
});

export const topBarActions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
});

export const main = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  outline: 'none',
});

export const skipLink = style({
  position: 'fixed',
  insetBlockStart: vars.space.sm,
  insetInlineStart: vars.space.sm,
  zIndex: vars.zIndex.toast,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.bg.raised,
  color: vars.color.text.link,
  boxShadow: vars.shadow.md,
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus': { transform: 'none' },
  },
});

const fadeIn = keyframes({ from: { opacity: 0 } });
const fadeOut = keyframes({ to: { opacity: 0 } });
const slideIn = keyframes({ from: { transform: 'translateX(-100%)' } });
const slideOut = keyframes({ to: { transform: 'translateX(-100%)' } });

export const drawerOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.drawer,
  backgroundColor: vars.color.bg.backdrop,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.duration.normal} ${vars.motion.easing.enter}` },
    '&[data-exiting]': { animation: `${fadeOut} ${vars.motion.duration.normal} ${vars.motion.easing.exit}` },
  },
});

export const drawer = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  width: `min(${vars.size.sidebar}, 85vw)`,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: {
    '&[data-entering]': {
      animation: `${slideIn} ${vars.motion.duration.normal} ${vars.motion.easing.enter}`,
    },
    '&[data-exiting]': { animation: `${slideOut} ${vars.motion.duration.normal} ${vars.motion.easing.exit}` },
  },
});

export const drawerDialog = style({
  position: 'relative',
  height: '100%',
  outline: 'none',
});

export const drawerClose = style({
  position: 'absolute',
  insetBlockStart: vars.space.sm,
  insetInlineEnd: vars.space.sm,
  zIndex: 1,
});
