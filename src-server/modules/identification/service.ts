import { eq, sql } from 'drizzle-orm';
import type {
  FirearmIdentification,
  FirearmIdentificationData,
  FirearmInfo,
  FirearmValuationJson,
  ListingRecentSales,
  PriceHintRequest,
} from '../../../shared/contract/identification.ts';
import {
  type FirearmCandidate,
  type FirearmIdentity,
  type FirearmText,
  familyWords,
  identifyFirearm,
  identityName,
  identityOf,
  MIN_IDENTITY_CONFIDENCE,
} from '../../../shared/domain/firearm-identity.ts';
import { hasFlag } from '../../../shared/domain/flags.ts';
import { UserOption } from '../../../shared/domain/user.ts';
import { type NraGrade, nraGradeOfCondition } from '../../../shared/domain/valuation.ts';
import { firearmIndex, listingIdentity } from '../../core/firearm-reference.ts';
import { THROTTLE_RULES, type Throttle } from '../../core/throttle.ts';
import { valueIdentity } from '../../core/valuation.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { firearmIdentifications, users } from '../../db/schema.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { createSharedCache, type SharedCache } from '../../http/shared-cache.ts';
import { removePhotos, storePhotos } from '../listings/index.ts';

export interface IdentificationDeps {
  db: Database;
  blobs: BlobStore;
  throttle: Throttle;
  /** Values already made, by identity and grade (`valuationCache`). */
  valuations: SharedCache;
}

/**
 * A value is kept this long: a popular model's listing pages, price hints and identifications read
 * its thousands of sales once in a while, not on every view. Recent sales move slowly; the answer
 * says when it was valued.
 */
export const VALUATION_CACHE_MS = 5 * 60 * 1000;

export function valuationCache(config: { sharedCache?: boolean | undefined }): SharedCache {
  return createSharedCache({
    version: async () => 'sales',
    ttlMs: VALUATION_CACHE_MS,
    maxEntries: 5000,
    enabled: config.sharedCache !== false,
  });
}

/** The value of an identity in one grade (or every grade), from the cache or made now. */
async function cachedValue(
  deps: Pick<IdentificationDeps, 'db' | 'valuations'>,
  identity: FirearmIdentity,
  grade: NraGrade | null,
): Promise<FirearmValuationJson> {
  const key = `${identity.manufacturerId}|${identity.familyId}|${identity.modelId}|${identity.variantId ?? ''}|${grade ?? ''}`;
  return (await deps.valuations.get(key, () => valueIdentity(deps.db, identity, { grade }))).value;
}

/** Alternatives shown beside the best identity. */
const ALTERNATIVES = 5;

export const NOTHING_TO_READ =
  'Tell us at least the manufacturer, the model or the markings on the firearm: it cannot be identified from photos alone yet.';
export const NOT_IDENTIFIED =
  'We could not match what you gave to a firearm we know. Check the manufacturer and model, or add the markings stamped on the firearm.';
export const modelNotIdentified = (manufacturer: string) =>
  `We recognised ${manufacturer} but not which model it is. Add the model, or the markings stamped on the firearm.`;

/** The texts of the request, each with the field it came from. */
function textsOf(info: FirearmInfo): FirearmText[] {
  const texts: FirearmText[] = [
    { field: 'manufacturer', text: info.manufacturer ?? '' },
    { field: 'model', text: info.model ?? '' },
    { field: 'caliber', text: info.caliber ?? '' },
    { field: 'markings', text: info.markings ?? '' },
    { field: 'finish', text: info.finish ?? '' },
    { field: 'notes', text: info.notes ?? '' },
  ];
  return texts.filter((text) => text.text !== '');
}

/** The identity in words, with how it is sold. */
export function describeIdentity(identity: FirearmIdentity): string {
  const name = `${identityName(identity)} (${familyWords(identity.family)})`;
  if (identity.nfa)
    return `${name}: an NFA item, transferred on ATF Form 4 through a dealer, not through checkout.`;
  if (identity.requiresFfl)
    return `${name}: ships only to a licensed dealer (FFL), who transfers it to the buyer.`;
  return `${name}: may ship to the buyer without a dealer.`;
}

const failure = (message: string): FirearmIdentification => ({ imageUrl: '', data: null, message });

function failureFor(best: FirearmCandidate | undefined): FirearmIdentification {
  const manufacturer = best?.reasons.find((reason) => reason.part === 'manufacturer');
  return failure(manufacturer ? modelNotIdentified(best?.identity.manufacturer ?? '') : NOT_IDENTIFIED);
}

/**
 * POST /firearms/identify: the photos are checked by decoding them and stored without their
 * metadata, what the owner knows is read against the firearms reference, and an identity at or above
 * the identity confidence is kept with the request. Anything less answers an empty image URL, no
 * data and a message saying what to add; the photos are then not kept.
 */
export async function identifyFromRequest(
  deps: IdentificationDeps,
  auth: AuthContext,
  info: FirearmInfo,
  files: readonly UploadedFile[],
): Promise<FirearmIdentification> {
  await deps.throttle.hit(THROTTLE_RULES.firearmIdentify, auth.userId);
  const photos = await storePhotos(deps.blobs, files);
  try {
    const texts = textsOf(info);
    if (texts.length === 0) {
      await removePhotos(deps.blobs, photos);
      return failure(NOTHING_TO_READ);
    }
    const index = await firearmIndex(deps.db);
    const hints = { familyId: info.familyId ?? null, barrelInches: info.barrelInches ?? null };
    const [best, ...others] = identifyFirearm(index, texts, hints, ALTERNATIVES + 1);
    if (!best || best.confidence < MIN_IDENTITY_CONFIDENCE) {
      await removePhotos(deps.blobs, photos);
      return failureFor(best);
    }
    const images = photos.map((photo) => photo.src);
    const valuationAllowed = await mayValue(deps.db, auth.userId);
    const grade = info.condition === undefined ? null : nraGradeOfCondition(info.condition);
    const data: FirearmIdentificationData = {
      identity: best.identity,
      confidence: best.confidence,
      reasons: best.reasons,
      alternatives: others,
      description: describeIdentity(best.identity),
      images,
      valuation: valuationAllowed ? await cachedValue(deps, best.identity, grade) : null,
      valuationAllowed,
    };
    await deps.db.insert(firearmIdentifications).values({
      userId: auth.userId,
      info,
      imageUrls: images,
      variantId: best.identity.variantId,
      modelId: best.identity.modelId,
      result: data,
    });
    const sure = Math.round(best.confidence * 100);
    return {
      imageUrl: images[0] ?? '',
      data,
      message: `Identified as ${identityName(best.identity)} (${sure}% match).`,
    };
  } catch (error) {
    await removePhotos(deps.blobs, photos);
    throw error;
  }
}

/**
 * Whether the account may see values in its identifications: the WhatIsMyGunWorthAllowed option,
 * read from the account rather than the session token, so a grant by staff holds at once.
 */
async function mayValue(db: Database, userId: string): Promise<boolean> {
  const [user] = await db.select({ options: users.userOptions }).from(users).where(eq(users.id, userId));
  return hasFlag(user?.options, UserOption.WhatIsMyGunWorthAllowed);
}

export const LISTING_NOT_FOUND = 'This listing does not exist.';

/**
 * GET /listings/{id}/recent-sales: the identity the listing was read as (listing_identities) and
 * the recent sales of it in every grade. Both null for a listing that names no firearm of the
 * reference, or whose model the reference no longer has.
 */
export async function listingRecentSales(
  deps: Pick<IdentificationDeps, 'db' | 'valuations'>,
  listingId: string,
): Promise<ListingRecentSales> {
  const { db } = deps;
  const [row] = await queryRows<{
    model_id: string | null;
    variant_id: string | null;
    caliber_id: string | null;
  }>(
    db,
    sql`select i.model_id, i.variant_id, i.caliber_id from listings l
        left join listing_identities i on i.listing_id = l.id where l.id = ${listingId}`,
  );
  if (!row) throw notFound(LISTING_NOT_FOUND);
  if (row.model_id === null) return { identity: null, valuation: null };
  const identity = identityOf(await firearmIndex(db), row.model_id, row.variant_id, row.caliber_id);
  if (!identity) return { identity: null, valuation: null };
  return { identity, valuation: await cachedValue(deps, identity, null) };
}

/**
 * POST /firearms/price-hint: the listing form's text read as a listing is read at save, and the
 * recent sales of what it names, so the form can say how its price stands against them.
 */
export async function priceHint(
  deps: Pick<IdentificationDeps, 'db' | 'valuations'>,
  request: PriceHintRequest,
): Promise<ListingRecentSales> {
  const candidate = listingIdentity(await firearmIndex(deps.db), {
    title: request.title ?? '',
    manufacturer: request.manufacturer ?? null,
    model: request.model ?? null,
    caliber: request.caliber ?? null,
    familyId: request.familyId,
  });
  if (!candidate) return { identity: null, valuation: null };
  return { identity: candidate.identity, valuation: await cachedValue(deps, candidate.identity, null) };
}
