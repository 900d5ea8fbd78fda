import { Component, type ReactNode, Suspense } from 'react';
import { lazyPart } from '../lib/lazy-part.ts';
import styles from './route-error.module.css';

/**
 * What a failed page shows. Its code loads when first needed (or when the browser is idle, with the
 * other parts that load later); if even that fails (the connection is gone), a plain message says so.
 */
const ErrorContent = lazyPart(() =>
  import('./route-error-view.tsx').then(
    (m) => m.ErrorContent,
    () => PlainErrorContent,
  ),
);

function PlainErrorContent() {
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.heading}>Something went wrong.</h1>
      <p className={styles.message}>This page could not be shown. Reload the page to try again.</p>
    </div>
  );
}

function ErrorView() {
  return (
    <Suspense fallback={null}>
      <ErrorContent.Component />
    </Suspense>
  );
}

interface ErrorBoundaryProps {
  /** A new value (the next navigation) clears a shown error. */
  resetKey?: unknown;
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey: unknown;
}

/** Catches what failed below it, reports it to the console and shows `fallback` instead. */
abstract class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  protected abstract fallback(): ReactNode;

  override render(): ReactNode {
    return this.state.failed ? this.fallback() : this.props.children;
  }
}

/** A page failed: the header and footer stay, the page area explains. */
export class PageErrorBoundary extends ErrorBoundary {
  protected fallback(): ReactNode {
    return <ErrorView />;
  }
}

/** The shell itself failed: the message alone. */
export class RootErrorBoundary extends ErrorBoundary {
  protected fallback(): ReactNode {
    return (
      <main id="main" className={styles.root}>
        <ErrorView />
      </main>
    );
  }
}
