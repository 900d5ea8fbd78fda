import { paths } from '../../shared/routes/paths.ts';
import { useDocumentHead } from '../lib/document-head.ts';
import { Button, LinkButton } from '../ui/button.tsx';
import styles from './route-error.module.css';

/** A failed page's explanation, with a reload and a way home. */
export function ErrorContent() {
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
