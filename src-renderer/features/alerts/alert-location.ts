import { AlertLocation } from '../../../shared/domain/user.ts';

/** Which alerts the banner shows on a page (User-alert banner). */
export type AlertSource = { kind: 'public'; location: AlertLocation } | { kind: 'user' } | null;

const CATEGORY_PREFIXES = ['/firearms', '/guns', '/ammunition', '/ammo', '/accessories'] as const;
/** City pages (/guns-houston) and the like are not category pages. */
const NOT_CATEGORY_PREFIXES = ['/guns-', '/gun-'] as const;

/**
 * Home and search pages: public alerts (HomePage, SearchByTerm); category paths: public
 * SearchByCategory alerts; /dashboard…: the user's own; any other path: none.
 */
export function alertSourceForPath(pathname: string): AlertSource {
  const path = pathname.toLowerCase();
  if (path === '/' || path === '') return { kind: 'public', location: AlertLocation.HomePage };
  if (path === '/search' || path === '/search/') {
    return { kind: 'public', location: AlertLocation.SearchByTerm };
  }
  if (
    CATEGORY_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
    !NOT_CATEGORY_PREFIXES.some((prefix) => path.startsWith(prefix))
  ) {
    return { kind: 'public', location: AlertLocation.SearchByCategory };
  }
  if (path.startsWith('/dashboard')) return { kind: 'user' };
  return null;
}
