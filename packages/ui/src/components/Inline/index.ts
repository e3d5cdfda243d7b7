export {
  Inline,
  type InlineAlign,
  type InlineElement,
  type InlineJustify,
  type InlineProps,
  inlineAligns,
  inlineElements,
  inlineJustifies,
} from './Inline';
