import { useForm } from 'react-hook-form';
import type { SearchFacets } from '../../../shared/contract/listing-search.ts';
import { CATEGORY_FAMILIES, type CategoryFamilyId } from '../../../shared/domain/category.ts';
import {
  CONDITION_LABELS,
  Condition,
  ListingOption,
  listingTypeName,
} from '../../../shared/domain/listing.ts';
import { EMPTY_GUID } from '../../../shared/domain/uuid.ts';
import type { TextFiltersFormValues } from '../../../shared/search/search-form.ts';
import type { SearchListingType, SearchRouteParams } from '../../../shared/search/search-url.ts';
import { familyLabel } from '../../lib/family-label.ts';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { Button } from '../../ui/button.tsx';
import styles from './search-filters.module.css';
import { LISTED_WITHIN_DAYS, LISTING_TYPE_LABELS } from './search-options.ts';
import { DistanceOptions, ListedWithinOptions } from './select-options.tsx';

export type SearchChange = Partial<
  Record<keyof SearchRouteParams, SearchRouteParams[keyof SearchRouteParams]>
>;

export interface SearchFiltersProps {
  params: SearchRouteParams;
  facets: SearchFacets | undefined;
  onChange: (changes: SearchChange) => void;
}

const count = (value: number | undefined) => (value === undefined ? null : value.toLocaleString('en-US'));

function FacetCount({ value }: { value: number | undefined }) {
  const text = count(value);
  return text === null ? null : (
    <span className={styles.count} data-numeric="">
      <span className="visually-hidden"> (</span>
      {text}
      <span className="visually-hidden"> listings)</span>
    </span>
  );
}

/** The checks of the text filters (and zod behind them) load once the page runs. */
const validation = lazyResolver<TextFiltersFormValues, unknown, SearchRouteParams>(() =>
  import('./text-filters-validation.ts').then((module) => module.textFiltersResolver),
);

/** Text filters (keyword, price, place) apply on submit; choices apply at once. */
function TextFilters({ params, onChange }: Omit<SearchFiltersProps, 'facets'>) {
  const defaultValues: TextFiltersFormValues = {
    keyword: params.keyword ?? '',
    minPrice: params.minPrice?.toString() ?? '',
    maxPrice: params.maxPrice?.toString() ?? '',
    zipCode: params.zipCode ?? '',
    distance: String(params.distance ?? 50),
  };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TextFiltersFormValues, unknown, SearchRouteParams>({
    resolver: validation.resolver,
    reValidateMode: 'onSubmit',
    defaultValues,
  });
  const error = errors.minPrice?.message ?? errors.maxPrice?.message ?? errors.zipCode?.message;
  const onSubmit = handleSubmit((changes) => onChange(changes));

  return (
    // The checks load as soon as the visitor starts on the form, not while the page starts.
    <form
      className={styles.group}
      onSubmit={onSubmit}
      onFocus={validation.preload}
      aria-label="Keyword, price and location"
    >
      <label className={styles.label}>
        Keywords
        <input className={styles.input} type="search" {...register('keyword')} />
      </label>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Price</legend>
        <div className={styles.row}>
          <label className={styles.label}>
            Min $
            <input className={styles.input} inputMode="decimal" {...register('minPrice')} />
          </label>
          <label className={styles.label}>
            Max $
            <input className={styles.input} inputMode="decimal" {...register('maxPrice')} />
          </label>
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Location</legend>
        <div className={styles.row}>
          <label className={styles.label}>
            Zip code
            <input
              className={styles.input}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              {...register('zipCode')}
            />
          </label>
          <label className={styles.label}>
            Within
            <select
              className={styles.input}
              // The select's own default too: the form library alone leaves it on its first option in some DOMs.
              defaultValue={defaultValues.distance}
              {...register('distance')}
            >
              <DistanceOptions />
            </select>
          </label>
        </div>
      </fieldset>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" fullWidth>
        Apply
      </Button>
    </form>
  );
}

/**
 * The filter panel of every search page: one control per search parameter, with facet counts.
 * Every family, condition and listing type is always listed; the server counts each facet with
 * every filter but its own, so the counts say what ticking another option would add (families are
 * multi-select) or switch to. Until the first answer arrives, and when it has too many matches to
 * count (`facets` null), no counts show; otherwise an option the answer does not mention counts 0.
 */
export function SearchFilters({ params, facets, onChange }: SearchFiltersProps) {
  const counter = <K,>(entries: readonly { key: K; count: number }[] | undefined) => {
    const map = new Map(entries?.map((entry) => [entry.key, entry.count]));
    return (key: K) => (entries === undefined ? undefined : (map.get(key) ?? 0));
  };
  const familyCount = counter<number>(facets?.family.map((entry) => ({ key: entry.id, count: entry.count })));
  const conditionCount = counter<Condition>(
    facets?.condition.map((entry) => ({ key: entry.value, count: entry.count })),
  );
  const typeCount = counter<SearchListingType>(
    facets?.listingType.map((entry) => ({ key: listingTypeName(entry.value), count: entry.count })),
  );
  const selectedFamilies = params.familyIDs ?? [];
  const families = [...CATEGORY_FAMILIES].sort((a, b) =>
    familyLabel(a.key).localeCompare(familyLabel(b.key)),
  );

  const toggleFamily = (id: CategoryFamilyId, checked: boolean) => {
    const next = checked ? [...selectedFamilies, id] : selectedFamilies.filter((other) => other !== id);
    onChange({ familyIDs: next.length > 0 ? next : undefined });
  };

  // The text filters remount with new defaults whenever the address changes them.
  const textKey = [params.keyword, params.minPrice, params.maxPrice, params.zipCode, params.distance].join(
    '|',
  );

  return (
    <div className={styles.filters}>
      <TextFilters key={textKey} params={params} onChange={onChange} />

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Category</legend>
        <ul className={styles.options}>
          {families.map((family) => (
            <li key={family.id}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={selectedFamilies.includes(family.id)}
                  onChange={(event) => toggleFamily(family.id, event.target.checked)}
                />
                <span className={styles.optionText}>{familyLabel(family.key)}</span>
                <FacetCount value={familyCount(family.id)} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Listing type</legend>
        <ul className={styles.options}>
          <li>
            <label className={styles.option}>
              <input
                type="radio"
                name="listingType"
                checked={params.listingType === undefined}
                onChange={() => onChange({ listingType: undefined })}
              />
              <span className={styles.optionText}>Any</span>
            </label>
          </li>
          {(Object.keys(LISTING_TYPE_LABELS) as SearchListingType[]).map((type) => (
            <li key={type}>
              <label className={styles.option}>
                <input
                  type="radio"
                  name="listingType"
                  checked={params.listingType === type}
                  onChange={() => onChange({ listingType: type })}
                />
                <span className={styles.optionText}>{LISTING_TYPE_LABELS[type]}</span>
                <FacetCount value={typeCount(type)} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Auctions</legend>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={params.completed === true}
            onChange={(event) => onChange({ completed: event.target.checked ? true : undefined })}
          />
          <span className={styles.optionText}>Completed auctions (sold prices)</span>
        </label>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Condition</legend>
        <ul className={styles.options}>
          <li>
            <label className={styles.option}>
              <input
                type="radio"
                name="condition"
                checked={params.condition === undefined}
                onChange={() => onChange({ condition: undefined })}
              />
              <span className={styles.optionText}>Any</span>
            </label>
          </li>
          {Object.values(Condition).map((condition) => (
            <li key={condition}>
              <label className={styles.option}>
                <input
                  type="radio"
                  name="condition"
                  checked={params.condition === condition}
                  onChange={() => onChange({ condition })}
                />
                <span className={styles.optionText}>{CONDITION_LABELS[condition]}</span>
                <FacetCount value={conditionCount(condition)} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>More</legend>
        <label className={styles.label}>
          Listed within
          <select
            className={styles.input}
            value={params.listingStartDate ?? ''}
            onChange={(event) =>
              onChange({ listingStartDate: event.target.value ? Number(event.target.value) : undefined })
            }
          >
            <ListedWithinOptions />
            {params.listingStartDate &&
            !(LISTED_WITHIN_DAYS as readonly number[]).includes(params.listingStartDate) ? (
              <option value={params.listingStartDate}>The last {params.listingStartDate} days</option>
            ) : null}
          </select>
        </label>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={params.upsells === ListingOption.Featured}
            onChange={(event) =>
              onChange({ upsells: event.target.checked ? ListingOption.Featured : undefined })
            }
          />
          <span className={styles.optionText}>Featured listings only</span>
        </label>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={params.distributorId === EMPTY_GUID}
            onChange={(event) => onChange({ distributorId: event.target.checked ? EMPTY_GUID : undefined })}
          />
          <span className={styles.optionText}>Sellers’ own listings only (no distributor catalogues)</span>
        </label>
      </fieldset>
    </div>
  );
}
