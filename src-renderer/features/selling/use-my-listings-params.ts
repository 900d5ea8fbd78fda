import { useLocation, useSearchParams } from 'react-router';
import type { SellerListingSort } from '../../../shared/contract/seller-listings.ts';
import { type MyListingsTab, parseMyListingsSort, parseMyListingsTab } from './listing-status.ts';

export interface MyListingsParams {
  tab: MyListingsTab;
  sort: SellerListingSort;
  keyword: string | undefined;
  page: number;
  /** The address of My listings with some of its parameters changed (null or '' drops one). */
  hrefWith: (changes: Record<string, string | null>) => string;
  /** Searches for the text from the first page (no text: every listing of the tab). */
  searchFor: (text: string) => void;
}

/** What My listings shows, read from its address: tab, sort, search words and page. */
export function useMyListingsParams(): MyListingsParams {
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const tab = parseMyListingsTab(search.get('status'));
  const sort = parseMyListingsSort(search.get('sort'));
  const keyword = search.get('q')?.trim() || undefined;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

  function hrefWith(changes: Record<string, string | null>): string {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  }

  function searchFor(text: string) {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (text) next.set('q', text);
      else next.delete('q');
      next.delete('page');
      return next;
    });
  }

  return { tab, sort, keyword, page, hrefWith, searchFor };
}
