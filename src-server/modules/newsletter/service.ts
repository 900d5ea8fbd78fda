import { eq, sql } from 'drizzle-orm';
import { NEWSLETTER_SUCCESS_MESSAGE } from '../../../shared/contract/newsletter.ts';
import { paths } from '../../../shared/routes/paths.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { THROTTLE_RULES } from '../../core/throttle.ts';
import { queryRows } from '../../db/client.ts';
import { newsletterSubscriptions } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest } from '../../http/errors.ts';
import { inBackground, sendQuietly } from '../../mail/delivery.ts';
import { signPurposeToken, verifyPurposeToken } from '../auth/index.ts';

/** Each link is signed for its one purpose, so a confirmation link never unsubscribes and no session token passes. */
const CONFIRM_PURPOSE = 'newsletter-confirm';
const UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe';
const CONFIRM_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const UNSUBSCRIBE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const INVALID_LINK = 'This link is invalid or has expired.';

export async function newsletterLinks(publicOrigin: string, subscriptionId: string, secret: string) {
  const [confirm, unsubscribe] = await Promise.all([
    signPurposeToken(CONFIRM_PURPOSE, subscriptionId, secret, CONFIRM_LIFETIME_SECONDS),
    signPurposeToken(UNSUBSCRIBE_PURPOSE, subscriptionId, secret, UNSUBSCRIBE_LIFETIME_SECONDS),
  ]);
  return {
    confirm: `${publicOrigin}${paths.to('newsletterConfirm')}?token=${encodeURIComponent(confirm)}`,
    unsubscribe: `${publicOrigin}${paths.to('newsletterUnsubscribe')}?token=${encodeURIComponent(unsubscribe)}`,
  };
}

function confirmMessage(email: string, links: { confirm: string; unsubscribe: string }) {
  return {
    to: email,
    subject: 'Confirm your Ironsight newsletter subscription',
    text: [
      'Someone (we hope you) asked to get the Ironsight newsletter at this address.',
      '',
      `Confirm your subscription: ${links.confirm}`,
      '',
      'If this was not you, ignore this message: nothing is sent until the address is confirmed.',
      `Never want these? ${links.unsubscribe}`,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${links.unsubscribe}>` },
  };
}

/**
 * POST /users/signupForNewsLetter: the address is stored once (case-insensitively). A new, an
 * unconfirmed or an unsubscribed address gets a confirmation e-mail (double opt-in); a confirmed,
 * subscribed one gets nothing more. The answer is the same either way, so it tells no one who subscribed.
 */
export async function signupForNewsletter(
  deps: AccountsDeps,
  email: string,
  auth: AuthContext | null,
  address: string,
) {
  await deps.throttle.hit(THROTTLE_RULES.newsletter, address);
  const normalized = email.trim().toLowerCase();
  const rows = await queryRows<{ id: string; needs_confirmation: boolean }>(
    deps.db,
    sql`insert into ${newsletterSubscriptions} (email, user_id)
        values (${normalized}, ${auth?.userId ?? null})
        on conflict (lower(email)) do update set
          unsubscribed_at = null,
          confirmed_at = case when ${newsletterSubscriptions.unsubscribedAt} is null
                              then ${newsletterSubscriptions.confirmedAt} end
        returning id, confirmed_at is null as needs_confirmation`,
  );
  const row = rows[0];
  if (row?.needs_confirmation) {
    inBackground(deps, 'newsletter confirmation', async () => {
      const links = await newsletterLinks(deps.config.publicOrigin, row.id, deps.config.jwtSecret);
      await sendQuietly(deps, confirmMessage(normalized, links));
    });
  }
  return { success: true as const, message: NEWSLETTER_SUCCESS_MESSAGE as typeof NEWSLETTER_SUCCESS_MESSAGE };
}

async function subscriptionOf(deps: AccountsDeps, token: string, purpose: string): Promise<string> {
  const id = await verifyPurposeToken(token, purpose, deps.config.jwtSecret);
  if (!id) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  return id;
}

/** The confirmation link: the address starts getting the newsletter (again, after an unsubscribe). */
export async function confirmNewsletter(deps: AccountsDeps, token: string) {
  const id = await subscriptionOf(deps, token, CONFIRM_PURPOSE);
  const [row] = await deps.db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: sql`coalesce(${newsletterSubscriptions.confirmedAt}, now())`, unsubscribedAt: null })
    .where(eq(newsletterSubscriptions.id, id))
    .returning({ email: newsletterSubscriptions.email });
  if (!row) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  return { success: true as const, email: row.email };
}

/** The unsubscribe link: works without signing in, and twice is not an error. */
export async function unsubscribeNewsletter(deps: AccountsDeps, token: string) {
  const id = await subscriptionOf(deps, token, UNSUBSCRIBE_PURPOSE);
  const [row] = await deps.db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscriptions.id, id))
    .returning({ email: newsletterSubscriptions.email });
  if (!row) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  return { success: true as const, email: row.email };
}
