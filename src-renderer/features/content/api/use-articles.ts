import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export interface ArticlesParams {
  keyword?: string | undefined;
  page?: number | undefined;
  perPage?: number | undefined;
}

/**
 * GET /wp/get: the digest's articles, newest first. A failure is an error here (the server already
 * answers an empty list for a broken store), so a server-rendered page is not kept without them and
 * the browser asks again; the screens show no articles for it.
 */
export function useArticles({ keyword, page = 1, perPage = 3 }: ArticlesParams) {
  const api = useApiClient();
  const text = keyword?.trim() || undefined;
  return useQuery({
    queryKey: ['articles', text ?? '', page, perPage],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.call('wpGet', { query: { keyword: text, page, perPage } }, { signal }),
  });
}
