import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { MAX_INPUT_PIXELS, ORIGINAL_MAX_SIDE, processImage, THUMBNAIL_SIDE } from './images.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();

describe('processImage', () => {
  it('refuses a 45-megapixel photo as too large (413), naming the limit', async () => {
    const error = await processImage(await png(7500, 6000), 'png', 'huge.png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect((error as AppError).message).toBe(
      `huge.png has too many pixels (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Choose a smaller photo.`,
    );
  });

  it('makes every stored size from one decode: capped original, 768 and 412 wide, square thumbnail', async () => {
    const image = await processImage(await png(3000, 1500), 'png', 'wide.png');
    expect([image.width, image.height]).toEqual([ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE / 2]);
    const sizes = await Promise.all(
      (['original', 'w768', 'w412', 'thumb'] as const).map(async (variant) => {
        const { width, height, format } = await sharp(image.variants[variant]).metadata();
        return [variant, width, height, format];
      }),
    );
    expect(sizes).toEqual([
      ['original', 2000, 1000, 'png'],
      ['w768', 768, 384, 'png'],
      ['w412', 412, 206, 'png'],
      ['thumb', THUMBNAIL_SIDE, THUMBNAIL_SIDE, 'png'],
    ]);
  });

  it('processes many photos at once without losing any', async () => {
    const photo = await png(900, 600);
    const images = await Promise.all(Array.from({ length: 5 }, () => processImage(photo, 'png', 'p.png')));
    expect(images.map((image) => image.width)).toEqual([900, 900, 900, 900, 900]);
  });
});
