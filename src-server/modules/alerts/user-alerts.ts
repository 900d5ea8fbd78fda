import { sql } from 'drizzle-orm';
import {
  USER_ALERT_LIFETIME_DAYS,
  USER_ALERT_TITLES,
  type UserAlertKind,
} from '../../../shared/domain/alerts.ts';
import { AlertLocation } from '../../../shared/domain/user.ts';
import { alertLinkTarget } from '../../../shared/routes/alert-link.ts';
import type { DbExecutor } from '../../db/client.ts';
import { alerts } from '../../db/schema.ts';

export interface NewUserAlert {
  userId: string;
  kind: UserAlertKind;
  /** Plain text; the banner renders it as text. */
  text: string;
  /** A path of this site ("/search?keyword=glock") or an https:// address. */
  link?: string;
  linkText?: string;
}

export interface StoredUserAlert extends NewUserAlert {
  id: string;
}

/**
 * Adds one alert to a user's dashboard banner (GET /users/getUserAlerts), shown for 30 days from
 * now. Pass the transaction that makes the change the alert is about, so both commit together.
 * A link that breaks the alert link rule is refused here rather than hidden later.
 */
export async function addUserAlert(db: DbExecutor, alert: NewUserAlert): Promise<StoredUserAlert> {
  if (alert.link !== undefined && alertLinkTarget(alert.link) === null) {
    throw new Error(`An alert link must be a path of this site or an https address: ${alert.link}`);
  }
  const [row] = await db
    .insert(alerts)
    .values({
      userId: alert.userId,
      kind: alert.kind,
      location: AlertLocation.UserDashboard,
      title: USER_ALERT_TITLES[alert.kind],
      message: alert.text,
      linkUrl: alert.link ?? null,
      linkText: alert.link ? (alert.linkText ?? 'View') : null,
      endsAt: sql`now() + make_interval(days => ${USER_ALERT_LIFETIME_DAYS})`,
    })
    .returning({ id: alerts.id });
  return { ...alert, id: row!.id };
}
