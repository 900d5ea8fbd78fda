import { useSearchParams } from 'react-router';
import { NewsletterLinkPanel } from '../../features/content/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { Card } from '../../ui/card.tsx';
import { PageFrame } from '../page-frame.tsx';

/** Where a newsletter confirmation e-mail's link leads (double opt-in). */
export function NewsletterConfirmPage() {
  const [query] = useSearchParams();
  return (
    <PageFrame
      heading={routeTitle('newsletterConfirm') ?? 'Confirm Your Subscription'}
      robots="noindex,nofollow"
    >
      <Card>
        <NewsletterLinkPanel action="confirm" token={query.get('token')} />
      </Card>
    </PageFrame>
  );
}

/** Where a newsletter's unsubscribe link leads; works without signing in. */
export function NewsletterUnsubscribePage() {
  const [query] = useSearchParams();
  return (
    <PageFrame
      heading={routeTitle('newsletterUnsubscribe') ?? 'Newsletter Subscription'}
      robots="noindex,nofollow"
    >
      <Card>
        <NewsletterLinkPanel action="unsubscribe" token={query.get('token')} />
      </Card>
    </PageFrame>
  );
}
