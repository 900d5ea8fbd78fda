import { lookup as dnsLookup, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_TYPES } from '../../../shared/contract/endpoint.ts';
import { MAX_LISTING_IMAGE_BYTES, MAX_LISTING_IMAGES } from '../../../shared/contract/listing-input.ts';
import { type Database, queryRows } from '../../db/client.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import { removePhotos, storePhotos } from '../listings/index.ts';

/** Limits of fetching a photo link of an inventory row. */
export interface ImageFetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Loopback addresses are allowed (tests serve images from this machine); private ones never are. */
  allowLoopback: boolean;
}

export const IMAGE_FETCH_LIMITS: ImageFetchLimits = {
  maxBytes: MAX_LISTING_IMAGE_BYTES,
  timeoutMs: 10_000,
  maxRedirects: 3,
  allowLoopback: false,
};

/** Links fetched per run; attempts per link before it is given up. */
const LINKS_PER_RUN = 8;
const MAX_ATTEMPTS = 3;

const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
// IPv4-compatible (::/96), IPv4-translated, 6to4 and Teredo addresses carry an IPv4 address a
// tunnel may deliver to; site-local is private.
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['2001::', 32],
  ['2002::', 16],
  ['fec0::', 10],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:10.0.0.1), or null. */
function mappedIpv4(address: string): string | null {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? (match[1] ?? null) : null;
}

/** Whether a fetch may connect to this address: never private, link-local or reserved; loopback only when allowed. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const v4 = mappedIpv4(address);
  const target = v4 ?? address;
  const family = isIP(target) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(target) === 0) return false;
  if (LOOPBACK.check(target, family)) return allowLoopback;
  return !FORBIDDEN.check(target, family);
}

/**
 * Resolves the host and refuses the connection unless every address it resolves to is allowed; the
 * socket connects to the address checked here, so a second answer of the name cannot slip past.
 */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const every: LookupAllOptions = { ...options, all: true };
    dnsLookup(hostname, every, (error, list) => {
      if (error) return callback(error, '', 0);
      const refused = list.find((entry) => !isAllowedAddress(entry.address, allowLoopback));
      if (list.length === 0 || refused) {
        const denied = Object.assign(
          new Error(`${hostname} resolves to an address photos are not fetched from.`),
          {
            code: 'EADDRNOTALLOWED',
          },
        );
        return callback(denied, '', 0);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

export class ImageFetchError extends Error {
  /** Trying again cannot help (a forbidden address, not an image): the link is given up at once. */
  readonly permanent: boolean;
  constructor(message: string, permanent = false) {
    super(message);
    this.permanent = permanent;
  }
}

/**
 * Fetches one photo link within the limits: http(s) only, addresses checked after resolving,
 * at most `maxRedirects` redirects (each checked again), `maxBytes`, `timeoutMs` in all; the
 * bytes must be a JPEG, PNG or WebP by their content. Answers the bytes and their media type.
 */
export async function fetchImage(
  link: string,
  limits: ImageFetchLimits = IMAGE_FETCH_LIMITS,
): Promise<{ data: Buffer; mediaType: string }> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = new URL(link);
  for (let hop = 0; hop <= limits.maxRedirects; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ImageFetchError('Only http(s) links are fetched.', true);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !isAllowedAddress(host, limits.allowLoopback)) {
      throw new ImageFetchError('The link points to an address photos are not fetched from.', true);
    }
    const answer = await requestOnce(url, limits, deadline);
    if ('redirect' in answer) {
      url = new URL(answer.redirect, url);
      continue;
    }
    const type = await fileTypeFromBuffer(answer.data);
    if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) {
      throw new ImageFetchError('The link is not a JPEG, PNG or WebP image.', true);
    }
    return { data: answer.data, mediaType: type.mime };
  }
  throw new ImageFetchError('The link redirects too many times.');
}

function requestOnce(
  url: URL,
  limits: ImageFetchLimits,
  deadline: number,
): Promise<{ data: Buffer } | { redirect: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new ImageFetchError('The link took too long to answer.'));
    const request = client.get(
      url,
      { lookup: guardedLookup(limits.allowLoopback), timeout: remaining, headers: { accept: 'image/*' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          return reject(new ImageFetchError(`The link answered ${status}.`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) {
          request.destroy();
          return reject(new ImageFetchError('The image is too large.'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            request.destroy(new ImageFetchError('The image is too large.'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ data: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new ImageFetchError('The link took too long to answer.')),
      remaining,
    );
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new ImageFetchError('The link took too long to answer.')));
    request.on('error', (error) => {
      reject(
        error instanceof ImageFetchError
          ? error
          : (error as NodeJS.ErrnoException).code === 'EADDRNOTALLOWED'
            ? new ImageFetchError('The link points to an address photos are not fetched from.', true)
            : new ImageFetchError('The link could not be reached.'),
      );
    });
  });
}

export interface ImageFetchDeps {
  db: Database;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  limits: ImageFetchLimits;
}

/**
 * One run of the image job: claims a few pending links (lease, skip locked: one server per link),
 * fetches each, stores it as a listing photo through the listing photo pipeline and records it.
 * A link that fails is tried again on later runs, up to MAX_ATTEMPTS, then marked failed.
 * Answers how many links it handled.
 */
export async function fetchPendingImages(deps: ImageFetchDeps): Promise<number> {
  const claimed = await queryRows<{ listing_id: string; position: number; url: string; attempts: number }>(
    deps.db,
    sql`update listing_image_sources s set attempts = s.attempts + 1, lease_until = now() + interval '2 minutes'
      from (select listing_id, position from listing_image_sources
        where status = 'pending' and (lease_until is null or lease_until < now())
        order by updated_at, listing_id, position limit ${LINKS_PER_RUN} for update skip locked) c
      where s.listing_id = c.listing_id and s.position = c.position
      returning s.listing_id, s.position, s.url, s.attempts`,
  );
  for (const link of claimed) {
    try {
      const { data, mediaType } = await fetchImage(link.url, deps.limits);
      const [photo] = await storePhotos(deps.blobs, [{ name: 'The linked photo', mediaType, data }]);
      if (!photo) continue;
      const recorded = await deps.db.transaction(async (tx) => {
        const [listing] = await queryRows<{ photos: number }>(
          tx,
          sql`select (select count(*)::int from listing_images i where i.listing_id = l.id) as photos
            from listings l where l.id = ${link.listing_id} for update`,
        );
        if (!listing || listing.photos >= MAX_LISTING_IMAGES) return false;
        await tx.execute(sql`insert into listing_images (id, listing_id, src, width, height, position, stored_format)
          values (${photo.id}, ${link.listing_id}, ${photo.src}, ${photo.width}, ${photo.height},
            ${listing.photos}, ${photo.format})`);
        await tx.execute(sql`update listings set updated_at = now(), thumbnail_picture = coalesce(
            (select i.src from listing_images i where i.listing_id = ${link.listing_id} order by i.position, i.id limit 1),
            thumbnail_picture)
          where id = ${link.listing_id}`);
        const updated = await queryRows<{ position: number }>(
          tx,
          sql`update listing_image_sources set status = 'fetched', image_id = ${photo.id}, error = null,
              lease_until = null, updated_at = now()
            where listing_id = ${link.listing_id} and position = ${link.position} and url = ${link.url}
            returning position`,
        );
        if (updated.length === 0) throw new ImageFetchError('The link changed while it was fetched.');
        return true;
      });
      if (!recorded) await removePhotos(deps.blobs, [{ id: photo.id, format: photo.format }]);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The photo could not be fetched.';
      const failed = link.attempts >= MAX_ATTEMPTS || (error instanceof ImageFetchError && error.permanent);
      await deps.db.execute(sql`update listing_image_sources set
          status = ${failed ? 'failed' : 'pending'}, error = ${message.slice(0, 300)},
          lease_until = null, updated_at = now()
        where listing_id = ${link.listing_id} and position = ${link.position} and url = ${link.url}`);
      if (!(error instanceof ImageFetchError))
        deps.log.warn({ err: error, url: link.url }, 'fetching a listing photo failed');
    }
  }
  return claimed.length;
}
