export {
  Avatar,
  type AvatarProps,
  type AvatarSize,
  type AvatarTone,
  avatarSizes,
  avatarTones,
} from './Avatar';
