export {
  Select,
  SelectItem,
  type SelectItemProps,
  type SelectProps,
  SelectSection,
  type SelectSectionProps,
} from './Select';
