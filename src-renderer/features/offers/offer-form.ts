import { OFFER_MESSAGE_MAX } from '../../../shared/contract/offers.ts';
import { OFFER_MESSAGES } from '../../../shared/domain/offers.ts';
import { parseDollars } from '../../lib/dollars.ts';

/** What the buyer or seller typed, kept as typed so an error never wipes it. */
export interface OfferFormValues {
  amount: string;
  quantity: string;
  message: string;
}

export type OfferFormErrors = Partial<Record<keyof OfferFormValues, string>>;

/**
 * Checks an offer (or, with `quantity` left out, a counter-offer) before it is sent, with the
 * messages the server uses. `below`: the price must be under it; `above`: over it.
 */
export function checkOfferForm(
  values: OfferFormValues,
  limits: { below?: number; above?: number; maxQuantity?: number },
): OfferFormErrors {
  const errors: OfferFormErrors = {};
  const amount = parseDollars(values.amount);
  if (!Number.isFinite(amount) || amount <= 0) errors.amount = OFFER_MESSAGES.amountRequired;
  else if (limits.below !== undefined && amount >= limits.below) errors.amount = OFFER_MESSAGES.amountAtPrice;
  else if (limits.above !== undefined && amount <= limits.above)
    errors.amount = OFFER_MESSAGES.counterNotHigher;
  if (limits.maxQuantity !== undefined) {
    const quantity = Number(values.quantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > limits.maxQuantity)
      errors.quantity =
        limits.maxQuantity === 1 ? 'Only 1 is available.' : `Offer on 1 to ${limits.maxQuantity} items.`;
  }
  if (values.message.length > OFFER_MESSAGE_MAX)
    errors.message = `Keep the message to ${OFFER_MESSAGE_MAX} characters.`;
  return errors;
}
