export {
  Alert,
  type AlertProps,
  type AlertTone,
  type AlertVariant,
  alertTones,
  alertVariants,
} from './Alert';
