import { useAppRouteParams } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

/** A listing linked by its number on the previous site (`/listing?p=123`). */
export function LegacyListingPage() {
  const params = useAppRouteParams('listing');
  return (
    <PageFrame
      heading="Listing"
      title={params?.p ? `Listing ${params.p}` : 'Listing'}
      intro="Photos, price, shipping and seller details for this item."
    />
  );
}
