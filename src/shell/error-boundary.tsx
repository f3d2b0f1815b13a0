/**
 * Page-level error boundary — docs/product/shell.md "Access Denied, Page Not Found, error page" and
 * docs/product/constants.md (error boundary): transient errors (network,
 * retryable server) are retried automatically up to 2 times, waiting 2 s then 4 s; "Try Again"
 * resets the boundary, "Reload Application" reloads the page. Keyed by route in the layout, so
 * navigating away also resets it.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ERROR_BOUNDARY } from '../../contract/constants';
import { categorize, type ErrorCategory } from '../../providers/api';
import { ErrorPage } from './error-page';

export interface ErrorBoundaryProps {
  route: string;
  children: ReactNode;
  onReload?: () => void;
}

interface State {
  error: Error | null;
  /** Automatic retries already made for the current failure streak. */
  attempt: number;
  retrying: boolean;
}

export function isTransient(category: ErrorCategory): boolean {
  return category === 'network' || category === 'retryable';
}

/** Wait before automatic retry number `attempt + 1`: 2 s, 4 s, … */
export function retryDelay(attempt: number): number {
  return ERROR_BOUNDARY.baseDelayMs * 2 ** attempt;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  state: State = { error: null, attempt: 0, retrying: false };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[error boundary] ${this.props.route}`, error, info.componentStack);
    const { attempt } = this.state;
    if (isTransient(categorize(error)) && attempt < ERROR_BOUNDARY.maxAutoRetries) {
      this.setState({ retrying: true });
      this.timer = setTimeout(() => this.setState({ error: null, attempt: attempt + 1, retrying: false }), retryDelay(attempt));
    }
  }

  componentWillUnmount(): void {
    clearTimeout(this.timer);
  }

  private reset = () => {
    clearTimeout(this.timer);
    this.setState({ error: null, attempt: 0, retrying: false });
  };

  render() {
    const { error, attempt, retrying } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorPage
        error={error}
        category={categorize(error)}
        route={this.props.route}
        attempt={attempt}
        retrying={retrying}
        onTryAgain={this.reset}
        onReload={this.props.onReload ?? (() => window.location.reload())}
      />
    );
  }
}
