import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Alert, AlertSeverity } from '../../shared/contract/users.ts';
import {
  alertSubject,
  USER_ALERT_LIFETIME_DAYS,
  USER_ALERT_TITLES,
  UserAlertKind,
  UserReminder,
} from '../../shared/domain/alerts.ts';
import { AlertLocation } from '../../shared/domain/user.ts';
import { alertLinkTarget } from '../../shared/routes/alert-link.ts';
import type { DbExecutor } from '../db/client.ts';
import { alerts } from '../db/schema.ts';

export interface NewUserAlert {
  userId: string;
  kind: UserAlertKind;
  /** Plain text; the banner renders it as text. */
  text: string;
  /** A path of this site ("/search?keyword=glock") or an https:// address. */
  link?: string;
  linkText?: string;
  /** What the alert is about (`alertSubject`): an offer's alerts show as one entry. */
  subject?: string;
  /** The times the text names as `{name}` (`alertTimeToken`), as ISO date-times. */
  times?: Record<string, string>;
  severity?: AlertSeverity;
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
  const [row] = await db.insert(alerts).values(alertRow(alert)).returning({ id: alerts.id });
  return { ...alert, id: row!.id };
}

/** Adds several alerts, as `addUserAlert` does each, in one statement (the outbid notices of a batch of bids). */
export async function addUserAlerts(db: DbExecutor, list: readonly NewUserAlert[]): Promise<void> {
  if (list.length === 0) return;
  await db.insert(alerts).values(list.map(alertRow));
}

function alertRow(alert: NewUserAlert) {
  if (alert.link !== undefined && alertLinkTarget(alert.link) === null) {
    throw new Error(`An alert link must be a path of this site or an https address: ${alert.link}`);
  }
  return {
    userId: alert.userId,
    kind: alert.kind,
    location: AlertLocation.UserDashboard,
    title: USER_ALERT_TITLES[alert.kind],
    message: alert.text,
    linkUrl: alert.link ?? null,
    linkText: alert.link ? (alert.linkText ?? 'View') : null,
    subject: alert.subject ?? null,
    times: alert.times ?? null,
    ...(alert.severity ? { severity: alert.severity } : {}),
    endsAt: sql`now() + make_interval(days => ${USER_ALERT_LIFETIME_DAYS})`,
  };
}

/** Alerts of these kinds with one subject are shown as one entry: the latest, with how many there were. */
const GROUPED_KINDS: ReadonlySet<string> = new Set([UserAlertKind.Offer, UserAlertKind.Auction]);

/**
 * When each reminder is done. The alert store reads other modules' tables here, read-only, so that
 * a reminder goes however its condition came to be met.
 */
const REMINDER_DONE: Readonly<Record<UserReminder, (userId: SQL) => SQL>> = {
  [UserReminder.ChooseDealer]: (userId) =>
    sql`exists (select 1 from orders o where o.buyer_id = ${userId} and o.dealer_id is not null)`,
};

/** User alerts that no longer tell the truth: a saved search's news once it is deleted, a reminder done. */
function settled(): SQL {
  const searchGone = sql`(${alerts.kind} = ${UserAlertKind.SavedSearch} and not exists (
    select 1 from saved_searches s where s.user_id = ${alerts.userId}
      and (${alerts.subject} is null or ${alerts.subject} = 'savedSearch:' || s.id::text)))`;
  const remindersDone = Object.values(UserReminder).map(
    (reminder) =>
      sql`(${alerts.subject} = ${alertSubject.reminder(reminder)} and ${REMINDER_DONE[reminder](sql`${alerts.userId}`)})`,
  );
  return sql`(${sql.join([searchGone, ...remindersDone], sql` or `)})`;
}

/** The most alerts one read looks at before grouping; they last 30 days, so this is far above use. */
const ALERTS_READ_MAX = 500;

export interface ListedUserAlert {
  row: typeof alerts.$inferSelect;
  /** How many alerts of its subject the entry stands for. */
  updates: number;
}

/**
 * A user's current alerts at a location, newest first, as their dashboard shows them: settled ones
 * left out, and an offer's alerts as one entry (its latest) with their count.
 */
export async function listUserAlerts(
  db: DbExecutor,
  userId: string,
  location: AlertLocation,
  limit: number,
): Promise<ListedUserAlert[]> {
  const now = new Date();
  const rows = await db
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.userId, userId),
        eq(alerts.location, location),
        lte(alerts.startsAt, now),
        or(isNull(alerts.endsAt), gt(alerts.endsAt, now)),
        sql`not coalesce(${settled()}, false)`,
      ),
    )
    .orderBy(desc(alerts.startsAt), desc(alerts.createdAt), desc(alerts.id))
    .limit(ALERTS_READ_MAX);
  const entries = new Map<string, ListedUserAlert>();
  for (const row of rows) {
    const key =
      row.subject !== null && row.kind !== null && GROUPED_KINDS.has(row.kind) ? row.subject : row.id;
    const entry = entries.get(key);
    if (entry) entry.updates += 1;
    else entries.set(key, { row, updates: 1 });
  }
  return [...entries.values()].slice(0, limit);
}

/** A stored banner row as the contract answers it (`updates`: how many alerts it stands for). */
export function toAlert(row: typeof alerts.$inferSelect, { updates = 1 }: { updates?: number } = {}): Alert {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    severity: row.severity,
    location: row.location,
    // A stored link that breaks the alert link rule is left out rather than shown.
    linkUrl: row.linkUrl !== null && alertLinkTarget(row.linkUrl) !== null ? row.linkUrl : null,
    linkText: row.linkText,
    dismissible: row.dismissible,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    updates,
    times: row.times ?? {},
  };
}
