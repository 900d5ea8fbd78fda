import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseEntityId } from '../../../shared/domain/uuid.ts';
import { parseListItemPrefill } from '../../../shared/routes/list-item-prefill.ts';
import { ListItem } from '../../features/selling/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

/**
 * /dashboard/selling/list-item, and with ?id={listing id} the edit of that listing. A new listing may
 * start with item fields from the query (an identified firearm's "List this firearm"), read once.
 */
export function SellingListItemPage() {
  const [search] = useSearchParams();
  const listingId = parseEntityId(search.get('id'));
  const [prefill] = useState(() => parseListItemPrefill(search));
  return (
    <DashboardFrame
      heading={listingId ? 'Edit Listing' : 'List an Item'}
      intro={
        listingId
          ? 'Change the details, photos or price of your listing.'
          : 'Describe your item, add photos and set a price to put it up for sale.'
      }
    >
      <ListItem key={listingId ?? 'new'} listingId={listingId} prefill={listingId ? undefined : prefill} />
    </DashboardFrame>
  );
}
