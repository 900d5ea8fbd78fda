import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileBlobStore } from '../../files/blob-store.ts';
import { storePhotos, variantForWidth } from './images.ts';

describe('variantForWidth: the stored size a ?w= asks for', () => {
  it.each([
    [undefined, 'original'],
    ['', 'original'],
    ['abc', 'original'],
    ['-5', 'original'],
    ['120', 'thumb'],
    ['200', 'thumb'],
    ['201', 'w412'],
    ['412', 'w412'],
    ['600', 'w768'],
    ['768', 'w768'],
    ['1200', 'original'],
  ])('w=%s → %s', (w, variant) => {
    expect(variantForWidth(w)).toBe(variant);
  });
});

describe('storePhotos', () => {
  it('leaves no size of a photo behind when one of its sizes cannot be written', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ironsight-photos-'));
    try {
      const files = fileBlobStore(root);
      // A store that fails on thumbnails after the other sizes are written, as a full disk would.
      const store = {
        ...files,
        put: async (key: string, data: Uint8Array) => {
          if (!key.endsWith('/thumb.png')) return files.put(key, data);
          await new Promise((resolve) => setTimeout(resolve, 100));
          throw new Error('disk full');
        },
      };
      const data = await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 10, g: 20, b: 30 } },
      })
        .png()
        .toBuffer();
      await expect(storePhotos(store, [{ name: 'a.png', mediaType: 'image/png', data }])).rejects.toThrow(
        'disk full',
      );
      const left = await readdir(root, { recursive: true, withFileTypes: true });
      expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
