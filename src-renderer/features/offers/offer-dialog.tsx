import { type FormEvent, useState } from 'react';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import type { Offer } from '../../../shared/contract/offers.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { OFFER_ANSWER_HOURS, OFFER_CHECKOUT_HOURS, offerTotal } from '../../../shared/domain/offers.ts';
import { isApiError } from '../../lib/api-client.ts';
import { parseDollars } from '../../lib/dollars.ts';
import { Button } from '../../ui/button.tsx';
import formFieldStyles from '../../ui/form-field.module.css';
import { FormError, FormField, TextInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { useMakeOffer } from './api/make-offer.ts';
import { checkOfferForm, type OfferFormErrors, type OfferFormValues } from './offer-form.ts';
import styles from './offers.module.css';

const EMPTY: OfferFormValues = { amount: '', quantity: '1', message: '' };

export interface OfferDialogProps {
  listing: ListingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (offer: Offer) => void;
}

/** The offer form: a price per item, a quantity and a message, checked before it is sent. */
export function OfferDialog({ listing, open, onOpenChange, onSent }: OfferDialogProps) {
  const make = useMakeOffer();
  const [values, setValues] = useState<OfferFormValues>(EMPTY);
  const [errors, setErrors] = useState<OfferFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof OfferFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const amount = parseDollars(values.amount);
  const quantity = Number(values.quantity);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = checkOfferForm(values, { below: listing.price, maxQuantity: listing.available });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const offer = await make.mutateAsync({
        listingId: listing.id,
        amount,
        quantity,
        ...(values.message.trim() ? { message: values.message.trim() } : {}),
      });
      setValues(EMPTY);
      onSent(offer);
    } catch (error) {
      if (isApiError(error) && error.status > 0 && error.status < 500) {
        const fields = error.fields as OfferFormErrors;
        setErrors({ amount: fields.amount, quantity: fields.quantity, message: fields.message });
        if (!fields.amount && !fields.quantity && !fields.message) setFailure(error.message);
      } else setFailure('Your offer could not be sent right now. Please try again.');
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Make an offer"
      description={`${listing.title}: asking ${formatPrice(listing.price)} each, ${listing.available} available.`}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Your price per item (USD)" error={errors.amount}>
          {(control) => (
            <TextInput {...control} value={values.amount} onChange={set('amount')} inputMode="decimal" />
          )}
        </FormField>
        <FormField label="Quantity" error={errors.quantity} help={`Up to ${listing.available}.`}>
          {(control) => (
            <TextInput
              {...control}
              value={values.quantity}
              onChange={set('quantity')}
              type="number"
              min={1}
              max={listing.available}
              inputMode="numeric"
            />
          )}
        </FormField>
        <FormField label="Message to the seller" optional error={errors.message}>
          {(control) => (
            <textarea
              {...control}
              className={formFieldStyles.input}
              value={values.message}
              onChange={set('message')}
              rows={3}
            />
          )}
        </FormField>
        <p className={styles.muted}>
          {Number.isFinite(amount) && Number.isInteger(quantity) && quantity > 0
            ? `${formatPrice(offerTotal(amount, quantity))} for ${quantity} before shipping. `
            : ''}
          The seller has {OFFER_ANSWER_HOURS} hours to answer. Once accepted, you check out at this price
          within {OFFER_CHECKOUT_HOURS} hours.
        </p>
        <FormError>{failure}</FormError>
        <DialogActions>
          <Button type="submit" disabled={make.isPending} aria-busy={make.isPending}>
            {make.isPending ? 'Sending…' : 'Send offer'}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
