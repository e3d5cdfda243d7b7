export {
  Badge,
  type BadgeProps,
  type BadgeTone,
  type BadgeVariant,
  badgeTones,
  badgeVariants,
} from './Badge';
