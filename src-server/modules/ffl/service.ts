import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import {
  FFL_PAGE_SIZE_DEFAULT,
  FFL_RADIUS_DEFAULT,
  type FflDealerSummary,
  type FflProfile,
  type FflSearchResponse,
  type ParsedFflSearchQuery,
  TRANSFER_LICENSE_TYPES,
} from '../../../shared/contract/ffl.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import { stripImageMetadata } from '../../files/images.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { boundingBoxSql, distanceSql } from '../listings/index.ts';
import { findZipCentroid } from '../location/index.ts';

/** A dealer row as the summaries read it (alias `d`). */
interface DealerRow extends Record<string, unknown> {
  id: string;
  license_number: string;
  license_name: string;
  business_name: string | null;
  premise_street: string;
  premise_city: string;
  premise_state: string;
  premise_zip: string;
  phone: string | null;
  transfer_fee: number | null;
  notes: string | null;
  user_id: string | null;
  active: boolean;
}

const SUMMARY_COLUMNS = sql`d.id, d.license_number, d.license_name, d.business_name, d.premise_street,
  d.premise_city, d.premise_state, d.premise_zip, d.phone, d.transfer_fee::float8 as transfer_fee,
  d.notes, d.user_id, d.active`;

const TRANSFER_TYPES = sql.join(
  TRANSFER_LICENSE_TYPES.map((type) => sql`${type}`),
  sql`, `,
);
/** A licence in the current list that may receive a transfer. */
const RECEIVES_TRANSFERS = sql`d.active and d.license_type in (${TRANSFER_TYPES})`;

/** The dealer as a checkout or order shows it; fee and notes only while a site account manages it. */
function toSummary(row: DealerRow): FflDealerSummary {
  const registered = row.user_id !== null;
  return {
    id: row.id,
    licenseNumber: row.license_number,
    licenseName: row.license_name,
    businessName: row.business_name,
    premiseStreet: row.premise_street,
    premiseCity: row.premise_city,
    premiseState: row.premise_state,
    premiseZip: row.premise_zip,
    phone: row.phone,
    transferFee: registered && row.transfer_fee !== null ? Number(row.transfer_fee) : null,
    notes: registered ? row.notes : null,
    registered,
  };
}

/**
 * A dealer that may receive a transfer today (in the current federal list, of a licence type that
 * receives firearms), or null. Checkout calls this before it accepts a dealer for an order.
 */
export async function findActiveDealer(db: DbExecutor, id: string): Promise<FflDealerSummary | null> {
  const rows = await queryRows<DealerRow>(
    db,
    sql`select ${SUMMARY_COLUMNS} from ffl_dealers d where d.id = ${id} and ${RECEIVES_TRANSFERS}`,
  );
  return rows[0] ? toSummary(rows[0]) : null;
}

/** Any dealer by id, retired ones included (an order keeps naming its dealer). */
export async function findDealer(
  db: DbExecutor,
  id: string,
): Promise<(FflDealerSummary & { active: boolean }) | null> {
  const rows = await queryRows<DealerRow>(
    db,
    sql`select ${SUMMARY_COLUMNS} from ffl_dealers d where d.id = ${id}`,
  );
  const row = rows[0];
  return row ? { ...toSummary(row), active: row.active } : null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Dealers near a ZIP code (nearest first, within the radius) and/or whose name holds the text. */
export async function searchDealers(db: DbExecutor, query: ParsedFflSearchQuery): Promise<FflSearchResponse> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? FFL_PAGE_SIZE_DEFAULT;
  const where: SQL[] = [RECEIVES_TRANSFERS];
  let distance: SQL = sql`null::float8`;
  let radius: number | null = null;
  if (query.zip !== undefined) {
    const origin = await findZipCentroid(db, query.zip);
    if (!origin) throw badRequest('The request is not valid.', { 'query.zip': 'Unknown zip code.' });
    radius = query.radius ?? FFL_RADIUS_DEFAULT;
    where.push(sql`d.latitude is not null`, boundingBoxSql(origin, radius, 'd'));
    distance = distanceSql(origin, 'd');
  }
  if (query.name !== undefined) {
    const pattern = `%${escapeLike(query.name.toLowerCase())}%`;
    where.push(sql`lower(coalesce(d.business_name, '') || ' ' || d.license_name) like ${pattern}`);
  }
  const within = radius === null ? sql`true` : sql`m.distance <= ${radius}::float8`;
  const order =
    radius === null
      ? sql`lower(coalesce(nullif(m.business_name, ''), m.license_name)), m.license_number`
      : sql`m.distance, lower(coalesce(nullif(m.business_name, ''), m.license_name)), m.license_number`;
  const matches = sql`with m as (
      select ${SUMMARY_COLUMNS}, ${distance} as distance from ffl_dealers d where ${sql.join(where, sql` and `)}
    )`;
  const found = await pagedRead(
    { page, pageSize },
    {
      count: () =>
        queryRows<{ total: number }>(
          db,
          sql`${matches} select count(*)::int as total from m where ${within}`,
        ),
      rows: ({ limit, offset }) =>
        queryRows<DealerRow & { distance: number | null }>(
          db,
          sql`${matches} select * from m where ${within} order by ${order}
            limit ${limit} offset ${offset}`,
        ),
    },
  );
  return {
    total: found.total,
    page,
    pageSize,
    radius,
    results: found.results.map((row) => ({
      ...toSummary(row),
      distanceMiles: row.distance === null ? null : Math.round(Number(row.distance) * 10) / 10,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The signed-in dealer's profile
// ---------------------------------------------------------------------------------------------

const NOT_A_DEALER = 'Only a licensed dealer (FFL) account has a dealer profile.';

/** Refuses callers whose account is not a licensed dealer's (FFL). */
export async function requireDealerAccount(db: DbExecutor, auth: AuthContext): Promise<void> {
  const rows = await queryRows<{ is_dealer: boolean }>(
    db,
    sql`select is_dealer from users where id = ${auth.userId}`,
  );
  if (!rows[0]?.is_dealer) throw forbidden(NOT_A_DEALER);
}

interface ProfileRow extends DealerRow {
  license_expires_on: string | null;
  license_copy_id: string | null;
  license_copy_media_type: FflProfileMediaType | null;
  license_copy_uploaded_at: Date | string | null;
}
type FflProfileMediaType = NonNullable<FflProfile['licenseCopy']>['mediaType'];

async function linkedRow(db: DbExecutor, userId: string): Promise<ProfileRow | null> {
  const rows = await queryRows<ProfileRow>(
    db,
    sql`select ${SUMMARY_COLUMNS}, d.license_expires_on::text as license_expires_on, d.license_copy_id,
      d.license_copy_media_type, d.license_copy_uploaded_at
      from ffl_dealers d where d.user_id = ${userId}`,
  );
  return rows[0] ?? null;
}

function toProfile(row: ProfileRow | null): FflProfile {
  if (!row) return { dealer: null, active: false, licenseExpiresOn: null, licenseCopy: null };
  return {
    dealer: toSummary(row),
    active: row.active,
    licenseExpiresOn: row.license_expires_on,
    licenseCopy:
      row.license_copy_id && row.license_copy_media_type && row.license_copy_uploaded_at
        ? {
            mediaType: row.license_copy_media_type,
            uploadedAt: new Date(row.license_copy_uploaded_at).toISOString(),
          }
        : null,
  };
}

export async function getDealerProfile(db: DbExecutor, auth: AuthContext): Promise<FflProfile> {
  await requireDealerAccount(db, auth);
  return toProfile(await linkedRow(db, auth.userId));
}

const licenseBlobKey = (copyId: string) => `ffl-licenses/${copyId}`;

/**
 * Links the caller's account to the licence it names (matched against the imported federal list:
 * the licence must be in the current list and not managed by another account) and sets its
 * transfer fee and notes. Linking another licence releases the previous one, its fee, notes and copy.
 */
export async function updateDealerProfile(
  db: DbExecutor,
  blobs: BlobStore,
  auth: AuthContext,
  update: { licenseNumber?: string | undefined; transferFee: number | null; notes: string | null },
): Promise<FflProfile> {
  await requireDealerAccount(db, auth);
  const releasedCopies: string[] = [];
  await db.transaction(async (tx) => {
    const current = await linkedRow(tx, auth.userId);
    let targetId = current?.id ?? null;
    if (update.licenseNumber !== undefined && update.licenseNumber !== current?.license_number) {
      const found = await queryRows<{ id: string; user_id: string | null }>(
        tx,
        sql`select id, user_id from ffl_dealers where license_number = ${update.licenseNumber} and active
          for update`,
      );
      const target = found[0];
      if (!target) {
        throw badRequest('The request is not valid.', {
          licenseNumber: 'No current federal licence has that number. Check it against your licence.',
        });
      }
      if (target.user_id !== null && target.user_id !== auth.userId) {
        throw conflict('That licence is already managed by another account. Contact support if it is yours.');
      }
      if (current) {
        if (current.license_copy_id) releasedCopies.push(current.license_copy_id);
        await tx.execute(sql`update ffl_dealers set user_id = null, transfer_fee = null, notes = null,
          license_copy_id = null, license_copy_media_type = null, license_copy_uploaded_at = null,
          updated_at = now() where id = ${current.id}`);
      }
      targetId = target.id;
      await tx.execute(
        sql`update users set ffl_license_number = ${update.licenseNumber}, updated_at = now() where id = ${auth.userId}`,
      );
    }
    if (!targetId) {
      throw badRequest('The request is not valid.', {
        licenseNumber: 'Enter your licence number to link your dealer profile.',
      });
    }
    await tx.execute(sql`update ffl_dealers set user_id = ${auth.userId}, transfer_fee = ${update.transferFee},
      notes = ${update.notes}, updated_at = now() where id = ${targetId}`);
  });
  if (releasedCopies.length > 0) await blobs.delete(releasedCopies.map(licenseBlobKey));
  return toProfile(await linkedRow(db, auth.userId));
}

/**
 * Stores the caller's licence copy (already checked by content and size), a photo stripped of its
 * metadata, replacing the previous one.
 */
export async function saveLicenseCopy(
  db: DbExecutor,
  blobs: BlobStore,
  auth: AuthContext,
  file: { name: string; mediaType: string; data: Uint8Array },
): Promise<FflProfile> {
  await requireDealerAccount(db, auth);
  const current = await linkedRow(db, auth.userId);
  if (!current) throw badRequest('Link your licence number before uploading its copy.');
  // A photo of the licence is kept without its metadata (camera, GPS position), as every photo is.
  const data = file.mediaType.startsWith('image/') ? await stripImageMetadata(file) : file.data;
  const copyId = randomUUID();
  await blobs.put(licenseBlobKey(copyId), data);
  const updated = await queryRows<{ id: string }>(
    db,
    sql`update ffl_dealers set license_copy_id = ${copyId}, license_copy_media_type = ${file.mediaType},
      license_copy_uploaded_at = now(), updated_at = now()
      where id = ${current.id} and user_id = ${auth.userId} returning id`,
  );
  if (updated.length === 0) {
    await blobs.delete([licenseBlobKey(copyId)]);
    throw conflict('Your licence link changed while uploading. Try again.');
  }
  if (current.license_copy_id) await blobs.delete([licenseBlobKey(current.license_copy_id)]);
  return toProfile(await linkedRow(db, auth.userId));
}

// ---------------------------------------------------------------------------------------------
// Who may read a licence copy
// ---------------------------------------------------------------------------------------------

/**
 * Lets a seller read the dealer's licence copy (a seller shipping an order to that dealer needs it
 * on file). Checkout calls this, in the order's transaction, when an order names the dealer.
 */
export async function allowSellerToReadLicenseCopy(
  db: DbExecutor,
  dealerId: string,
  sellerId: string,
): Promise<void> {
  await db.execute(sql`insert into ffl_license_copy_grants (dealer_id, seller_id) values (${dealerId}, ${sellerId})
    on conflict do nothing`);
}

/** Withdraws a seller's reading of a licence copy (e.g. when its last order to that dealer is cancelled). */
export async function revokeSellerLicenseCopyAccess(
  db: DbExecutor,
  dealerId: string,
  sellerId: string,
): Promise<void> {
  await db.execute(
    sql`delete from ffl_license_copy_grants where dealer_id = ${dealerId} and seller_id = ${sellerId}`,
  );
}

/** The dealer itself, an admin, or a seller checkout allowed. */
export async function mayReadLicenseCopy(
  db: DbExecutor,
  auth: AuthContext,
  dealerId: string,
): Promise<boolean> {
  if (auth.isAdmin) return true;
  const rows = await queryRows<{ allowed: boolean }>(
    db,
    sql`select exists (select 1 from ffl_dealers where id = ${dealerId} and user_id = ${auth.userId})
      or exists (select 1 from ffl_license_copy_grants where dealer_id = ${dealerId} and seller_id = ${auth.userId})
      as allowed`,
  );
  return rows[0]?.allowed === true;
}

export async function readLicenseCopy(
  db: DbExecutor,
  blobs: BlobStore,
  auth: AuthContext,
  dealerId: string,
): Promise<{ mediaType: string; data: Buffer }> {
  const rows = await queryRows<{ license_copy_id: string | null; license_copy_media_type: string | null }>(
    db,
    sql`select license_copy_id, license_copy_media_type from ffl_dealers where id = ${dealerId}`,
  );
  const row = rows[0];
  if (!row) throw notFound('No dealer has that id.');
  if (!(await mayReadLicenseCopy(db, auth, dealerId))) {
    throw forbidden(
      'Only the dealer, an admin or a seller shipping to the dealer may read its licence copy.',
    );
  }
  if (!row.license_copy_id || !row.license_copy_media_type)
    throw notFound('The dealer has no licence copy on file.');
  const data = await blobs.get(licenseBlobKey(row.license_copy_id));
  if (!data) throw notFound('The dealer has no licence copy on file.');
  return { mediaType: row.license_copy_media_type, data };
}
