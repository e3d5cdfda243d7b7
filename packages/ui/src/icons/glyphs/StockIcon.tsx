import { Icon, type IconProps } from '../Icon';

export function StockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3v16a2 2 0 0 0 2 2h16" />
      <path d="m7 15 4-4 3 3 6-6" />
      <path d="M16 8h4v4" />
    </Icon>
  );
}
