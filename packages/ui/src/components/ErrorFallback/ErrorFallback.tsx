import { clsx } from 'clsx';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useUiMessages } from '../../i18n/UiProvider';
import { ErrorIcon } from '../../icons';
import { Button } from '../Button/Button';
import * as styles from './ErrorFallback.css';

export interface ErrorFallbackProps {
  /** What the button does. @default reloads the page */
  onReload?: () => void;
  /** Fill the viewport (the whole app failed) or only the space given. @default true */
  fullPage?: boolean;
  className?: string;
}

function reloadPage() {
  window.location.reload();
}

/**
 * The fatal-error screen: 出现了一些问题, the explanation, and 刷新页面. It deliberately shows no
 * technical detail (the error goes to the error boundary's onError for logging).
 */
export function ErrorFallback({ onReload = reloadPage, fullPage = true, className }: ErrorFallbackProps) {
  const messages = useUiMessages();
  return (
    <div role="alert" className={clsx(fullPage && styles.root, className)}>
      <div className={styles.panel}>
        <span className={styles.icon} aria-hidden="true">
          <ErrorIcon />
        </span>
        <h1 className={styles.title}>{messages.errorFallback.title}</h1>
        <p className={styles.description}>{messages.errorFallback.description}</p>
        <Button variant="primary" className={styles.action} onPress={onReload}>
          {messages.errorFallback.reload}
        </Button>
      </div>
    </div>
  );
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the failed tree. @default <ErrorFallback /> */
  fallback?: ReactNode | ((error: unknown, reset: () => void) => ReactNode);
  /** Log or report the error; the user never sees it. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches render errors below it and shows the fallback instead of a blank page. React still needs a
 * class for this (there is no hook equivalent of componentDidCatch).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: undefined, hasError: false });
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback(this.state.error, this.reset);
    return fallback ?? <ErrorFallback />;
  }
}
