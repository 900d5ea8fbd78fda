import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminAlertList,
  AdminShortLinksResponse,
  adminAlertRequestSchema,
  adminShortLinkRequestSchema,
  adminShortLinksQuerySchema,
} from '../../../shared/contract/admin.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/contract/common.ts';
import type { ShortLink } from '../../../shared/contract/shortlinks.ts';
import type { Alert } from '../../../shared/contract/users.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { toAlert } from '../../core/user-alerts.ts';
import type { Database } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import { alerts, shortLinks } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';

export const SITE_NOTICE_MESSAGES = {
  alertNotFound: 'No public alert has that id.',
  shortCodeTaken: 'That short code is taken; choose another.',
} as const;

// ---------------------------------------------------------------------------------------------
// Public and category alerts
// ---------------------------------------------------------------------------------------------

/** Every public alert (no user), current, scheduled and ended, newest first. */
export async function listPublicAlertsForStaff(db: Database): Promise<AdminAlertList> {
  const rows = await db
    .select()
    .from(alerts)
    .where(isNull(alerts.userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(200);
  return { results: rows.map((row) => toAlert(row)) };
}

export async function createPublicAlert(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof adminAlertRequestSchema>,
): Promise<Alert> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alerts)
      .values({
        userId: null,
        location: body.location,
        title: body.title || null,
        message: body.message,
        severity: body.severity,
        linkUrl: body.linkUrl || null,
        linkText: body.linkUrl ? body.linkText || null : null,
        dismissible: body.dismissible,
        ...(body.startsAt ? { startsAt: new Date(body.startsAt) } : {}),
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
      })
      .returning();
    if (!row) throw new Error('The alert was not written.');
    const alert = toAlert(row);
    await audit(tx, actor, 'createAlert', null, null, { ...alert });
    return alert;
  });
}

export async function deletePublicAlert(db: Database, actor: AdminActor, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(alerts)
      .where(and(eq(alerts.id, id), isNull(alerts.userId)))
      .returning();
    if (!row) throw notFound(SITE_NOTICE_MESSAGES.alertNotFound);
    await audit(tx, actor, 'deleteAlert', null, { ...toAlert(row) }, null);
  });
  return { success: true as const };
}

// ---------------------------------------------------------------------------------------------
// Short links
// ---------------------------------------------------------------------------------------------

const toShortLink = (row: typeof shortLinks.$inferSelect): ShortLink => ({
  id: row.id,
  shortCode: row.shortCode,
  fullLink: row.fullLink,
  clicks: row.clicks,
  createdAt: row.createdAt.toISOString(),
});

export async function listShortLinks(
  db: Database,
  query: z.output<typeof adminShortLinksQuerySchema>,
): Promise<AdminShortLinksResponse> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const found = await pagedRead(
    { page, pageSize },
    {
      count: () => db.select({ total: count() }).from(shortLinks),
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(shortLinks)
          .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
          .limit(limit)
          .offset(offset),
    },
  );
  return { ...found, results: found.results.map(toShortLink) };
}

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Seven characters of an alphabet without look-alikes (0/O, 1/l/I). */
function newShortCode(): string {
  return [...randomBytes(7)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

export async function createShortLink(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof adminShortLinkRequestSchema>,
): Promise<ShortLink> {
  return db.transaction(async (tx) => {
    // A chosen code that is taken is refused; a picked one is tried again on the rare collision.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [row] = await tx
        .insert(shortLinks)
        .values({ shortCode: body.shortCode ?? newShortCode(), fullLink: body.fullLink })
        .onConflictDoNothing({ target: shortLinks.shortCode })
        .returning();
      if (row) {
        const link = toShortLink(row);
        await audit(tx, actor, 'createShortLink', null, null, { ...link });
        return link;
      }
      if (body.shortCode) break;
    }
    throw conflict(SITE_NOTICE_MESSAGES.shortCodeTaken);
  });
}
