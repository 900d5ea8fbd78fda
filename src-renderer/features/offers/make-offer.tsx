import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { ListingDetail } from '../../../shared/contract/listings.ts';
import type { Offer } from '../../../shared/contract/offers.ts';
import { ListingType } from '../../../shared/domain/listing.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import {
  LIVE_OFFER_STATES,
  OFFER_ANSWER_HOURS,
  OFFER_CHECKOUT_HOURS,
  OFFER_STATE_LABELS,
  offerTotal,
} from '../../../shared/domain/offers.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { requestLogin } from '../../lib/session/login-request.ts';
import { useCurrentUser, useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import formFieldStyles from '../../ui/form-field.module.css';
import { FormError, FormField, TextInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { useOffers } from './api/get-offers.ts';
import { useMakeOffer } from './api/make-offer.ts';
import { checkOfferForm, type OfferFormErrors, type OfferFormValues, parseDollars } from './offer-form.ts';
import styles from './offers.module.css';

const EMPTY: OfferFormValues = { amount: '', quantity: '1', message: '' };

/** Whether a listing takes offers now: the seller allows them and it can be bought through checkout. */
export function takesOffers(listing: ListingDetail): boolean {
  return (
    listing.acceptsOffers &&
    listing.isActive &&
    !listing.isSold &&
    listing.quantity > 0 &&
    listing.listingType !== ListingType.Local
  );
}

/**
 * "Make an offer" on a listing page: a guest logs in first; the buyer names a price per item, a
 * quantity and a message. A buyer with a live offer on the listing sees it instead of the button.
 */
export function MakeOffer({ listing }: { listing: ListingDetail }) {
  // The session is the browser's: hydration renders what the server did (the button), then the truth.
  const hydrated = useHydrated();
  const session = useSession();
  const signedInUser = useCurrentUser();
  const user = hydrated ? signedInUser : null;
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<Offer | null>(null);
  const mine = useOffers(
    { role: 'buyer', listingId: listing.id, states: [...LIVE_OFFER_STATES], pageSize: 1 },
    { enabled: takesOffers(listing) },
  );
  if (!takesOffers(listing) || user?.id === listing.seller.id) return null;
  const live = hydrated ? (sent ?? mine.data?.results[0] ?? null) : null;

  const start = async () => {
    if (session.status === 'signedIn' || (await requestLogin('Log in to make an offer.'))) setOpen(true);
  };

  return (
    <div className={styles.makeOffer}>
      {live ? (
        <p className={styles.note} role="status">
          Your offer of {formatPrice(live.amount)} × {live.quantity} is {OFFER_STATE_LABELS[live.state]}.{' '}
          <Link to={paths.to('dashboard.buying.offers')}>See your offers</Link>
        </p>
      ) : (
        <Button size="lg" variant="secondary" onClick={() => void start()}>
          Make an offer
        </Button>
      )}
      <OfferDialog
        listing={listing}
        open={open}
        onOpenChange={setOpen}
        onSent={(offer) => {
          setSent(offer);
          setOpen(false);
        }}
      />
    </div>
  );
}

function OfferDialog({
  listing,
  open,
  onOpenChange,
  onSent,
}: {
  listing: ListingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (offer: Offer) => void;
}) {
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
    const found = checkOfferForm(values, { below: listing.price, maxQuantity: listing.quantity });
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
      description={`${listing.title}: asking ${formatPrice(listing.price)} each, ${listing.quantity} available.`}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Your price per item (USD)" error={errors.amount}>
          {(control) => (
            <TextInput {...control} value={values.amount} onChange={set('amount')} inputMode="decimal" />
          )}
        </FormField>
        <FormField label="Quantity" error={errors.quantity} help={`Up to ${listing.quantity}.`}>
          {(control) => (
            <TextInput
              {...control}
              value={values.quantity}
              onChange={set('quantity')}
              type="number"
              min={1}
              max={listing.quantity}
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
