import { Link } from 'react-router';
import { CITY_SLUG_LIST, CITY_SLUGS, paths } from '../../../shared/routes/paths.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';
import styles from './info.module.css';

export function LocalLinksPage() {
  return (
    <PageFrame
      heading={routeTitle('localLinks') ?? 'Local Links'}
      intro="Find guns for sale near you, city by city."
    >
      <ul className={styles.linkGrid}>
        {CITY_SLUG_LIST.map((slug) => (
          <li key={slug}>
            <Link to={paths.city(slug)}>
              Guns in {CITY_SLUGS[slug].name}, {CITY_SLUGS[slug].state}
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
