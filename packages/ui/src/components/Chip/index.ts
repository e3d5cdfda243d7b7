export {
  Chip,
  type ChipProps,
  type ChipSize,
  type ChipTone,
  type ChipVariant,
  chipSizes,
  chipTones,
  chipVariants,
} from './Chip';
