import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { RESPONSIVE_IMAGE_WIDTHS } from '../../../shared/domain/constants.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import {
  CONTENT_TYPE_OF_FORMAT,
  EXTENSION_OF_FORMAT,
  IMAGE_FORMAT_OF_TYPE,
  IMAGE_VARIANTS,
  type ImageVariant,
  processImage,
  type StoredImageFormat,
  THUMBNAIL_SIDE,
} from '../../files/images.ts';
import { envelope } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';

/** Site path of listing photos: `/media/listings/{imageId}.jpg`, `?w=412` / `?w=768` for the responsive widths. */
export const LISTING_MEDIA_PATH = '/media/listings';

/** A photo processed and in the blob store, not yet recorded on a listing. */
export interface StoredPhoto {
  id: string;
  src: string;
  width: number;
  height: number;
  format: StoredImageFormat;
}

export const photoBlobKey = (id: string, format: StoredImageFormat, variant: ImageVariant) =>
  `listings/${id}/${variant}.${EXTENSION_OF_FORMAT[format]}`;

export const photoBlobKeys = (id: string, format: StoredImageFormat) =>
  IMAGE_VARIANTS.map((variant) => photoBlobKey(id, format, variant));

/**
 * Processes uploaded photos one at a time (each is decoded in full) and keeps every variant in the
 * blob store. On any failure the photos stored so far are removed again.
 */
export async function storePhotos(store: BlobStore, files: readonly UploadedFile[]): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  try {
    for (const file of files) {
      const format = IMAGE_FORMAT_OF_TYPE[file.mediaType];
      if (!format) throw new Error(`No stored format for ${file.mediaType}`);
      const image = await processImage(file.data, format, file.name);
      const id = randomUUID();
      // Known before its sizes are written, so a failed write removes the sizes already written.
      stored.push({
        id,
        format,
        width: image.width,
        height: image.height,
        src: `${LISTING_MEDIA_PATH}/${id}.${EXTENSION_OF_FORMAT[format]}`,
      });
      // Every write settles before a failure is passed on: none lands after the removal.
      const writes = await Promise.allSettled(
        IMAGE_VARIANTS.map((variant) =>
          store.put(photoBlobKey(id, format, variant), image.variants[variant]),
        ),
      );
      const failed = writes.find((write) => write.status === 'rejected');
      if (failed) throw failed.reason;
    }
    return stored;
  } catch (error) {
    await removePhotos(store, stored);
    throw error;
  }
}

export async function removePhotos(
  store: BlobStore,
  photos: readonly { id: string; format: StoredImageFormat | null }[],
): Promise<void> {
  const keys = photos.flatMap((photo) => (photo.format ? photoBlobKeys(photo.id, photo.format) : []));
  if (keys.length > 0) await store.delete(keys);
}

/** The variant a `w` asks for: the smallest stored one at least that wide; none or a larger one is the original. */
export function variantForWidth(w: string | undefined): ImageVariant {
  const width = Number(w);
  if (!w || !Number.isFinite(width) || width <= 0) return 'original';
  if (width <= THUMBNAIL_SIDE) return 'thumb';
  if (width <= RESPONSIVE_IMAGE_WIDTHS.small) return 'w412';
  if (width <= RESPONSIVE_IMAGE_WIDTHS.medium) return 'w768';
  return 'original';
}

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/;
const FORMAT_OF_EXTENSION: Readonly<Record<string, StoredImageFormat>> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
};

/**
 * Serves listing photos. A photo's bytes never change under its id, so browsers and CDNs keep them
 * for a year; `?w=` picks the stored variant (the renderer's srcset asks for 412 and 768).
 */
export function registerListingMedia(app: FastifyInstance, store: BlobStore): void {
  app.get<{ Params: { file: string }; Querystring: { w?: string } }>(
    `${LISTING_MEDIA_PATH}/:file`,
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      const format = match ? FORMAT_OF_EXTENSION[match[2] ?? ''] : undefined;
      const w = typeof request.query.w === 'string' ? request.query.w : undefined;
      const data =
        match?.[1] && format ? await store.get(photoBlobKey(match[1], format, variantForWidth(w))) : null;
      if (!data || !format) return reply.status(404).send(envelope('not_found', 'No such image.'));
      return reply
        .type(CONTENT_TYPE_OF_FORMAT[format])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
