import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../../shared/routes/paths.ts';
import { useDocumentHead } from '../lib/document-head.ts';
import { NotFoundPage } from '../pages/not-found/not-found-page.tsx';
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

function useReportedError(): unknown {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return error;
}

/** A page failed: the header and footer stay, the page area explains. */
export function PageErrorBoundary() {
  const error = useReportedError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorContent />;
}

/** The shell itself failed: the message alone. */
export function RootErrorBoundary() {
  const error = useReportedError();
  return (
    <main id="main" className={styles.root}>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ErrorContent />}
    </main>
  );
}
