import { Icon, type IconProps } from '../Icon';

export function PresentationIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 4h19" />
      <path d="M4 4v9.5A1.5 1.5 0 0 0 5.5 15h13a1.5 1.5 0 0 0 1.5-1.5V4" />
      <path d="m8 21 4-6 4 6" />
      <path d="M9 11V9M12 11V7.5M15 11v-1" />
    </Icon>
  );
}
