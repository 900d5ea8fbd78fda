import { paths } from '../../../shared/routes/paths.ts';
import { signPurposeToken, verifyPurposeToken } from '../auth/index.ts';

/** Signed with a key of its own: the token only ever unsubscribes, and no session token passes for it. */
const UNSUBSCRIBE_PURPOSE = 'alerts-unsubscribe';
/** An old digest's link keeps working for a year. */
const UNSUBSCRIBE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

export const signUnsubscribeToken = (userId: string, secret: string) =>
  signPurposeToken(UNSUBSCRIBE_PURPOSE, userId, secret, UNSUBSCRIBE_LIFETIME_SECONDS);

/** The user id of a valid unsubscribe token, or null. */
export const verifyUnsubscribeToken = (token: string, secret: string) =>
  verifyPurposeToken(token, UNSUBSCRIBE_PURPOSE, secret);

/** The page of a digest's unsubscribe link, which works without signing in. */
export async function unsubscribeLink(publicOrigin: string, userId: string, secret: string): Promise<string> {
  const token = await signUnsubscribeToken(userId, secret);
  return `${publicOrigin}${paths.to('alertsUnsubscribe')}?token=${encodeURIComponent(token)}`;
}
