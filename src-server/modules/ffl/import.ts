import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';
import { zipCentroid } from '../location/index.ts';
import type { Licensee } from './licensee-list.ts';

export interface LicenseeImportCounts {
  /** Licences new to the table. */
  added: number;
  /** Licences already known (their list fields refreshed), retired ones listed again included. */
  updated: number;
  /** Of `updated`, licences that had been retired and are listed again. */
  relisted: number;
  /** Licences of the list's states that the list no longer holds, now retired. */
  retired: number;
  /** Lines repeating a licence number already read (the later line wins). */
  duplicates: number;
  /** Licences whose premise ZIP code has no known centroid (found by name only). */
  unplaced: number;
}

const BATCH = 1000;

/**
 * Brings `ffl_dealers` in line with a licensee list: each licence is added or updated by its number
 * (a dealer's own fee, notes, licence copy and account link are kept), each batch in one
 * transaction; then, once every batch is in, the licences of the list's states that it no longer
 * holds are retired (kept, marked inactive) in one transaction. ATF also publishes per-state lists,
 * so importing one state never retires another state's dealers. A list with no licences changes nothing.
 */
export async function importLicensees(
  db: Database,
  licensees: readonly Licensee[],
  onProgress?: (done: number, total: number) => void,
): Promise<LicenseeImportCounts> {
  const byNumber = new Map<string, Licensee>();
  for (const licensee of licensees) byNumber.set(licensee.licenseNumber, licensee);
  const unique = [...byNumber.values()];
  const counts: LicenseeImportCounts = {
    added: 0,
    updated: 0,
    relisted: 0,
    retired: 0,
    duplicates: licensees.length - unique.length,
    unplaced: 0,
  };
  if (unique.length === 0) return counts;

  // One moment for the whole run: rows it lists carry it, rows of its states without it are retired.
  const [started] = await queryRows<{ at: string }>(db, sql`select now()::text as at`);
  const listedAt = started?.at ?? new Date().toISOString();

  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = unique.slice(start, start + BATCH).map((licensee) => {
      const centroid = zipCentroid(licensee.premiseZip);
      if (!centroid) counts.unplaced += 1;
      return {
        license_number: licensee.licenseNumber,
        license_type: licensee.licenseType,
        license_name: licensee.licenseName,
        business_name: licensee.businessName,
        premise_street: licensee.premiseStreet,
        premise_city: licensee.premiseCity,
        premise_state: licensee.premiseState,
        premise_zip: licensee.premiseZip,
        mail_street: licensee.mailStreet,
        mail_city: licensee.mailCity,
        mail_state: licensee.mailState,
        mail_zip: licensee.mailZip,
        phone: licensee.phone,
        latitude: centroid?.latitude ?? null,
        longitude: centroid?.longitude ?? null,
        license_expires_on: licensee.licenseExpiresOn,
      };
    });
    const result = await db.transaction(async (tx) =>
      queryRows<{ added: number; updated: number; relisted: number }>(
        tx,
        sql`with incoming as (
            select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(
              license_number text, license_type text, license_name text, business_name text,
              premise_street text, premise_city text, premise_state text, premise_zip text,
              mail_street text, mail_city text, mail_state text, mail_zip text, phone text,
              latitude float8, longitude float8, license_expires_on date)
          ),
          before as (
            select d.license_number, d.active from ffl_dealers d
            join incoming i on i.license_number = d.license_number
          ),
          written as (
            insert into ffl_dealers (license_number, license_type, license_name, business_name,
              premise_street, premise_city, premise_state, premise_zip, mail_street, mail_city, mail_state,
              mail_zip, phone, latitude, longitude, license_expires_on, active, retired_at, listed_at)
            select license_number, license_type, license_name, business_name, premise_street, premise_city,
              premise_state, premise_zip, mail_street, mail_city, mail_state, mail_zip, phone, latitude,
              longitude, license_expires_on, true, null, ${listedAt}::timestamptz
            from incoming
            on conflict (license_number) do update set
              license_type = excluded.license_type, license_name = excluded.license_name,
              business_name = excluded.business_name, premise_street = excluded.premise_street,
              premise_city = excluded.premise_city, premise_state = excluded.premise_state,
              premise_zip = excluded.premise_zip, mail_street = excluded.mail_street,
              mail_city = excluded.mail_city, mail_state = excluded.mail_state, mail_zip = excluded.mail_zip,
              phone = excluded.phone, latitude = excluded.latitude, longitude = excluded.longitude,
              license_expires_on = excluded.license_expires_on, active = true, retired_at = null,
              listed_at = excluded.listed_at, updated_at = now()
            returning license_number
          )
          select
            (select count(*)::int from written w where not exists
              (select 1 from before b where b.license_number = w.license_number)) as added,
            (select count(*)::int from before) as updated,
            (select count(*)::int from before where not active) as relisted`,
      ),
    );
    counts.added += result[0]?.added ?? 0;
    counts.updated += result[0]?.updated ?? 0;
    counts.relisted += result[0]?.relisted ?? 0;
    onProgress?.(Math.min(start + BATCH, unique.length), unique.length);
  }

  const states = [...new Set(unique.map((licensee) => licensee.premiseState))];
  const retired = await db.transaction(async (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`update ffl_dealers set active = false, retired_at = now(), updated_at = now()
        where active and listed_at <> ${listedAt}::timestamptz
          and premise_state in (${sql.join(
            states.map((state) => sql`${state}`),
            sql`, `,
          )})
        returning id`,
    ),
  );
  counts.retired = retired.length;
  return counts;
}
