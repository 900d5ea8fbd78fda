import { sql } from 'drizzle-orm';
import { DEFAULT_GEO_LOCATION, type GeoLocation } from '../../../shared/contract/location.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';

export interface ZipLocation {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** ZIP centroids never change while the server runs, so answers are kept (bounded) in memory. */
const cache = new Map<string, ZipLocation | null>();
const CACHE_LIMIT = 5000;

/** The centroid of a 5-digit ZIP (a ZIP+4 is read by its first five digits); null when unknown. */
export async function findZipCentroid(db: DbExecutor, zipCode: string): Promise<ZipLocation | null> {
  const zip = zipCode.trim().slice(0, 5);
  if (!/^\d{5}$/.test(zip)) return null;
  const known = cache.get(zip);
  if (known !== undefined) return known;
  const rows = await queryRows<{
    zip: string;
    city: string;
    state: string;
    latitude: number;
    longitude: number;
  }>(db, sql`select zip, city, state, latitude, longitude from zip_centroids where zip = ${zip}`);
  const found = rows[0] ?? null;
  // Unknown answers are not kept: the table may still be filling on a first boot.
  if (found) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(zip, found);
  }
  return found;
}

const isStateCode = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[A-Z]{2}$/.test(value);

/**
 * Where the caller is: the ZIP of a signed-in caller's own address when it is a known US ZIP,
 * otherwise the Shop Local default (75207, Dallas). Network-address lookup needs a geo-IP
 * database the product does not ship.
 */
export async function locateCaller(db: Database, userId: string | null): Promise<GeoLocation> {
  if (!userId) return DEFAULT_GEO_LOCATION;
  const rows = await queryRows<{ zip: string | null }>(db, sql`select zip from users where id = ${userId}`);
  const zip = rows[0]?.zip;
  const centroid = zip ? await findZipCentroid(db, zip) : null;
  if (!centroid) return DEFAULT_GEO_LOCATION;
  return {
    zipCode: centroid.zip,
    cityName: centroid.city,
    state: isStateCode(centroid.state) ? centroid.state : null,
  };
}
