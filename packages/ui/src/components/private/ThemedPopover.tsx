import {
  PopoverContext,
  Popover as RACPopover,
  type PopoverProps as RACPopoverProps,
  useSlottedContext,
} from 'react-aria-components';
import { useOverlayTheme } from '../../theme/overlayTheme';

/**
 * react-aria's Popover carrying the theme of the part of the page its trigger is in (see overlayTheme.ts):
 * the trigger is the one given, or the one its MenuTrigger, Select, DialogTrigger or submenu provides.
 * Every popover of the package (Popover, Menu, Select) is this one.
 */
export function ThemedPopover(props: RACPopoverProps) {
  const context = useSlottedContext(PopoverContext);
  const theme = useOverlayTheme(props.triggerRef ?? context?.triggerRef);
  return <RACPopover {...props} data-theme={theme} />;
}
