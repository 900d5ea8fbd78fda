import { useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import {
  type ListingInput,
  listingInputSchema,
  type ParsedListingInput,
} from '../../../shared/contract/listing-input.ts';
import { listingTitleFromFields } from '../../../shared/domain/listing.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import {
  discardListingDraft,
  type ListingDraft,
  listingDraftKey,
  readListingDraft,
  writeListingDraft,
} from './listing-draft.ts';
import { type FamilyFields, familyFields } from './listing-form-fields.ts';

export type ListingFormApi = UseFormReturn<ListingInput, unknown, ParsedListingInput>;

const DRAFT_SAVE_DELAY_MS = 500;

export interface ListingFormState {
  form: ListingFormApi;
  /** The optional item fields the chosen category asks for. */
  fields: FamilyFields;
  /** The browser draft the form started from, until it is discarded. */
  restored: ListingDraft | null;
  /** What the form starts from: the listing's values, with a restored draft over them. */
  startValues: Partial<ListingInput>;
  /** Changes when the form starts over, for the fields that keep their own state (the description). */
  resetKey: number;
  /** The seller wrote their own title: it no longer follows the item fields. */
  titleEdited: boolean;
  setTitleEdited: (edited: boolean) => void;
  /** Forgets the draft and starts again from the listing's values. */
  discardDraft: () => void;
  /** Forgets the draft once the listing is saved. */
  forgetDraft: () => void;
}

/**
 * The listing form's values with the contract's schema, kept as a browser draft a moment after each
 * change, and the title made from the item fields until the seller writes their own.
 */
export function useListingForm(
  listingId: string | null,
  initialValues: Partial<ListingInput>,
  prefill?: Partial<ListingInput>,
): ListingFormState {
  const draftKey = listingDraftKey(listingId);
  const [restored, setRestored] = useState<ListingDraft | null>(() => readListingDraft(draftKey));
  const [resetKey, setResetKey] = useState(0);
  const startValues = restored
    ? { ...initialValues, ...restored.values, ...prefill, id: initialValues.id }
    : initialValues;
  const [titleEdited, setTitleEdited] = useState(
    () =>
      listingId !== null || (restored?.values.title ?? '') !== listingTitleFromFields(restored?.values ?? {}),
  );
  const form = useForm<ListingInput, unknown, ParsedListingInput>({
    resolver: zodResolver(listingInputSchema),
    mode: 'onTouched',
    defaultValues: startValues,
    // The first invalid field in reading order gets focus (see the submit), not the first registered.
    shouldFocusError: false,
  });
  const {
    watch,
    setValue,
    getValues,
    reset,
    formState: { isSubmitted },
  } = form;
  const [familyId, manufacturer, model, caliber, condition] = watch([
    'familyId',
    'manufacturer',
    'model',
    'caliber',
    'condition',
  ]);
  const fields = familyFields(familyId);

  // The title follows the fields until the seller writes their own.
  useEffect(() => {
    if (titleEdited) return;
    setValue(
      'title',
      listingTitleFromFields({
        manufacturer,
        model,
        caliber: fields.showsCaliber ? caliber : undefined,
        condition,
      }),
      { shouldValidate: isSubmitted },
    );
  }, [titleEdited, manufacturer, model, caliber, condition, fields.showsCaliber, isSubmitted, setValue]);

  // Every change is kept as the draft, a moment after typing stops.
  const draftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      // Only what the seller does is kept: not the generated title, nor a reset of the form.
      const bySeller =
        type === 'change' ||
        name === 'listingOptions' ||
        name === 'paidOptions' ||
        name === 'excludedShipToStates';
      if (!bySeller) return;
      clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(() => writeListingDraft(draftKey, getValues()), DRAFT_SAVE_DELAY_MS);
    });
    return () => {
      clearTimeout(draftTimer.current);
      subscription.unsubscribe();
    };
  }, [watch, getValues, draftKey]);

  function forgetDraft() {
    // A change still waiting to be kept would otherwise bring the draft back.
    clearTimeout(draftTimer.current);
    discardListingDraft(draftKey);
  }

  function discardDraft() {
    forgetDraft();
    setRestored(null);
    reset(initialValues);
    setTitleEdited(listingId !== null);
    setResetKey((key) => key + 1);
  }

  return {
    form,
    fields,
    restored,
    startValues,
    resetKey,
    titleEdited,
    setTitleEdited,
    discardDraft,
    forgetDraft,
  };
}
