import { isApiError } from '../../lib/api-client.ts';

/** Whose orders a screen shows: the buyer's, or those of the seller's listings. */
export type OrdersRole = 'buyer' | 'seller';

/** How a refused or failed change of an order reads. */
export function failureText(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 500
    ? error.message
    : 'The order could not be changed right now. Please try again.';
}

/** A state label as the start of a sentence. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
