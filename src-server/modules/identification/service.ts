import type {
  FirearmIdentification,
  FirearmIdentificationData,
  FirearmInfo,
} from '../../../shared/contract/identification.ts';
import {
  type FirearmCandidate,
  type FirearmIdentity,
  type FirearmText,
  identifyFirearm,
  identityName,
  MIN_IDENTITY_CONFIDENCE,
} from '../../../shared/domain/firearm-identity.ts';
import { firearmIndex } from '../../core/firearm-reference.ts';
import { THROTTLE_RULES, type Throttle } from '../../core/throttle.ts';
import type { Database } from '../../db/client.ts';
import { firearmIdentifications } from '../../db/schema.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { removePhotos, storePhotos } from '../listings/index.ts';

export interface IdentificationDeps {
  db: Database;
  blobs: BlobStore;
  throttle: Throttle;
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

/** "Semi Auto Pistols" from "SemiAutoPistols". */
const familyWords = (identity: FirearmIdentity) =>
  identity.family === 'NFA' ? 'NFA items' : identity.family.replace(/([a-z])([A-Z])/g, '$1 $2');

/** The identity in words, with how it is sold. */
export function describeIdentity(identity: FirearmIdentity): string {
  const name = `${identityName(identity)} (${familyWords(identity)})`;
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
    const data: FirearmIdentificationData = {
      identity: best.identity,
      confidence: best.confidence,
      reasons: best.reasons,
      alternatives: others,
      description: describeIdentity(best.identity),
      images,
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
