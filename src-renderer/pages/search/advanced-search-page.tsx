import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

export function AdvancedSearchPage() {
  return (
    <PageFrame
      heading={routeTitle('advancedSearch') ?? 'Advanced Search'}
      intro="Search by category, condition, price, location and seller."
    />
  );
}
