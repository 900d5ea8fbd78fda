import type { ListingInput } from '../../../shared/contract/listing-input.ts';
import { clearFlag, hasFlag, setFlag } from '../../../shared/domain/flags.ts';
import { ListingOption, ListingType } from '../../../shared/domain/listing.ts';
import { Checkbox, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import {
  durationChoices,
  LISTING_TYPE_LABELS,
  LISTING_TYPES_OFFERED,
  optionalText,
  RETURN_POLICY_LABELS,
  RETURN_POLICY_ORDER,
  toNumber,
} from './listing-form-fields.ts';
import styles from './selling.module.css';
import type { ListingFormApi } from './use-listing-form.ts';

export interface ListingPriceSectionProps {
  form: ListingFormApi;
  /** The listing's own duration, offered among the usual ones. */
  durationDays: ListingInput['durationDays'];
}

/** Price and listing: price, quantity, duration, listing type, where the item is, returns and offers. */
export function ListingPriceSection({ form, durationDays }: ListingPriceSectionProps) {
  const { register, setValue } = form;
  const { errors } = form.formState;
  const [listingType, listingOptions] = form.watch(['listingType', 'listingOptions']);
  return (
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
              {durationChoices(durationDays).map((days) => (
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
  );
}
