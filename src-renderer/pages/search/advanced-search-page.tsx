import { useNavigate } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { AdvancedSearchForm, absoluteUrl } from '../../features/search/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import frame from '../page-frame.module.css';

/** Advanced search: the form builds a /search address from every search parameter. */
export function AdvancedSearchPage() {
  const title = routeTitle('advancedSearch') ?? 'Advanced Search';
  useDocumentHead({
    title,
    description: 'Search listings by keyword, category, condition, price, location and listing type.',
    canonical: absoluteUrl(paths.advancedSearch()),
  });
  const navigate = useNavigate();
  return (
    <div className={frame.page}>
      <h1 className={frame.heading}>{title}</h1>
      <p className={frame.intro}>Search by category, condition, price, location and seller.</p>
      <AdvancedSearchForm onSearch={(params) => navigate(paths.search(params))} />
    </div>
  );
}
