export {
  IconButton,
  type IconButtonProps,
  type IconButtonShape,
  type IconButtonSize,
  type IconButtonVariant,
  iconButtonShapes,
  iconButtonSizes,
  iconButtonVariants,
} from './IconButton';
