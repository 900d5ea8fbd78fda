import type { ListingImage } from '../../../shared/contract/listings.ts';
import { LISTING_PHOTO_LIMIT, LISTING_PHOTO_MAX_MB } from './listing-form-fields.ts';

const MB = 1024 * 1024;
const IMAGE_NAME = /\.(jpe?g|png|webp|heic|heif)$/i;

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
    if (!file.type.startsWith('image/') && !IMAGE_NAME.test(file.name)) {
      refused.push(`${file.name} is not a photo (JPEG, PNG, WebP or HEIC).`);
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
