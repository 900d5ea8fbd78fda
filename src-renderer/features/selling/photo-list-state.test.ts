import { describe, expect, it } from 'vitest';
import { listingTitleFromFields } from './listing-title.ts';
import { addPhotos, makeMainPhoto, movePhoto, photoProgress } from './photo-list-state.ts';

const file = (name: string, size = 10, type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type });

describe('photo list', () => {
  const { photos } = addPhotos([], [file('a.jpg'), file('b.jpg'), file('c.jpg')]);
  const names = (list: typeof photos) => list.map((photo) => photo.name);

  it.each([
    [1, -1, ['b.jpg', 'a.jpg', 'c.jpg']],
    [1, 1, ['a.jpg', 'c.jpg', 'b.jpg']],
    [0, -1, ['a.jpg', 'b.jpg', 'c.jpg']],
    [2, 1, ['a.jpg', 'b.jpg', 'c.jpg']],
  ])('moves the photo at %i by %i', (index, offset, expected) => {
    expect(names(movePhoto(photos, index, offset))).toEqual(expected);
  });

  it('makes a photo the main one by putting it first', () => {
    expect(names(makeMainPhoto(photos, 2))).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
  });

  it('accepts HEIC photos whose type the browser does not know, and refuses oversize ones', () => {
    const result = addPhotos([], [file('IMG_1.HEIC', 10, ''), file('big.jpg', 15 * 1024 * 1024 + 1)]);
    expect(names(result.photos)).toEqual(['IMG_1.HEIC']);
    expect(result.refused).toEqual(['big.jpg is larger than 15 MB.']);
  });
});

describe('upload progress per photo', () => {
  // Files of 20, 20 and 40 bytes: the share of the request sent fills them one after another.
  it.each([
    [0, [0, 0, 0]],
    [0.25, [1, 0, 0]],
    [0.375, [1, 0.5, 0]],
    [0.75, [1, 1, 0.5]],
    [1, [1, 1, 1]],
  ])('with %f of the request sent', (share, expected) => {
    expect(photoProgress([20, 20, 40], share * 1000, 1000)).toEqual(expected);
  });
});

describe('generated title', () => {
  it.each([
    [{ manufacturer: 'Glock', model: '19 Gen5', caliber: '9mm' }, 'Glock 19 Gen5 9mm'],
    [{ manufacturer: ' Sig Sauer ', model: 'P365', caliber: undefined }, 'Sig Sauer P365'],
    [{ manufacturer: 'Ruger', model: 'Ruger', caliber: '' }, 'Ruger'],
    [{}, ''],
  ])('from %o', (fields, title) => {
    expect(listingTitleFromFields(fields)).toBe(title);
  });

  it('is cut at the title limit', () => {
    expect(listingTitleFromFields({ model: 'x'.repeat(150) })).toHaveLength(100);
  });
});
