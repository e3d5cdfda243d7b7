export { AttachButton, type AttachButtonProps } from './AttachButton';
