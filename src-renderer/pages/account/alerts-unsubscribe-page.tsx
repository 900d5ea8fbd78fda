import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '../../features/alerts/index.ts';
import { Card } from '../../ui/card.tsx';
import { PageFrame } from '../page-frame.tsx';

/** Where a digest e-mail's unsubscribe link leads; works without signing in. */
export function AlertsUnsubscribePage() {
  const [query] = useSearchParams();
  return (
    <PageFrame heading="Alert E-mails" robots="noindex,nofollow">
      <Card>
        <UnsubscribePanel token={query.get('token')} />
      </Card>
    </PageFrame>
  );
}
