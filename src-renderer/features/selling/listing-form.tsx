import type { ListingInput } from '../../../shared/contract/listing-input.ts';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { PAID_LISTING_OPTIONS } from '../../../shared/domain/listing.ts';
import { planOfRoles } from '../../../shared/domain/membership.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormNotice } from '../../ui/form-field.tsx';
import type { ListingDraft } from './listing-draft.ts';
import { ListingItemSection } from './listing-item-section.tsx';
import { ListingPriceSection } from './listing-price-section.tsx';
import { ListingShippingSection } from './listing-shipping-section.tsx';
import { PhotoList } from './photo-list.tsx';
import { PromoteListing } from './promote-listing.tsx';
import styles from './selling.module.css';
import { type ListingFormApi, useListingForm } from './use-listing-form.ts';
import { useListingPhotos } from './use-listing-photos.ts';
import { useListingSubmit } from './use-listing-submit.tsx';

export interface ListingFormProps {
  /** The listing being edited; absent for a new listing. */
  listing?: ListingDetail | undefined;
  initialValues: Partial<ListingInput>;
  /** Item fields that win over a kept draft's (a new listing started from an identified firearm). */
  prefill?: Partial<ListingInput> | undefined;
}

/** The listing form (create or edit): the listing fields with the contract's schema, photos and a browser draft. */
export function ListingForm({ listing, initialValues, prefill }: ListingFormProps) {
  const listingId = listing?.id ?? null;
  const state = useListingForm(listingId, initialValues, prefill);
  const photos = useListingPhotos(listing);
  const submit = useListingSubmit(listing, state, photos);
  const busy = state.form.formState.isSubmitting;

  return (
    <form
      ref={submit.formRef}
      className={styles.form}
      noValidate
      onSubmit={submit.onSubmit}
      aria-label={listingId ? 'Edit listing' : 'List an item'}
      aria-busy={busy}
    >
      {state.restored ? <DraftNotice draft={state.restored} onDiscard={state.discardDraft} /> : null}
      <div ref={submit.formErrorRef} tabIndex={-1}>
        <FormError>{submit.formError}</FormError>
      </div>
      <FormNotice>{submit.formNotice}</FormNotice>

      <ListingItemSection state={state} />

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Photos</legend>
        <PhotoList
          photos={photos.items}
          onChange={photos.setItems}
          onRemove={(photo) => void photos.remove(photo)}
          progress={photos.progress}
          removing={photos.removing}
          error={photos.error}
          disabled={busy}
        />
      </fieldset>

      <ListingPriceSection form={state.form} durationDays={initialValues.durationDays} />
      <ListingShippingSection form={state.form} />
      <ListingPromotion form={state.form} listing={listing} disabled={busy} />

      <div className={styles.actions}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : listingId ? 'Save Changes' : 'List Item'}
        </Button>
      </div>
    </form>
  );
}

function DraftNotice({ draft, onDiscard }: { draft: ListingDraft; onDiscard: () => void }) {
  return (
    <div className={`${styles.callout} ${styles.draftNote}`} role="status">
      <span>
        Draft restored from{' '}
        {new Date(draft.savedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}. Photos
        are not kept in drafts.
      </span>
      <Button variant="secondary" size="sm" onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}

interface ListingPromotionProps {
  form: ListingFormApi;
  listing: ListingDetail | undefined;
  disabled: boolean;
}

/** The paid options, priced by the seller's plan. */
function ListingPromotion({ form, listing, disabled }: ListingPromotionProps) {
  const user = useCurrentUser();
  const [paidOptions, price] = form.watch(['paidOptions', 'price']);
  // Staff editing another seller's listing see full prices.
  const plan = listing && user && listing.userId !== user.id ? null : planOfRoles(user?.roles ?? []);
  return (
    <PromoteListing
      chosen={paidOptions ?? 0}
      owned={(listing?.listingOptions ?? 0) & PAID_LISTING_OPTIONS}
      plan={plan}
      price={price}
      disabled={disabled}
      onChange={(chosen) => form.setValue('paidOptions', chosen, { shouldDirty: true })}
    />
  );
}
