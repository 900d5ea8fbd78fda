import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { welcomeEmailTarget } from '../../../shared/routes/welcome-email.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { readSession } from '../../lib/session/session-token.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';

/** Who the stored session belongs to; an unreadable or expired token counts as signed out. */
function sessionOf(token: string | null): { authenticated: boolean; isSeller: boolean } {
  try {
    const session = readSession(token);
    return session.status === 'signedIn'
      ? { authenticated: true, isSeller: session.user.isSeller }
      : { authenticated: false, isSeller: false };
  } catch {
    return { authenticated: false, isSeller: false };
  }
}

/** The welcome email's link: sellers go to list an item, everyone else to membership. */
export function WelcomeEmailRedirectPage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const { search } = useLocation();
  useDocumentHead({ title: 'Welcome' });

  useEffect(() => {
    let active = true;
    platform.getToken().then(
      (token) => active && navigate(welcomeEmailTarget(sessionOf(token), search), { replace: true }),
      () => active && navigate(welcomeEmailTarget(sessionOf(null), search), { replace: true }),
    );
    return () => {
      active = false;
    };
  }, [platform, navigate, search]);

  return (
    <LoadingRegion label="Opening your account">
      <div
        style={{
          maxWidth: 'var(--content-max-width)',
          margin: '0 auto',
          padding: 'var(--space-8) var(--space-4)',
        }}
      >
        <Skeleton width="16rem" height="2.25rem" />
      </div>
    </LoadingRegion>
  );
}
