import type { ListingInput } from '../../../shared/contract/listing-input.ts';
import { clearFlag, hasFlag, setFlag } from '../../../shared/domain/flags.ts';
import { ListingOption, ListingType } from '../../../shared/domain/listing.ts';
import { Checkbox, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { usePriceHint } from './api/use-price-hint.ts';
import {
  AUCTION_DEFAULT_DAYS,
  durationChoices,
  LISTING_TYPE_LABELS,
  LISTING_TYPES_OFFERED,
  optionalText,
  RETURN_POLICY_LABELS,
  RETURN_POLICY_ORDER,
  toInstant,
  toNumber,
} from './listing-form-fields.ts';
import { priceHintText } from './listing-price-hint.ts';
import styles from './selling.module.css';
import type { ListingFormApi } from './use-listing-form.ts';

export interface ListingPriceSectionProps {
  form: ListingFormApi;
  /** The listing's own duration, offered among the usual ones. */
  durationDays: ListingInput['durationDays'];
}

/**
 * Price and listing: price, quantity, duration, listing type, where the item is, returns and offers;
 * for an auction the starting bid, its durations, and its reserve, buy-now price and scheduled start.
 */
export function ListingPriceSection({ form, durationDays }: ListingPriceSectionProps) {
  const { register, setValue } = form;
  const { errors } = form.formState;
  const [listingType, listingOptions, id, price] = form.watch([
    'listingType',
    'listingOptions',
    'id',
    'price',
  ]);
  const auction = listingType === ListingType.Auction;
  const typeField = register('listingType', { setValueAs: toNumber });
  const [title, manufacturer, model, caliber, familyId] = form.watch([
    'title',
    'manufacturer',
    'model',
    'caliber',
    'familyId',
  ]);
  const hint = usePriceHint({ title, manufacturer, model, caliber, familyId });
  const hintText = priceHintText(hint.data?.valuation, price, auction);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Price and listing</legend>
      <div className={styles.row3}>
        <FormField
          label={auction ? 'Starting bid (USD)' : 'Price (USD)'}
          error={errors.price?.message}
          // Always there, so the hint is announced as it arrives or changes.
          help={<span aria-live="polite">{hintText}</span>}
        >
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
              {durationChoices(auction ? undefined : durationDays, auction).map((days) => (
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
            <SelectInput
              {...controlProps}
              {...typeField}
              onChange={(event) => {
                void typeField.onChange(event);
                // An auction is one item for 1 to 10 days, without offers: the form starts it so.
                if (Number(event.target.value) === ListingType.Auction) {
                  setValue('quantity', 1, { shouldDirty: true });
                  setValue('durationDays', AUCTION_DEFAULT_DAYS, { shouldDirty: true });
                  setValue('acceptsOffers', false, { shouldDirty: true });
                }
              }}
            >
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
      {auction ? (
        id ? (
          <p className={styles.help}>
            The reserve and buy-now price stay as set. Once the auction has a bid, its prices cannot change.
          </p>
        ) : (
          <div className={styles.row3}>
            <FormField
              label="Reserve (USD)"
              optional
              help="The least you will sell for. Bidders see only whether it is met."
              error={errors.auction?.reservePrice?.message}
            >
              {(controlProps) => (
                <TextInput
                  {...controlProps}
                  inputMode="decimal"
                  {...register('auction.reservePrice', { setValueAs: toNumber })}
                />
              )}
            </FormField>
            <FormField
              label="Buy-now price (USD)"
              optional
              help="Offered until the first bid, or while the reserve is not met."
              error={errors.auction?.buyNowPrice?.message}
            >
              {(controlProps) => (
                <TextInput
                  {...controlProps}
                  inputMode="decimal"
                  {...register('auction.buyNowPrice', { setValueAs: toNumber })}
                />
              )}
            </FormField>
            <FormField
              label="Scheduled start"
              optional
              help="Leave empty to start now."
              error={errors.auction?.startsAt?.message}
            >
              {(controlProps) => (
                <TextInput
                  {...controlProps}
                  type="datetime-local"
                  {...register('auction.startsAt', { setValueAs: toInstant })}
                />
              )}
            </FormField>
          </div>
        )
      ) : null}
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
          {auction ? null : <Checkbox label="Accepts offers" {...register('acceptsOffers')} />}
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
