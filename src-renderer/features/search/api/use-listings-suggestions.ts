import { useEffect, useState } from 'react';
import type { SuggestionsResponse } from '../../../../shared/contract/listings.ts';
import { SUGGESTIONS_DEBOUNCE_MS, shouldRequestSuggestions } from '../../../../shared/domain/constants.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export interface SuggestionsState {
  /** The text the answer is for. */
  query: string;
  data: SuggestionsResponse;
}

const NONE: SuggestionsResponse = { querySummary: {}, topFamily: null };

/**
 * GET /listings/suggestions for typed text: asked after a 500 ms pause, only for text longer than
 * 2 characters and while the list may show (`listening`); a newer text aborts the request of an
 * older one at once (its own abort controller: a cached query would let a finished one stand).
 * The last answer stays available while the next is awaited.
 */
export function useListingsSuggestions(
  text: string,
  enabled: boolean,
  listening: boolean,
): SuggestionsState | null {
  const api = useApiClient();
  const [state, setState] = useState<SuggestionsState | null>(null);
  const query = text.trim();
  const available = enabled && shouldRequestSuggestions(query);
  const wanted = available && listening && state?.query !== query;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.call('listingsSuggestions', { query: { query } }, { signal: controller.signal }).then(
        (data) => setState({ query, data }),
        () => {
          if (!controller.signal.aborted) setState({ query, data: NONE });
        },
      );
    }, SUGGESTIONS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, query, wanted]);

  return available ? state : null;
}
