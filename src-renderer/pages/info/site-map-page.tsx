import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { siteMapSections } from '../../../shared/routes/site-map.ts';
import { useArticles } from '../../features/content/index.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';
import styles from './info.module.css';

/** Articles listed on the page; the XML sitemap lists all of them. */
const SITE_MAP_ARTICLES = 20;

/** The site map: the route table's public pages, families, brands, cities and articles. */
export function SiteMapPage() {
  const api = useApiClient();
  const brands = useQuery({
    queryKey: ['brands'],
    queryFn: async ({ signal }) => {
      try {
        return (await api.call('brandsList', {}, { signal })).results;
      } catch {
        return [];
      }
    },
  });
  const articles = useArticles({ perPage: SITE_MAP_ARTICLES });
  const sections = siteMapSections({
    brands: brands.data ?? [],
    articles: articles.data?.results ?? [],
  });
  return (
    <PageFrame heading={routeTitle('siteMap') ?? 'Site Map'} intro="Every section of Ironsight in one list.">
      <div className={styles.sections}>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className={styles.sectionHeading}>{section.heading}</h2>
            <ul className={styles.linkList}>
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PageFrame>
  );
}
