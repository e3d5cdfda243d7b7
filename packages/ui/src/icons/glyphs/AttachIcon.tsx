import { Icon, type IconProps } from '../Icon';

export function AttachIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m20.5 11.5-8.3 8.3a5.3 5.3 0 0 1-7.5-7.5l8.3-8.3a3.5 3.5 0 0 1 5 5l-8.3 8.3a1.8 1.8 0 0 1-2.5-2.5l7.6-7.6" />
    </Icon>
  );
}
