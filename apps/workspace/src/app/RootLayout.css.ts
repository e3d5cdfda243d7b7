import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const loading = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '100dvh',
});

/*
 * The app's toasts sit top right on a wide screen: top centre is over the chat's model selector and its
 * price (输入 … 积分/千 tokens), which the user reads while a notice shows. On a phone they keep the
 * shared placement, over the top bar's title.
 */
export const toastRegion = style({
  '@media': {
    '(min-width: 768px)': {
      insetInlineStart: 'auto',
      insetInlineEnd: vars.space.lg,
      transform: 'none',
    },
  },
});
