import { type FormEvent, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { type SellerListingCounts, SellerListingStatus } from '../../../shared/contract/seller-listings.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import { SelectInput, TextInput } from '../../ui/form-field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { MY_LISTINGS_SORTS, MY_LISTINGS_TABS, tabCount } from './listing-status.ts';
import styles from './my-listings.module.css';
import type { MyListingsParams } from './use-my-listings-params.ts';

/** Search, sort and the way to list a new item. */
export function MyListingsToolbar({
  params,
  onSearch,
}: {
  params: MyListingsParams;
  onSearch: (text: string) => void;
}) {
  const navigate = useNavigate();
  const searchId = useId();
  const { keyword, sort, hrefWith } = params;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  }

  return (
    <div className={styles.toolbar}>
      <search className={styles.search}>
        <form onSubmit={submit} aria-label="Search my listings">
          <label htmlFor={searchId} className={styles.label}>
            Search my listings
          </label>
          <div className={styles.searchRow}>
            <TextInput
              id={searchId}
              name="q"
              type="search"
              defaultValue={keyword ?? ''}
              key={keyword ?? ''}
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </div>
        </form>
      </search>
      <div className={styles.sort}>
        <label htmlFor={`${searchId}-sort`} className={styles.label}>
          Sort by
        </label>
        <SelectInput
          id={`${searchId}-sort`}
          value={sort}
          onChange={(event) => navigate(hrefWith({ sort: event.target.value, page: null }))}
        >
          {MY_LISTINGS_SORTS.map((entry) => (
            <option key={entry.sort} value={entry.sort}>
              {entry.label}
            </option>
          ))}
        </SelectInput>
      </div>
      <LinkButton to={paths.listItem()}>List an Item</LinkButton>
    </div>
  );
}

/** The listing states, each with how many listings it holds. */
export function MyListingsTabs({
  params,
  counts,
}: {
  params: MyListingsParams;
  counts: SellerListingCounts | null;
}) {
  return (
    <nav aria-label="Listing states">
      <ul className={styles.tabs}>
        {MY_LISTINGS_TABS.map((entry) => (
          <li key={entry.tab}>
            <Link
              className={styles.tab}
              to={params.hrefWith({
                status: entry.tab === SellerListingStatus.Active ? null : entry.tab,
                page: null,
              })}
              aria-current={entry.tab === params.tab ? 'page' : undefined}
            >
              {entry.label}
              <span className={styles.count}>
                {counts ? tabCount(counts, entry.tab) : <Skeleton width="1.5em" />}
                <span className={styles.visuallyHidden}> listings</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous and next page, when there is more than one. */
export function MyListingsPages({ params, pageCount }: { params: MyListingsParams; pageCount: number }) {
  const { page, hrefWith } = params;
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pages} aria-label="Pages">
      {page > 1 ? (
        <Link className={styles.link} to={hrefWith({ page: String(page - 1) })} rel="prev">
          Previous
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link className={styles.link} to={hrefWith({ page: String(page + 1) })} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
