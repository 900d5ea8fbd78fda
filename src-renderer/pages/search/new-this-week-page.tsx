import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

export function NewThisWeekPage() {
  return (
    <PageFrame
      heading={routeTitle('newThisWeek') ?? 'New This Week'}
      intro="Listings posted in the last 7 days."
    />
  );
}
