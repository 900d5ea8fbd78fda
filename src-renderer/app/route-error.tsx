import { Component, type ReactNode } from 'react';
import { paths } from '../../shared/routes/paths.ts';
import { useDocumentHead } from '../lib/document-head.ts';
import { Button, LinkButton } from '../ui/button.tsx';
import styles from './route-error.module.css';

function ErrorContent() {
  useDocumentHead({ title: 'Something went wrong' });
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.heading}>Something went wrong.</h1>
      <p className={styles.message}>
        This page could not be shown. Reload the page to try again, or go back to the home page.
      </p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <LinkButton to={paths.home()} variant="secondary">
          Back to Homepage
        </LinkButton>
      </div>
    </div>
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
    return <ErrorContent />;
  }
}

/** The shell itself failed: the message alone. */
export class RootErrorBoundary extends ErrorBoundary {
  protected fallback(): ReactNode {
    return (
      <main id="main" className={styles.root}>
        <ErrorContent />
      </main>
    );
  }
}
