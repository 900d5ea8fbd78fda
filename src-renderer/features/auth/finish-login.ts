import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SavedSearchInput } from '../../../shared/contract/saved-searches.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { useLoadFavoriteListings } from './api/use-favorite-listings.ts';
import { useSaveSearch } from './api/use-save-search.ts';
import { type LoginRedirect, loginRedirect } from './login-redirect.ts';

export type LoginMode = { kind: 'page'; query: URLSearchParams } | { kind: 'modal'; close: () => void };

/**
 * The last step of every successful login: load the favorite listings (a failure is
 * ignored), then redirect: the modal closes and the opener refreshes; the page follows its
 * return URL, saving a search first when asked to.
 */
export function useFinishLogin(): (mode: LoginMode) => Promise<void> {
  const { mutateAsync: saveSearch } = useSaveSearch();
  const loadFavorites = useLoadFavoriteListings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const platform = usePlatform();

  const follow = useCallback(
    async (redirect: LoginRedirect): Promise<void> => {
      if (redirect.kind === 'navigate') {
        await navigate(redirect.to, { replace: true });
      } else if (redirect.kind === 'external') {
        // The desktop client opened the site in the system browser; the app goes on to the dashboard.
        if ((await platform.leaveApp(redirect.url)) === 'stayed')
          await navigate('/dashboard', { replace: true });
      } else {
        try {
          await saveSearch({
            body: {
              name: redirect.search.name,
              searchQuery: redirect.search.searchQuery,
              // Checked by the server; an unknown frequency fails the save and takes the fallback.
              frequency: redirect.search.frequency as SavedSearchInput['frequency'],
            },
          });
          await navigate(redirect.to, { replace: true });
        } catch {
          await follow(redirect.fallback);
        }
      }
    },
    [saveSearch, navigate, platform],
  );

  return useCallback(
    async (mode: LoginMode) => {
      try {
        await loadFavorites();
      } catch {
        // Favorites load again where they are shown; a failure here must not block the sign-in.
      }
      if (mode.kind === 'modal') {
        // The page stays: what it shows is fetched again with the new session.
        void queryClient.invalidateQueries();
        mode.close();
        return;
      }
      await follow(loginRedirect(mode.query, window.location.origin));
    },
    [loadFavorites, queryClient, follow],
  );
}
