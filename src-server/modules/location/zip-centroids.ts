import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';

export interface ZipCentroid {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

interface ZipcodesPackageEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

let cached: ZipCentroid[] | undefined;
let byZip: Map<string, ZipCentroid> | undefined;

/**
 * Every US ZIP centroid of the `zipcodes` package (BSD licence; data from the federal ZIP code
 * database), sorted by ZIP. Only its US file is loaded, and it is not kept in the module cache:
 * its table is tens of megabytes of objects that a server needs only at first boot.
 */
function readUsZipCentroids(): ZipCentroid[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve('zipcodes/lib/codes.js');
  try {
    const data = require(file) as { codes: Record<string, ZipcodesPackageEntry> };
    return Object.values(data.codes)
      .filter((entry) => entry.country === 'US' && /^\d{5}$/.test(entry.zip))
      .map((entry) => ({
        zip: entry.zip,
        city: titleCase(entry.city),
        state: entry.state,
        latitude: entry.latitude,
        longitude: entry.longitude,
      }))
      .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  } finally {
    delete require.cache[file];
  }
}

/** The US ZIP centroids, kept for repeated lookups until `releaseZipCentroids`. */
export function usZipCentroids(): readonly ZipCentroid[] {
  cached ??= readUsZipCentroids();
  return cached;
}

/** Drops the kept centroids (after seeding or an import), for a long-running server. */
export function releaseZipCentroids(): void {
  cached = undefined;
  byZip = undefined;
}

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/(^|[\s\-'.])([a-z])/g, (_match, lead: string, letter: string) => lead + letter.toUpperCase());

export function zipCentroid(zip: string): ZipCentroid | undefined {
  byZip ??= new Map(usZipCentroids().map((entry) => [entry.zip, entry]));
  return byZip.get(zip.slice(0, 5));
}

/** ZIPs of one city, distinct centroids only, sorted. */
export function zipsOfCity(city: string, state: string): ZipCentroid[] {
  const seen = new Set<string>();
  return usZipCentroids().filter((entry) => {
    if (entry.state !== state || entry.city.toLowerCase() !== city.toLowerCase()) return false;
    const key = `${entry.latitude},${entry.longitude}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const BATCH = 5000;

/**
 * Fills `zip_centroids` when it is empty (first boot). Safe when several servers start at once:
 * rows that another instance inserted first are skipped.
 */
export async function ensureZipCentroids(db: Database): Promise<number> {
  const existing = await queryRows<{ present: boolean }>(
    db,
    sql`select exists (select 1 from zip_centroids) as present`,
  );
  if (existing[0]?.present) return 0;
  const all = readUsZipCentroids();
  await db.transaction(async (tx) => {
    for (let start = 0; start < all.length; start += BATCH) {
      const batch = JSON.stringify(all.slice(start, start + BATCH));
      await tx.execute(sql`
        insert into zip_centroids (zip, city, state, latitude, longitude)
        select zip, city, state, latitude, longitude
        from json_to_recordset(${batch}::json)
          as z(zip text, city text, state text, latitude float8, longitude float8)
        on conflict (zip) do nothing`);
    }
  });
  return all.length;
}
