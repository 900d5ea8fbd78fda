import { PRODUCT_NAME } from '../../../shared/domain/metadata.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { absoluteUrl } from '../../features/search/search-meta.ts';
import { SearchView } from '../../features/search/search-view.tsx';
import { routeTitle } from '../../lib/app-route.ts';
import { useDocumentHead } from '../../lib/document-head.ts';

const BASE = { listingStartDate: 7 } as const;

export function NewThisWeekPage() {
  const title = routeTitle('newThisWeek') ?? 'New This Week';
  useDocumentHead({
    title,
    description: `Listings added in the last seven days on ${PRODUCT_NAME}: new firearms, ammunition, optics and accessories.`,
    canonical: absoluteUrl(paths.newThisWeek()),
  });
  return <SearchView heading={title} intro="Listings posted in the last 7 days." base={BASE} />;
}
