import { type BaseSyntheticEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ListingInput } from '../../../shared/contract/listing-input.ts';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { listingIneligibleErrorSchema } from '../../../shared/contract/users.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { OFFLINE_SAVED_MESSAGE, useOutboxHandoff } from '../../lib/offline-outbox.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { useSaveListing } from './api/use-save-listing.ts';
import { explainIneligibility } from './listing-eligibility-gate.tsx';
import { firstRefusedField, LISTING_FIELDS, photoRefusal, refusesPhotos } from './listing-save-errors.ts';
import {
  imageOrderAfterUpload,
  newPhotoBeforeSaved,
  photoProgress,
  savedImageOrder,
  savedPhotos,
} from './photo-list-state.ts';
import type { SavedListingNotice } from './saved-listing-notice.ts';
import styles from './selling.module.css';
import type { ListingFormState } from './use-listing-form.ts';
import type { ListingPhotos } from './use-listing-photos.ts';

export interface ListingSubmit {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Why the last save failed, for the whole form. */
  formError: ReactNode;
  /** Says the edit was kept to send later (the desktop client, without a connection). */
  formNotice: string | null;
  formErrorRef: RefObject<HTMLDivElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
}

/**
 * The listing's fields as the seller saw them when editing began: the desktop outbox compares them
 * with the listing before sending an edit kept offline, and holds the edit when they differ.
 */
export function listingAsSeen(listing: ListingDetail): Record<string, string | number | boolean | null> {
  return {
    title: listing.title,
    price: listing.price,
    quantity: listing.quantity,
    shippingCost: listing.shippingCost,
    condition: listing.condition,
    description: listing.description,
  };
}

/**
 * Saves the listing with its new photos (showing their upload), then goes to My listings. A refused
 * or failed save is shown on the form and never touches what was typed or chosen.
 */
export function useListingSubmit(
  listing: ListingDetail | undefined,
  { form, fields, forgetDraft }: ListingFormState,
  photos: ListingPhotos,
): ListingSubmit {
  const listingId = listing?.id ?? null;
  const save = useSaveListing();
  const navigate = useNavigate();
  const handOff = useOutboxHandoff();
  // Taken once, when editing begins: a later refresh of the listing must not hide a change meanwhile.
  const [expected] = useState(() => (listing ? listingAsSeen(listing) : null));
  const [formError, setFormError] = useState<ReactNode>(null);
  const [formNotice, setFormNotice] = useState<string | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { setError, setFocus } = form;

  /** Focuses the first field marked invalid, in the order the form reads, once the messages are shown. */
  function focusFirstError() {
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }

  /** Shows why the save failed without touching what was typed or chosen. */
  function showSaveError(error: unknown) {
    if (isApiError(error)) {
      const refusal = listingIneligibleErrorSchema.safeParse(error.body);
      if (error.status === 403 && refusal.success) {
        const explanation = explainIneligibility(refusal.data.reason, refusal.data.error.message);
        setFormError(
          <>
            <strong>{explanation.heading}.</strong> {explanation.text}{' '}
            <Link className={styles.link} to={explanation.action.to}>
              {explanation.action.label}
            </Link>
          </>,
        );
        requestAnimationFrame(() => formErrorRef.current?.focus());
        return;
      }
      const photoMessage = photoRefusal(error);
      if (photoMessage) photos.setError(photoMessage);
    }
    const message = applyServerErrors(
      error,
      setError,
      LISTING_FIELDS,
      'Your listing could not be saved. Please try again.',
    );
    const firstField = isApiError(error) ? firstRefusedField(error) : undefined;
    const photoOnly = isApiError(error) && !firstField && refusesPhotos(error);
    if (message && !photoOnly) {
      setFormError(message);
      requestAnimationFrame(() => formErrorRef.current?.focus());
    } else if (firstField) setFocus(firstField);
  }

  /** In the desktop client, an edit without new photos that could not reach the server waits in the outbox. */
  async function keepOffline(error: unknown, body: ListingInput, newPhotos: number): Promise<boolean> {
    if (!listingId || !expected || newPhotos > 0) return false;
    const action = { kind: 'listingEdit' as const, input: { ...body, id: listingId }, expected };
    if (!(await handOff(error, action, `Listing edit: ${body.title ?? listing?.title ?? ''}`))) return false;
    setFormNotice(OFFLINE_SAVED_MESSAGE);
    return true;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setFormNotice(null);
    photos.setError(null);
    const shown = photos.items;
    const body: ListingInput = {
      ...values,
      caliber: fields.showsCaliber ? values.caliber : undefined,
      // An update names the saved photos in the order shown; new uploads follow them.
      imageOrder: listingId ? savedImageOrder(shown) : undefined,
    };
    const newPhotos = shown.filter((photo) => photo.kind === 'new');
    const sizes = newPhotos.map((photo) => photo.file.size);
    photos.setProgress(
      newPhotos.length > 0 ? Object.fromEntries(newPhotos.map((photo) => [photo.key, 0])) : null,
    );
    let saved: ListingDetail;
    try {
      saved = await save.mutateAsync({
        body,
        files: newPhotos.map((photo) => photo.file),
        onUploadProgress: ({ loaded, total }) => {
          const shares = photoProgress(sizes, loaded, total);
          photos.setProgress(
            Object.fromEntries(newPhotos.map((photo, index) => [photo.key, shares[index] ?? 0])),
          );
        },
      });
    } catch (error) {
      photos.setProgress(null);
      if (!(await keepOffline(error, body, newPhotos.length))) showSaveError(error);
      return;
    }
    photos.setProgress(null);
    if (listingId && newPhotoBeforeSaved(shown)) {
      // Uploads land after the saved photos; a new photo shown before them is put in place by a
      // second save that names every photo in the order shown.
      const order = imageOrderAfterUpload(shown, saved.images);
      try {
        saved = await save.mutateAsync({ body: { ...body, imageOrder: order }, files: [] });
      } catch (error) {
        // The listing and its photos are saved: the form now holds them as saved photos, in order.
        const byId = new Map(saved.images.map((image) => [image.id, image]));
        const images = order.flatMap((imageId) => byId.get(imageId) ?? []);
        photos.setItems(savedPhotos(images));
        showSaveError(error);
        photos.setError(
          'Your changes are saved, but not the photo order. Save again to keep the order shown.',
        );
        return;
      }
    }
    forgetDraft();
    const notice: SavedListingNotice = {
      id: saved.id,
      title: saved.title,
      url: saved.listingUrl,
      created: listingId === null,
    };
    navigate(paths.to('dashboard.selling.listings'), { state: { savedListing: notice } });
  }, focusFirstError);

  return { onSubmit, formError, formNotice, formErrorRef, formRef };
}
