import { paths } from './paths.ts';
import { withQuery } from './query.ts';

/**
 * Where the welcome email's link leads (welcome-email-redirect): sellers go straight to
 * listing an item; everyone else, signed in or not, to membership. The query string is kept.
 */
export function welcomeEmailTarget(
  user: { authenticated: boolean; isSeller: boolean },
  search: string,
): string {
  const target = user.authenticated && user.isSeller ? paths.listItem() : paths.membership();
  return `${target}${withQuery(search)}`;
}
