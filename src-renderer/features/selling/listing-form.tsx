import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type Path, useController, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  LISTING_TITLE_MAX,
  type ListingInput,
  listingInputSchema,
  type ParsedListingInput,
} from '../../../shared/contract/listing-input.ts';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { ListingLifecycleMessage } from '../../../shared/contract/listings.ts';
import { listingIneligibleErrorSchema } from '../../../shared/contract/users.ts';
import { CATEGORY_FAMILIES, requiresFfl } from '../../../shared/domain/category.ts';
import { clearFlag, hasFlag, setFlag } from '../../../shared/domain/flags.ts';
import {
  CONDITION_LABELS,
  Condition,
  ListingOption,
  ListingType,
  listingTitleFromFields,
  PAID_LISTING_OPTIONS,
} from '../../../shared/domain/listing.ts';
import { planOfRoles } from '../../../shared/domain/membership.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import formFieldStyles from '../../ui/form-field.module.css';
import { Checkbox, FieldError, FormError, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { deleteListingImage } from './api/delete-listing-image.ts';
import { useBrandNames } from './api/use-brand-names.ts';
import { useSaveListing } from './api/use-save-listing.ts';
import {
  discardListingDraft,
  type ListingDraft,
  listingDraftKey,
  readListingDraft,
  writeListingDraft,
} from './listing-draft.ts';
import { explainIneligibility } from './listing-eligibility-gate.tsx';
import {
  durationChoices,
  familyFields,
  LISTING_TYPE_LABELS,
  RETURN_POLICY_LABELS,
  RETURN_POLICY_ORDER,
} from './listing-form-fields.ts';
import { PhotoList } from './photo-list.tsx';
import {
  imageOrderAfterUpload,
  newPhotoBeforeSaved,
  type PhotoItem,
  photoProgress,
  removePhoto,
  savedImageOrder,
  savedPhotos,
} from './photo-list-state.ts';
import { PromoteListing } from './promote-listing.tsx';
import styles from './selling.module.css';
import { StatePicker } from './state-picker.tsx';

/** What My listings shows after a save. */
export interface SavedListingNotice {
  id: string;
  title: string;
  url: string;
  created: boolean;
}

const LISTING_FIELDS = [
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

const LISTING_TYPES_OFFERED: readonly ListingType[] = [
  ListingType.National,
  ListingType.Local,
  ListingType.Auction,
];

/** Empty text is a field left out, not an empty value. */
const optionalText = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

const DRAFT_SAVE_DELAY_MS = 500;

export interface ListingFormProps {
  /** The listing being edited; absent for a new listing. */
  listing?: ListingDetail | undefined;
  initialValues: Partial<ListingInput>;
}

/** The listing form (create or edit): the listing fields with the contract's schema, photos and a browser draft. */
export function ListingForm({ listing, initialValues }: ListingFormProps) {
  const listingId = listing?.id ?? null;
  const api = useApiClient();
  const save = useSaveListing();
  const navigate = useNavigate();
  const brandNames = useBrandNames();
  const user = useCurrentUser();
  // Options are priced by the seller's plan; staff editing another seller's listing see full prices.
  const plan = listing && user && listing.userId !== user.id ? null : planOfRoles(user?.roles ?? []);
  const ownedOptions = (listing?.listingOptions ?? 0) & PAID_LISTING_OPTIONS;
  const id = useId();
  const draftKey = listingDraftKey(listingId);
  const [restored, setRestored] = useState<ListingDraft | null>(() => readListingDraft(draftKey));
  const [resetKey, setResetKey] = useState(0);
  const [formError, setFormError] = useState<ReactNode>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  /** Focuses the first field marked invalid, in the order the form reads, once the messages are shown. */
  function focusFirstError() {
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }
  const [photos, setPhotos] = useState<PhotoItem[]>(() => savedPhotos(listing?.images ?? []));
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<Record<string, number> | null>(null);
  const startValues = restored
    ? { ...initialValues, ...restored.values, id: initialValues.id }
    : initialValues;
  const [titleEdited, setTitleEdited] = useState(
    () =>
      listingId !== null || (restored?.values.title ?? '') !== listingTitleFromFields(restored?.values ?? {}),
  );

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    watch,
    getValues,
    reset,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ListingInput, unknown, ParsedListingInput>({
    resolver: zodResolver(listingInputSchema),
    mode: 'onTouched',
    defaultValues: startValues,
    // The first invalid field in reading order gets focus (see focusFirstError), not the first registered.
    shouldFocusError: false,
  });
  const description = useController({ name: 'description', control });
  // Controlled, so an edited listing's category shows from the first render.
  const family = useController({ name: 'familyId', control });

  const [
    familyId,
    manufacturer,
    model,
    caliber,
    condition,
    listingType,
    listingOptions,
    excluded,
    paidOptions,
    price,
  ] = watch([
    'familyId',
    'manufacturer',
    'model',
    'caliber',
    'condition',
    'listingType',
    'listingOptions',
    'excludedShipToStates',
    'paidOptions',
    'price',
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
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = watch((_values, { name, type }) => {
      // Only what the seller does is kept: not the generated title, nor a reset of the form.
      const bySeller =
        type === 'change' ||
        name === 'listingOptions' ||
        name === 'paidOptions' ||
        name === 'excludedShipToStates';
      if (!bySeller) return;
      clearTimeout(timer);
      timer = setTimeout(() => writeListingDraft(draftKey, getValues()), DRAFT_SAVE_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [watch, getValues, draftKey]);

  function discardDraft() {
    discardListingDraft(draftKey);
    setRestored(null);
    reset(initialValues);
    setTitleEdited(listingId !== null);
    setResetKey((key) => key + 1);
  }

  async function onRemovePhoto(photo: PhotoItem) {
    setPhotoError(null);
    if (photo.kind === 'new') {
      if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
      setPhotos((current) => removePhoto(current, photo.key));
      return;
    }
    setRemoving((keys) => new Set(keys).add(photo.key));
    const removed = await deleteListingImage(api, photo.image.id);
    setRemoving((keys) => {
      const next = new Set(keys);
      next.delete(photo.key);
      return next;
    });
    if (removed) setPhotos((current) => removePhoto(current, photo.key));
    else setPhotoError(`${photo.name} could not be removed. Please try again.`);
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
      const photoMessage =
        error.fields.images ??
        error.fields.imageOrder ??
        (error.message === ListingLifecycleMessage.TooManyImages ? error.message : undefined);
      if (photoMessage) setPhotoError(photoMessage);
    }
    const message = applyServerErrors(
      error,
      setError,
      LISTING_FIELDS,
      'Your listing could not be saved. Please try again.',
    );
    const firstField = isApiError(error)
      ? LISTING_FIELDS.find((name) => error.fields[name] !== undefined)
      : undefined;
    const photoOnly =
      isApiError(error) &&
      !firstField &&
      (error.fields.images !== undefined ||
        error.fields.imageOrder !== undefined ||
        error.message === ListingLifecycleMessage.TooManyImages);
    if (message && !photoOnly) {
      setFormError(message);
      requestAnimationFrame(() => formErrorRef.current?.focus());
    } else if (firstField) setFocus(firstField);
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setPhotoError(null);
    const body: ListingInput = {
      ...values,
      caliber: fields.showsCaliber ? values.caliber : undefined,
      // An update names the saved photos in the order shown; new uploads follow them.
      imageOrder: listingId ? savedImageOrder(photos) : undefined,
    };
    const newPhotos = photos.filter((photo) => photo.kind === 'new');
    const sizes = newPhotos.map((photo) => photo.file.size);
    setProgress(newPhotos.length > 0 ? Object.fromEntries(newPhotos.map((photo) => [photo.key, 0])) : null);
    let saved: ListingDetail;
    try {
      saved = await save.mutateAsync({
        body,
        files: newPhotos.map((photo) => photo.file),
        onUploadProgress: ({ loaded, total }) => {
          const shares = photoProgress(sizes, loaded, total);
          setProgress(Object.fromEntries(newPhotos.map((photo, index) => [photo.key, shares[index] ?? 0])));
        },
      });
    } catch (error) {
      setProgress(null);
      showSaveError(error);
      return;
    }
    setProgress(null);
    if (listingId && newPhotoBeforeSaved(photos)) {
      // Uploads land after the saved photos; a new photo shown before them is put in place by a
      // second save that names every photo in the order shown.
      const order = imageOrderAfterUpload(photos, saved.images);
      try {
        saved = await save.mutateAsync({ body: { ...body, imageOrder: order }, files: [] });
      } catch (error) {
        // The listing and its photos are saved: the form now holds them as saved photos, in order.
        const byId = new Map(saved.images.map((image) => [image.id, image]));
        const images = order.flatMap((imageId) => byId.get(imageId) ?? []);
        setPhotos(savedPhotos(images));
        showSaveError(error);
        setPhotoError('Your changes are saved, but not the photo order. Save again to keep the order shown.');
        return;
      }
    }
    discardListingDraft(draftKey);
    const notice: SavedListingNotice = {
      id: saved.id,
      title: saved.title,
      url: saved.listingUrl,
      created: listingId === null,
    };
    navigate(paths.to('dashboard.selling.listings'), { state: { savedListing: notice } });
  }, focusFirstError);

  const descriptionLabelId = `${id}-description-label`;
  const descriptionHelpId = `${id}-description-help`;
  const descriptionErrorId = `${id}-description-error`;
  const requiresTransfer = fields.family ? requiresFfl(fields.family.key) : null;
  const brandListId = `${id}-brands`;
  const busy = isSubmitting;

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={onSubmit}
      aria-label={listingId ? 'Edit listing' : 'List an item'}
      aria-busy={busy}
    >
      {restored ? (
        <div className={`${styles.callout} ${styles.draftNote}`} role="status">
          <span>
            Draft restored from{' '}
            {new Date(restored.savedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.
            Photos are not kept in drafts.
          </span>
          <Button variant="secondary" size="sm" onClick={discardDraft}>
            Discard draft
          </Button>
        </div>
      ) : null}
      <div ref={formErrorRef} tabIndex={-1}>
        <FormError>{formError}</FormError>
      </div>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Item</legend>
        <FormField
          label="Category"
          error={errors.familyId?.message}
          help={
            requiresTransfer === null ? (
              'The category decides which details are asked for and how the item ships.'
            ) : (
              <span aria-live="polite">
                {requiresTransfer
                  ? 'FFL transfer required: this item ships to the buyer’s FFL dealer.'
                  : 'No FFL transfer required: this item may ship directly to the buyer.'}
              </span>
            )
          }
        >
          {(controlProps) => (
            <SelectInput
              {...controlProps}
              name={family.field.name}
              ref={family.field.ref}
              value={family.field.value ?? ''}
              onChange={(event) => family.field.onChange(toNumber(event.target.value))}
              onBlur={family.field.onBlur}
            >
              <option value="">Choose a category</option>
              {CATEGORY_FAMILIES.map((family) => (
                <option key={family.id} value={family.id}>
                  {familyOptionLabel(family.key)}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <div className={styles.row3}>
          <FormField label="Manufacturer" optional error={errors.manufacturer?.message}>
            {(controlProps) => (
              <>
                <TextInput
                  {...controlProps}
                  list={brandListId}
                  autoComplete="off"
                  {...register('manufacturer', { setValueAs: optionalText })}
                />
                <datalist id={brandListId}>
                  {(brandNames.data ?? []).map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </>
            )}
          </FormField>
          <FormField label="Model" optional error={errors.model?.message}>
            {(controlProps) => (
              <TextInput {...controlProps} {...register('model', { setValueAs: optionalText })} />
            )}
          </FormField>
          {fields.showsCaliber ? (
            <FormField label={fields.caliberLabel} optional error={errors.caliber?.message}>
              {(controlProps) => (
                <TextInput {...controlProps} {...register('caliber', { setValueAs: optionalText })} />
              )}
            </FormField>
          ) : null}
        </div>
        <div className={styles.row}>
          <FormField label="Condition" error={errors.condition?.message}>
            {(controlProps) => (
              <SelectInput {...controlProps} {...register('condition')}>
                {Object.values(Condition).map((condition) => (
                  <option key={condition} value={condition}>
                    {CONDITION_LABELS[condition]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField
            label="UPC"
            optional
            help="The 12-digit barcode number, if the item has one."
            error={errors.upc?.message}
          >
            {(controlProps) => (
              <TextInput
                {...controlProps}
                inputMode="numeric"
                {...register('upc', { setValueAs: optionalText })}
              />
            )}
          </FormField>
        </div>
        <div className={styles.row}>
          <FormField label="SKU" optional error={errors.sku?.message}>
            {(controlProps) => (
              <TextInput {...controlProps} {...register('sku', { setValueAs: optionalText })} />
            )}
          </FormField>
          <FormField
            label="Stock number"
            optional
            help="Your own number for this item."
            error={errors.sellerStockNumber?.message}
          >
            {(controlProps) => (
              <TextInput {...controlProps} {...register('sellerStockNumber', { setValueAs: optionalText })} />
            )}
          </FormField>
        </div>
        <FormField
          label="Title"
          error={errors.title?.message}
          help={
            <>
              {titleEdited
                ? 'Your own title.'
                : 'Made from the manufacturer, model and caliber; edit it as you like.'}{' '}
              At most {LISTING_TITLE_MAX} characters.{' '}
              {titleEdited ? (
                <button
                  type="button"
                  className={styles.inlineButton}
                  onClick={() => {
                    setTitleEdited(false);
                  }}
                >
                  Make the title from the fields
                </button>
              ) : null}
            </>
          }
        >
          {(controlProps) => (
            <TextInput
              {...controlProps}
              maxLength={LISTING_TITLE_MAX}
              {...register('title', { onChange: () => setTitleEdited(true) })}
            />
          )}
        </FormField>
        <div className={formFieldStyles.field}>
          <span id={descriptionLabelId} className={formFieldStyles.label}>
            Description
          </span>
          <RichTextEditor
            id={`${id}-description`}
            labelId={descriptionLabelId}
            toolbarLabel="Description formatting"
            initialHtml={startValues.description ?? ''}
            resetKey={resetKey}
            editorRef={description.field.ref}
            onChange={description.field.onChange}
            onBlur={description.field.onBlur}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={[descriptionHelpId, errors.description ? descriptionErrorId : null]
              .filter(Boolean)
              .join(' ')}
          />
          <div id={descriptionHelpId} className={formFieldStyles.help}>
            Bold, italic, lists and links are kept; other formatting is removed when the listing is saved.
          </div>
          <FieldError id={descriptionErrorId}>{errors.description?.message}</FieldError>
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Photos</legend>
        <PhotoList
          photos={photos}
          onChange={setPhotos}
          onRemove={(photo) => void onRemovePhoto(photo)}
          progress={progress}
          removing={removing}
          error={photoError}
          disabled={busy}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Price and listing</legend>
        <div className={styles.row3}>
          <FormField label="Price (USD)" error={errors.price?.message}>
            {(controlProps) => (
              <TextInput
                {...controlProps}
                inputMode="decimal"
                {...register('price', { setValueAs: toNumber })}
              />
            )}
          </FormField>
          <FormField label="Quantity" error={errors.quantity?.message}>
            {(controlProps) => (
              <TextInput
                {...controlProps}
                type="number"
                min={1}
                step={1}
                {...register('quantity', { setValueAs: toNumber })}
              />
            )}
          </FormField>
          <FormField label="Duration" error={errors.durationDays?.message}>
            {(controlProps) => (
              <SelectInput {...controlProps} {...register('durationDays', { setValueAs: toNumber })}>
                {durationChoices(initialValues.durationDays).map((days) => (
                  <option key={days} value={days}>
                    {days} days
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
        </div>
        <div className={styles.row}>
          <FormField label="Listing type" error={errors.listingType?.message}>
            {(controlProps) => (
              <SelectInput {...controlProps} {...register('listingType', { setValueAs: toNumber })}>
                {LISTING_TYPES_OFFERED.map((type) => (
                  <option key={type} value={type}>
                    {LISTING_TYPE_LABELS[type]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField
            label="Item zip code"
            optional={listingType !== ListingType.Local}
            help="Where the item is. Required for local listings."
            error={errors.zipCode?.message}
          >
            {(controlProps) => (
              <TextInput
                {...controlProps}
                inputMode="numeric"
                autoComplete="postal-code"
                {...register('zipCode', { setValueAs: optionalText })}
              />
            )}
          </FormField>
        </div>
        <div className={styles.row}>
          <FormField label="Return policy" error={errors.returnPolicy?.message}>
            {(controlProps) => (
              <SelectInput {...controlProps} {...register('returnPolicy', { setValueAs: toNumber })}>
                {RETURN_POLICY_ORDER.map((policy) => (
                  <option key={policy} value={policy}>
                    {RETURN_POLICY_LABELS[policy]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <div className={styles.choiceGroup}>
            <Checkbox label="Accepts offers" {...register('acceptsOffers')} />
            <Checkbox
              label="Will accept a trade"
              checked={hasFlag(listingOptions, ListingOption.WillAcceptTrade)}
              onChange={(event) =>
                setValue(
                  'listingOptions',
                  event.target.checked
                    ? setFlag(listingOptions, ListingOption.WillAcceptTrade)
                    : clearFlag(listingOptions, ListingOption.WillAcceptTrade),
                  { shouldDirty: true },
                )
              }
            />
          </div>
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Shipping</legend>
        <div className={styles.row}>
          <FormField
            label="Shipping cost (USD)"
            help="0 for free shipping."
            error={errors.shippingCost?.message}
          >
            {(controlProps) => (
              <TextInput
                {...controlProps}
                inputMode="decimal"
                {...register('shippingCost', { setValueAs: toNumber })}
              />
            )}
          </FormField>
          <FormField
            label="Delivery days"
            help="Days until you ship, 0 to 30."
            error={errors.deliveryDays?.message}
          >
            {(controlProps) => (
              <TextInput
                {...controlProps}
                type="number"
                min={0}
                max={30}
                step={1}
                {...register('deliveryDays', { setValueAs: toNumber })}
              />
            )}
          </FormField>
        </div>
        <StatePicker
          legend="States you do not ship to"
          help="Buyers in these states cannot buy this item."
          selected={excluded ?? []}
          register={register('excludedShipToStates')}
          onSetAll={(codes) =>
            setValue('excludedShipToStates', codes as ListingInput['excludedShipToStates'], {
              shouldDirty: true,
            })
          }
          error={errors.excludedShipToStates?.message}
        />
      </fieldset>

      <PromoteListing
        chosen={paidOptions ?? 0}
        owned={ownedOptions}
        plan={plan}
        price={price}
        disabled={busy}
        onChange={(chosen) => setValue('paidOptions', chosen, { shouldDirty: true })}
      />

      <div className={styles.actions}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : listingId ? 'Save Changes' : 'List Item'}
        </Button>
      </div>
    </form>
  );
}

/** A family's own name in the category list ("Semi Auto Pistols"), from its identifier. */
function familyOptionLabel(key: string): string {
  if (key === 'NFA') return 'NFA Class 3';
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
}
