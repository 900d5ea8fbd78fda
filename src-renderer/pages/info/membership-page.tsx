import { MembershipPlans } from '../../features/billing/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

export function MembershipPage() {
  return (
    <PageFrame
      heading={routeTitle('membership') ?? 'Membership'}
      intro="Seller memberships: choose a plan to list items and reach buyers across the country."
    >
      <MembershipPlans />
    </PageFrame>
  );
}
