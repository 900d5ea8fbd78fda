import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { CATEGORY_FAMILIES, type FamilyGroup } from '../../../shared/domain/category.ts';
import { CONDITION_LABELS, Condition, ListingOption } from '../../../shared/domain/listing.ts';
import { paths, type SearchListingType, type SearchRouteParams } from '../../../shared/routes/paths.ts';
import { EMPTY_GUID } from '../../../shared/routes/uuid.ts';
import { DISTANCES, LISTED_WITHIN_DAYS, LISTING_TYPE_LABELS } from '../../features/search/search-filters.tsx';
import { absoluteUrl } from '../../features/search/search-meta.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { familyLabel } from '../../lib/family-label.ts';
import { Button } from '../../ui/button.tsx';
import frame from '../page-frame.module.css';
import styles from './advanced-search.module.css';

const GROUPS: readonly { group: FamilyGroup; label: string }[] = [
  { group: 'Firearm', label: 'Firearms' },
  { group: 'NonFirearm', label: 'Ammunition and gear' },
];

/** A form that builds a /search address from every search parameter. */
export function AdvancedSearchPage() {
  const title = routeTitle('advancedSearch') ?? 'Advanced Search';
  useDocumentHead({
    title,
    description: 'Search listings by keyword, category, condition, price, location and listing type.',
    canonical: absoluteUrl(paths.advancedSearch()),
  });
  const navigate = useNavigate();
  const id = useId();
  const [families, setFamilies] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const number = (name: string) => (text(name) === '' ? undefined : Number(text(name)));
    const minPrice = number('minPrice');
    const maxPrice = number('maxPrice');
    const zipCode = text('zipCode');
    if ([minPrice, maxPrice].some((value) => value !== undefined && !(value >= 0))) {
      setError('Enter prices as whole dollars or dollars and cents.');
      return;
    }
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      setError('The maximum price must not be below the minimum price.');
      return;
    }
    if (zipCode !== '' && !/^\d{5}$/.test(zipCode)) {
      setError('Enter a 5-digit zip code.');
      return;
    }
    setError(null);
    const params: SearchRouteParams = {
      keyword: text('keyword') || undefined,
      familyIDs: families.length > 0 ? families : undefined,
      listingType: (text('listingType') || undefined) as SearchListingType | undefined,
      condition: (text('condition') || undefined) as Condition | undefined,
      minPrice,
      maxPrice,
      zipCode: zipCode || undefined,
      distance: zipCode ? number('distance') : undefined,
      listingStartDate: number('listingStartDate'),
      upsells: form.get('featured') ? ListingOption.Featured : undefined,
      distributorId: form.get('ownListings') ? EMPTY_GUID : undefined,
      sort: (text('sort') || undefined) as SearchRouteParams['sort'],
    };
    navigate(paths.search(params));
  };

  return (
    <div className={frame.page}>
      <h1 className={frame.heading}>{title}</h1>
      <p className={frame.intro}>Search by category, condition, price, location and seller.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label className={styles.label}>
          Keywords
          <input
            className={styles.input}
            name="keyword"
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
                      setFamilies((current) =>
                        event.target.checked
                          ? [...current, family.id]
                          : current.filter((other) => other !== family.id),
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
            <select className={styles.input} name="listingType" defaultValue="">
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
            <select className={styles.input} name="condition" defaultValue="">
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
            <input className={styles.input} name="minPrice" inputMode="decimal" />
          </label>
          <label className={styles.label}>
            Maximum price ($)
            <input className={styles.input} name="maxPrice" inputMode="decimal" />
          </label>
          <label className={styles.label}>
            Zip code
            <input
              className={styles.input}
              name="zipCode"
              inputMode="numeric"
              maxLength={5}
              autoComplete="postal-code"
            />
          </label>
          <label className={styles.label}>
            Within
            <select className={styles.input} name="distance" defaultValue="50">
              {DISTANCES.map((miles) => (
                <option key={miles} value={miles}>
                  {miles} miles
                </option>
              ))}
            </select>
          </label>
          <label className={styles.label}>
            Listed within
            <select className={styles.input} name="listingStartDate" defaultValue="">
              <option value="">Any time</option>
              {LISTED_WITHIN_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days === 1 ? 'The last day' : `The last ${days} days`}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.label}>
            Sort by
            <select className={styles.input} name="sort" defaultValue="">
              <option value="">Best match</option>
              <option value="price-asc">Price: low to high</option>
              <option value="price-desc">Price: high to low</option>
              <option value="newest">Newest first</option>
              <option value="distance">Nearest first (with a zip code)</option>
            </select>
          </label>
        </div>

        <div className={styles.checks}>
          <label className={styles.check}>
            <input type="checkbox" name="featured" /> Featured listings only
          </label>
          <label className={styles.check}>
            <input type="checkbox" name="ownListings" /> Sellers’ own listings only (no distributor
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
    </div>
  );
}
