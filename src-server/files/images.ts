import sharp, { type Sharp } from 'sharp';
import { ERROR_STATUS, ErrorCode } from '../../shared/contract/common.ts';
import { RESPONSIVE_IMAGE_WIDTHS } from '../../shared/domain/constants.ts';
import { AppError } from '../http/errors.ts';

/** The formats photos are kept in: the format they arrived in. */
export type StoredImageFormat = 'jpeg' | 'png' | 'webp';

export const IMAGE_FORMAT_OF_TYPE: Readonly<Record<string, StoredImageFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const CONTENT_TYPE_OF_FORMAT: Readonly<Record<StoredImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** File extension in a photo's URL. */
export const EXTENSION_OF_FORMAT: Readonly<Record<StoredImageFormat, string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
};

/** Longest side of the kept original: enough for a zoomed listing photo, a fraction of a camera's file. */
export const ORIGINAL_MAX_SIDE = 2000;
/** Square thumbnail (My listings rows, the form's photo strip). */
export const THUMBNAIL_SIDE = 200;
/** Decoding more pixels than this is refused (a small file can unpack to gigabytes); 40 MP is a big camera's photo. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Photos decoded at once in this process: each takes a core and up to a few hundred megabytes. */
export const IMAGE_JOBS_AT_ONCE = 2;

/** The stored sizes of one photo: the capped original, the spec's two responsive widths, a thumbnail. */
export const IMAGE_VARIANTS = [
  'original',
  `w${RESPONSIVE_IMAGE_WIDTHS.medium}`,
  `w${RESPONSIVE_IMAGE_WIDTHS.small}`,
  'thumb',
] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export interface ProcessedImage {
  format: StoredImageFormat;
  /** Of the kept original, after rotation. */
  width: number;
  height: number;
  variants: Record<ImageVariant, Buffer>;
}

const unreadable = (name: string) =>
  new AppError(
    ERROR_STATUS.unsupported_media_type,
    ErrorCode.UnsupportedMediaType,
    `${name} could not be read as an image. Choose a JPEG, PNG or WebP photo.`,
  );

const tooManyPixels = (name: string) =>
  new AppError(
    ERROR_STATUS.payload_too_large,
    ErrorCode.PayloadTooLarge,
    `${name} has too many pixels (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Choose a smaller photo.`,
  );

function encode(pipeline: Sharp, format: StoredImageFormat): Sharp {
  if (format === 'jpeg') return pipeline.jpeg({ quality: 85, progressive: true });
  if (format === 'png') return pipeline.png({ compressionLevel: 9 });
  return pipeline.webp({ quality: 85 });
}

let runningJobs = 0;
const waitingJobs: (() => void)[] = [];

/** Runs `job` when fewer than IMAGE_JOBS_AT_ONCE others run; the rest wait their turn in order. */
async function inImageTurn<T>(job: () => Promise<T>): Promise<T> {
  if (runningJobs >= IMAGE_JOBS_AT_ONCE) await new Promise<void>((resolve) => waitingJobs.push(resolve));
  else runningJobs += 1;
  try {
    return await job();
  } finally {
    const next = waitingJobs.shift();
    // The finished job's turn passes straight to the next waiting one.
    if (next) next();
    else runningJobs -= 1;
  }
}

const unreadableImage = (name: string) =>
  new AppError(
    ERROR_STATUS.unsupported_media_type,
    ErrorCode.UnsupportedMediaType,
    `${name} could not be read as an image. Check the file, or choose another.`,
  );

/**
 * A photo kept as one file (a message attachment, a licence copy): re-encoded in its own format and
 * turned upright. sharp writes no metadata unless asked, so no EXIF (camera, GPS position), XMP or
 * ICC profile leaves with it. An animation keeps its first frame.
 */
export async function stripImageMetadata(file: {
  name: string;
  mediaType: string;
  data: Uint8Array;
}): Promise<Buffer> {
  const format = IMAGE_FORMAT_OF_TYPE[file.mediaType];
  if (!format) throw unreadableImage(file.name);
  try {
    return await inImageTurn(() =>
      sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .toFormat(format, format === 'png' ? { compressionLevel: 9 } : { quality: 90 })
        .toBuffer(),
    );
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(file.name);
    throw unreadableImage(file.name);
  }
}

/**
 * Turns an uploaded photo (already known by its bytes to be `format`) into its stored variants:
 * turned upright by its EXIF orientation, then written without any metadata (sharp keeps none unless
 * asked), so no EXIF, GPS position, XMP or ICC profile survives in any variant.
 */
export async function processImage(
  data: Uint8Array,
  format: StoredImageFormat,
  name: string,
): Promise<ProcessedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  try {
    // The header alone: an oversized or animated file is refused before any pixel is decoded.
    const metadata = await sharp(data, options).metadata();
    if ((metadata.pages ?? 1) > 1) {
      throw new AppError(
        ERROR_STATUS.unsupported_media_type,
        ErrorCode.UnsupportedMediaType,
        `${name} is an animation. Choose a still photo.`,
      );
    }
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels(name);
    return await inImageTurn(async () => {
      // Decoded once, into the capped original's pixels; every stored size is made from those.
      const capped = await sharp(data, options)
        .rotate()
        .resize({
          width: ORIGINAL_MAX_SIDE,
          height: ORIGINAL_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = capped.info;
      const pixels = () => sharp(capped.data, { raw: { width, height, channels } });
      const original = await encode(pixels(), format).toBuffer();
      const medium = await encode(
        pixels().resize({ width: RESPONSIVE_IMAGE_WIDTHS.medium, withoutEnlargement: true }),
        format,
      ).toBuffer();
      const small = await encode(
        pixels().resize({ width: RESPONSIVE_IMAGE_WIDTHS.small, withoutEnlargement: true }),
        format,
      ).toBuffer();
      const thumb = await encode(
        pixels().resize({
          width: THUMBNAIL_SIDE,
          height: THUMBNAIL_SIDE,
          fit: 'cover',
          position: 'attention',
        }),
        format,
      ).toBuffer();
      return { format, width, height, variants: { original, w768: medium, w412: small, thumb } };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(name);
    throw unreadable(name);
  }
}
