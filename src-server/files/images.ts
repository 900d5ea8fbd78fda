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
/** Decoding more pixels than this is refused (a small file can unpack to gigabytes). */
export const MAX_INPUT_PIXELS = 100_000_000;

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

function encode(pipeline: Sharp, format: StoredImageFormat): Sharp {
  if (format === 'jpeg') return pipeline.jpeg({ quality: 85, progressive: true });
  if (format === 'png') return pipeline.png({ compressionLevel: 9 });
  return pipeline.webp({ quality: 85 });
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
  const source = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    if ((metadata.pages ?? 1) > 1) {
      throw new AppError(
        ERROR_STATUS.unsupported_media_type,
        ErrorCode.UnsupportedMediaType,
        `${name} is an animation. Choose a still photo.`,
      );
    }
    const original = await encode(
      source().resize({
        width: ORIGINAL_MAX_SIDE,
        height: ORIGINAL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      format,
    ).toBuffer({ resolveWithObject: true });
    const widthVariant = (width: number) =>
      encode(source().resize({ width, withoutEnlargement: true }), format).toBuffer();
    const [medium, small, thumb] = await Promise.all([
      widthVariant(RESPONSIVE_IMAGE_WIDTHS.medium),
      widthVariant(RESPONSIVE_IMAGE_WIDTHS.small),
      encode(
        source().resize({
          width: THUMBNAIL_SIDE,
          height: THUMBNAIL_SIDE,
          fit: 'cover',
          position: 'attention',
        }),
        format,
      ).toBuffer(),
    ]);
    return {
      format,
      width: original.info.width,
      height: original.info.height,
      variants: { original: original.data, w768: medium, w412: small, thumb },
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(
        ERROR_STATUS.payload_too_large,
        ErrorCode.PayloadTooLarge,
        `${name} has too many pixels (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Choose a smaller photo.`,
      );
    }
    throw unreadable(name);
  }
}
