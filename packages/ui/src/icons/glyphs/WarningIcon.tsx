import { Icon, type IconProps } from '../Icon';

export function WarningIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10.3 4 2.5 17.8A2 2 0 0 0 4.2 21h15.6a2 2 0 0 0 1.7-3.2L13.7 4a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9.5v4M12 17h.01" />
    </Icon>
  );
}
