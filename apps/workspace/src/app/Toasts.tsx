import { ToastRegion } from '@wanxiang/ui';

/**
 * The toast region in a chunk of its own: only the signed-in screens raise toasts, so /login does not ship
 * react-aria's toast and landmark code (RootLayout loads this once a toast could appear).
 */
export default function Toasts({ className }: { className: string }) {
  return <ToastRegion className={className} />;
}
