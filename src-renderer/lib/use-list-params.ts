import { useSearchParams } from 'react-router';

/**
 * A list's tab and page kept in the address (`?tab=…&page=…`), so a reload or a shared link shows
 * the same view. The first tab is the default and is left out of the address.
 */
export function useListParams<T extends { key: string }>(tabs: readonly [T, ...T[]]) {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((candidate) => candidate.key === params.get('tab')) ?? tabs[0];
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** Sets (or, with null, removes) address parameters, keeping the others. */
  const go = (next: Record<string, string | null>) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) search.delete(key);
      else search.set(key, value);
    }
    setParams(search);
  };
  return {
    tab,
    page,
    params,
    go,
    selectTab: (key: string) => go({ tab: key === tabs[0].key ? null : key, page: null }),
    setPage: (next: number) => go({ page: String(next) }),
  };
}
