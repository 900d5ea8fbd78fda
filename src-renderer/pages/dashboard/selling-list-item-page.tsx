import { useSearchParams } from 'react-router';
import { parseEntityId } from '../../../shared/domain/uuid.ts';
import { ListItem } from '../../features/selling/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

/** /dashboard/selling/list-item, and with ?id={listing id} the edit of that listing. */
export function SellingListItemPage() {
  const [search] = useSearchParams();
  const listingId = parseEntityId(search.get('id'));
  return (
    <DashboardFrame
      heading={listingId ? 'Edit Listing' : 'List an Item'}
      intro={
        listingId
          ? 'Change the details, photos or price of your listing.'
          : 'Describe your item, add photos and set a price to put it up for sale.'
      }
    >
      <ListItem key={listingId ?? 'new'} listingId={listingId} />
    </DashboardFrame>
  );
}
