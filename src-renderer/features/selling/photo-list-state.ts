import { IMAGE_TYPES } from '../../../shared/contract/endpoint.ts';
import type { ListingImage } from '../../../shared/contract/listing-shapes.ts';
import { LISTING_PHOTO_LIMIT, LISTING_PHOTO_MAX_MB } from './listing-form-fields.ts';

const MB = 1024 * 1024;
// What POST /listings/add reads (the server checks the bytes): a phone's HEIC photo is offered as
// JPEG by the browser when the picker does not ask for HEIC.
const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;
const isPhotoType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type);

/** A photo of the form: one the listing already has, or a file chosen now and sent with the listing. */
export type PhotoItem =
  | { key: string; kind: 'saved'; image: ListingImage; name: string }
  | { key: string; kind: 'new'; file: File; name: string; previewUrl: string | null };

export interface AddPhotosResult {
  photos: PhotoItem[];
  /** Why some files were left out, one line each. */
  refused: string[];
}

let nextKey = 0;

export function savedPhotos(images: readonly ListingImage[]): PhotoItem[] {
  return images.map((image, index) => ({
    key: `saved-${image.id}`,
    kind: 'saved',
    image,
    name: `Photo ${index + 1}`,
  }));
}

/** Adds chosen files after the photos there are, up to the limit; anything not an image is refused. */
export function addPhotos(
  photos: readonly PhotoItem[],
  files: readonly File[],
  preview: (file: File) => string | null = () => null,
): AddPhotosResult {
  const next = [...photos];
  const refused: string[] = [];
  for (const file of files) {
    if (!isPhotoType(file.type) && !(file.type === '' && IMAGE_NAME.test(file.name))) {
      refused.push(`${file.name} is not a photo the site takes (JPEG, PNG or WebP).`);
    } else if (file.size > LISTING_PHOTO_MAX_MB * MB) {
      refused.push(`${file.name} is larger than ${LISTING_PHOTO_MAX_MB} MB.`);
    } else if (next.length >= LISTING_PHOTO_LIMIT) {
      refused.push(`${file.name} was left out: a listing has at most ${LISTING_PHOTO_LIMIT} photos.`);
    } else {
      nextKey += 1;
      next.push({ key: `new-${nextKey}`, kind: 'new', file, name: file.name, previewUrl: preview(file) });
    }
  }
  return { photos: next, refused };
}

/** Moves the photo at `index` by `offset` places (−1 earlier, +1 later); out-of-range moves change nothing. */
export function movePhoto(photos: readonly PhotoItem[], index: number, offset: number): PhotoItem[] {
  const target = index + offset;
  if (index < 0 || index >= photos.length || target < 0 || target >= photos.length) return [...photos];
  const next = [...photos];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

/** Makes the photo at `index` the main photo: the first one. */
export function makeMainPhoto(photos: readonly PhotoItem[], index: number): PhotoItem[] {
  return movePhoto(photos, index, -index);
}

export function removePhoto(photos: readonly PhotoItem[], key: string): PhotoItem[] {
  return photos.filter((photo) => photo.key !== key);
}

/**
 * Per-photo progress (0..1) of one multipart upload: the files go in order, so the bytes sent
 * fill them one after another.
 */
export function photoProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((all, size) => all + size, 0);
  // The request also carries the listing itself and multipart framing: scale to the files' share.
  let remaining = total > 0 ? (loaded / total) * sum : 0;
  return sizes.map((size) => {
    if (size === 0) return 1;
    const sent = Math.min(size, Math.max(0, remaining));
    remaining -= size;
    return sent / size;
  });
}

/**
 * The `imageOrder` of an update: the saved photos' ids in the order shown, the first the main photo
 * (POST /listings/add puts photos uploaded with the request after them). Undefined with none saved.
 */
export function savedImageOrder(photos: readonly PhotoItem[]): string[] | undefined {
  const ids = photos.flatMap((photo) => (photo.kind === 'saved' ? [photo.image.id] : []));
  return ids.length > 0 ? ids : undefined;
}

/** Whether a new photo is shown before a saved one: the upload alone would put it after them. */
export function newPhotoBeforeSaved(photos: readonly PhotoItem[]): boolean {
  const lastSaved = photos.findLastIndex((photo) => photo.kind === 'saved');
  return photos.slice(0, lastSaved).some((photo) => photo.kind === 'new');
}

/**
 * The order shown, as the ids of a saved listing's images: saved photos by their id, new ones by the
 * images the save added, which the answer lists last in upload order.
 */
export function imageOrderAfterUpload(
  photos: readonly PhotoItem[],
  images: readonly ListingImage[],
): string[] {
  const uploads = photos.filter((photo) => photo.kind === 'new');
  const added = images.slice(images.length - uploads.length);
  return photos.flatMap((photo) => {
    if (photo.kind === 'saved') return [photo.image.id];
    const image = added[uploads.indexOf(photo)];
    return image ? [image.id] : [];
  });
}
