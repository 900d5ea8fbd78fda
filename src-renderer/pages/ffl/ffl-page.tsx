import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  FflFinder,
  type FflSearch,
  fflSearchFromParams,
  fflSearchToParams,
} from '../../features/ffl-finder/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

/** The dealer finder; the page address holds the search, so back and forward restore it. */
export function FflPage() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search follows the address's text
  const search = useMemo(() => fflSearchFromParams(params), [key]);
  const onSearchChange = useCallback(
    (next: FflSearch) =>
      setParams(fflSearchToParams(next), { preventScrollReset: next.page === search.page }),
    [setParams, search.page],
  );
  return (
    <PageFrame
      heading={routeTitle('ffl') ?? 'Find an FFL Dealer'}
      intro="Firearms ship to a licensed dealer (FFL) for transfer. Find a dealer near you to receive your purchase."
    >
      <FflFinder search={search} onSearchChange={onSearchChange} />
    </PageFrame>
  );
}
