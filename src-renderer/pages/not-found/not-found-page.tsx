import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOT_FOUND_ROBOTS } from '../../../shared/domain/metadata.ts';
import { paths } from '../../../shared/routes/paths.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useDocumentHead } from '../../lib/document-head.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { LinkButton } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './not-found.module.css';
import { type MissingPageLookups, resolveMissingPage } from './resolve-missing-page.ts';

export const NOT_FOUND_TEXT = {
  code: '404',
  heading: "Something's missing.",
  message: "Sorry, we can't find that page. You'll find lots to explore on the home page.",
  homeLink: 'Back to Homepage',
} as const;

function lookupsFrom(api: ApiClient): MissingPageLookups {
  return {
    async userIdFromLegacyListerId(legacyListerId, signal) {
      const answer = await api.call(
        'usersGetUserIdFromLegacyListerId',
        { query: { legacyListerID: legacyListerId } },
        { signal },
      );
      return answer.userId;
    },
    async shortLinkTarget(code, signal) {
      const answer = await api.call('shortlinksGetByShortCode', { params: { code } }, { signal });
      return answer.items[0]?.fullLink ?? null;
    },
  };
}

export type NotFoundState = 'loading' | 'loaded';

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
  const location = useLocation();
  const navigate = useNavigate();
  const api = useApiClient();
  const platform = usePlatform();
  const lookups = useMemo(() => lookupsFrom(api), [api]);
  const address = `${location.pathname}${location.search}`;
  const needsChecks = !/^\/404\/?$/.test(location.pathname);
  const [checkedAddress, setCheckedAddress] = useState<string | null>(null);
  const state: NotFoundState = !needsChecks || checkedAddress === address ? 'loaded' : 'loading';
  const isFirstEntry = location.key === 'default';

  useDocumentHead({ title: 'Page Not Found', robots: NOT_FOUND_ROBOTS });

  useEffect(() => {
    if (!needsChecks) return;
    const controller = new AbortController();
    resolveMissingPage(address, lookups, { signal: controller.signal, origin: window.location.origin }).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        if (outcome.kind === 'navigate') {
          navigate(outcome.to, { replace: true });
        } else if (outcome.kind === 'leave') {
          void platform.leaveApp(outcome.to).then((where) => {
            if (where === 'left') return;
            // The desktop client opened the site in the system browser and stays where it was.
            if (isFirstEntry) navigate(paths.home(), { replace: true });
            else navigate(-1);
          });
        } else {
          setCheckedAddress(address);
        }
      },
      () => {
        if (!controller.signal.aborted) setCheckedAddress(address);
      },
    );
    return () => controller.abort();
  }, [address, needsChecks, lookups, navigate, platform, isFirstEntry]);

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
