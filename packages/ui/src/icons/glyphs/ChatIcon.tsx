import { Icon, type IconProps } from '../Icon';

export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 11.5a8.5 8.5 0 0 1-12.3 7.6L3.5 20.5 5 15.7A8.5 8.5 0 1 1 21 11.5Z" />
    </Icon>
  );
}
