import { Icon, type IconProps } from '../Icon';

export function SendIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20V5" />
      <path d="m5.5 11.5 6.5-6.5 6.5 6.5" />
    </Icon>
  );
}
