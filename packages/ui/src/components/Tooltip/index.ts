export {
  TOOLTIP_DELAY_MS,
  TOOLTIP_TOUCH_HOLD_MS,
  TOOLTIP_TOUCH_LINGER_MS,
  Tooltip,
  type TooltipProps,
} from './Tooltip';
