import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CATEGORY_FAMILIES, type FamilyGroup } from '../../../shared/domain/category.ts';
import { CONDITION_LABELS, Condition } from '../../../shared/domain/listing.ts';
import {
  type AdvancedSearchFormValues,
  advancedSearchFormSchema,
  EMPTY_ADVANCED_SEARCH_FORM,
} from '../../../shared/search/search-form.ts';
import type { SearchListingType, SearchRouteParams } from '../../../shared/search/search-url.ts';
import { familyLabel } from '../../lib/family-label.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import styles from './advanced-search-form.module.css';
import { LISTING_TYPE_LABELS } from './search-options.ts';
import { DistanceOptions, ListedWithinOptions } from './select-options.tsx';

const GROUPS: readonly { group: FamilyGroup; label: string }[] = [
  { group: 'Firearm', label: 'Firearms' },
  { group: 'NonFirearm', label: 'Ammunition and gear' },
];

export interface AdvancedSearchFormProps {
  /** Called with the search the form asks for, once every field is valid. */
  onSearch: (params: SearchRouteParams) => void;
}

/** A form that builds a search from every search parameter; checked on submit, one message at a time. */
export function AdvancedSearchForm({ onSearch }: AdvancedSearchFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AdvancedSearchFormValues, unknown, SearchRouteParams>({
    resolver: zodResolver(advancedSearchFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_ADVANCED_SEARCH_FORM,
  });
  // Each select also gets its `defaultValue`: the form library alone leaves a select on its first
  // option in some DOMs.
  const selectProps = (name: 'listingType' | 'condition' | 'distance' | 'listingStartDate' | 'sort') => ({
    className: styles.input,
    defaultValue: EMPTY_ADVANCED_SEARCH_FORM[name],
    ...register(name),
  });
  // Families keep the order they were ticked in, as the address lists them.
  const families = watch('familyIDs');
  const error = errors.minPrice?.message ?? errors.maxPrice?.message ?? errors.zipCode?.message;

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSearch)} noValidate>
      <label className={styles.label}>
        Keywords
        <input
          className={styles.input}
          {...register('keyword')}
          type="search"
          placeholder="Manufacturer, model, caliber or UPC"
        />
      </label>

      {GROUPS.map(({ group, label }) => (
        <fieldset key={group} className={styles.fieldset}>
          <legend className={styles.legend}>{label}</legend>
          <div className={styles.checkGrid}>
            {CATEGORY_FAMILIES.filter((family) => family.group === group).map((family) => (
              <label key={family.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={families.includes(family.id)}
                  onChange={(event) =>
                    setValue(
                      'familyIDs',
                      event.target.checked
                        ? [...families, family.id]
                        : families.filter((other) => other !== family.id),
                    )
                  }
                />
                {familyLabel(family.key)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}

      <div className={styles.row}>
        <label className={styles.label}>
          Listing type
          <select {...selectProps('listingType')}>
            <option value="">Any</option>
            {(Object.keys(LISTING_TYPE_LABELS) as SearchListingType[]).map((type) => (
              <option key={type} value={type}>
                {LISTING_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.label}>
          Condition
          <select {...selectProps('condition')}>
            <option value="">Any</option>
            {Object.values(Condition).map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_LABELS[condition]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.label}>
          Minimum price ($)
          <input className={styles.input} {...register('minPrice')} inputMode="decimal" />
        </label>
        <label className={styles.label}>
          Maximum price ($)
          <input className={styles.input} {...register('maxPrice')} inputMode="decimal" />
        </label>
        <label className={styles.label}>
          Zip code
          <input
            className={styles.input}
            {...register('zipCode')}
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
          />
        </label>
        <label className={styles.label}>
          Within
          <select {...selectProps('distance')}>
            <DistanceOptions />
          </select>
        </label>
        <label className={styles.label}>
          Listed within
          <select {...selectProps('listingStartDate')}>
            <ListedWithinOptions />
          </select>
        </label>
        <label className={styles.label}>
          Sort by
          <select {...selectProps('sort')}>
            <option value="">Best match</option>
            <option value="price-asc">Price: low to high</option>
            <option value="price-desc">Price: high to low</option>
            <option value="newest">Newest first</option>
            <option value="ending-soonest">Ending soonest</option>
            <option value="distance">Nearest first (with a zip code)</option>
          </select>
        </label>
      </div>

      <div className={styles.checks}>
        <label className={styles.check}>
          <input type="checkbox" {...register('featured')} /> Featured listings only
        </label>
        <label className={styles.check}>
          <input type="checkbox" {...register('ownListings')} /> Sellers’ own listings only (no distributor
          catalogues)
        </label>
      </div>

      {error ? (
        <p className={styles.error} role="alert" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="lg">
          Search
        </Button>
      </div>
    </form>
  );
}
