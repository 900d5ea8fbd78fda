import { NOT_FOUND_ROBOTS } from '../../../shared/domain/metadata.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useMissingPageCheck } from '../../features/missing-page/index.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { LinkButton } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './not-found.module.css';

export const NOT_FOUND_TEXT = {
  code: '404',
  heading: "Something's missing.",
  message: "Sorry, we can't find that page. You'll find lots to explore on the home page.",
  homeLink: 'Back to Homepage',
} as const;

function NotFoundSkeleton() {
  return (
    <LoadingRegion label="Checking this address" className={styles.skeleton}>
      <Skeleton width="8rem" height="4rem" />
      <Skeleton width="18rem" height="2.25rem" />
      <Skeleton width="min(100%, 28rem)" height="3rem" />
      <Skeleton width="11rem" height="2.75rem" />
    </LoadingRegion>
  );
}

/**
 * The not-found page. At an unknown address it first runs the redirect checks (legacy links,
 * short links, external sites) with a skeleton showing, and shows 404 only when none applies.
 * At /404 it shows 404 at once.
 */
export function NotFoundPage() {
  const state = useMissingPageCheck();

  useDocumentHead({ title: 'Page Not Found', robots: NOT_FOUND_ROBOTS });

  return (
    <div className={styles.page} data-state={state}>
      {state === 'loading' ? (
        <NotFoundSkeleton />
      ) : (
        <>
          <p className={styles.code}>{NOT_FOUND_TEXT.code}</p>
          <h1 className={styles.heading}>{NOT_FOUND_TEXT.heading}</h1>
          <p className={styles.message}>{NOT_FOUND_TEXT.message}</p>
          <LinkButton to={paths.home()} size="lg">
            {NOT_FOUND_TEXT.homeLink}
          </LinkButton>
        </>
      )}
    </div>
  );
}
