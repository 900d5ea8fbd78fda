import type { Path } from 'react-hook-form';
import type { ListingInput } from '../../../shared/contract/listing-input.ts';
import { ListingLifecycleMessage } from '../../../shared/contract/listings.ts';
import type { ApiError } from '../../lib/api-client.ts';

/** The form's fields a refused save may name, in the order the form reads. */
export const LISTING_FIELDS = [
  'title',
  'description',
  'familyId',
  'manufacturer',
  'model',
  'caliber',
  'condition',
  'quantity',
  'price',
  'upc',
  'sku',
  'sellerStockNumber',
  'listingType',
  'listingOptions',
  'paidOptions',
  'returnPolicy',
  'shippingCost',
  'deliveryDays',
  'excludedShipToStates',
  'zipCode',
  'durationDays',
] as const satisfies readonly Path<ListingInput>[];

/** The first of the form's fields the refusal names, in reading order. */
export function firstRefusedField(error: ApiError): (typeof LISTING_FIELDS)[number] | undefined {
  return LISTING_FIELDS.find((name) => error.fields[name] !== undefined);
}

/** The refusal is about the photos (their files, their order or their number). */
export function refusesPhotos(error: ApiError): boolean {
  return (
    error.fields.images !== undefined ||
    error.fields.imageOrder !== undefined ||
    error.message === ListingLifecycleMessage.TooManyImages
  );
}

/** What to say under the photos about a refusal, if it is about them. */
export function photoRefusal(error: ApiError): string | undefined {
  return (
    error.fields.images ??
    error.fields.imageOrder ??
    (error.message === ListingLifecycleMessage.TooManyImages ? error.message : undefined)
  );
}
