export {
  VisuallyHidden,
  type VisuallyHiddenElement,
  type VisuallyHiddenProps,
  visuallyHiddenElements,
} from './VisuallyHidden';
