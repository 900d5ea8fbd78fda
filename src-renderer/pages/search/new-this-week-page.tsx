import { newThisWeekPageMeta } from '../../../shared/page-meta-builders.ts';
import { NEW_THIS_WEEK_SEARCH } from '../../../shared/routes/paths.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { headFromPageMeta, useDocumentHead } from '../../lib/document-head.ts';
import { pageOrigin } from '../../lib/page-origin.ts';
import { ProductSearchView } from './product-search-view.tsx';

/** The last 7 days' listings, without distributor catalogues: the same search as the home page's link. */
export function NewThisWeekPage() {
  const title = routeTitle('newThisWeek') ?? 'New This Week';
  useDocumentHead(headFromPageMeta(newThisWeekPageMeta(pageOrigin())));
  return (
    <ProductSearchView
      heading={title}
      intro="Listings posted in the last 7 days."
      base={NEW_THIS_WEEK_SEARCH}
    />
  );
}
