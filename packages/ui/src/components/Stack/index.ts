export {
  Stack,
  type StackAlign,
  type StackElement,
  type StackProps,
  stackAligns,
  stackElements,
} from './Stack';
