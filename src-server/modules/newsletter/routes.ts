import { NEWSLETTER_ENDPOINTS } from '../../../shared/contract/newsletter.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { ModuleContext } from '../../module-context.ts';
import { confirmNewsletter, signupForNewsletter, unsubscribeNewsletter } from './service.ts';

/** The newsletter's e-mail links: confirm (double opt-in) and unsubscribe, both without signing in. */
export function registerNewsletterModule({ endpoints }: ModuleContext, deps: AccountsDeps): void {
  endpoints(NEWSLETTER_ENDPOINTS, {
    usersSignupForNewsletter: ({ body, auth, request }) =>
      signupForNewsletter(deps, body.email, auth, clientAddress(request.ip)),
    newsletterConfirm: ({ body }) => confirmNewsletter(deps, body.token),
    newsletterUnsubscribe: ({ body }) => unsubscribeNewsletter(deps, body.token),
  });
}
