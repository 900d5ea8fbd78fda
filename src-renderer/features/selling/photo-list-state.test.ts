import { describe, expect, it } from 'vitest';
import {
  addPhotos,
  imageOrderAfterUpload,
  makeMainPhoto,
  movePhoto,
  newPhotoBeforeSaved,
  type PhotoItem,
  photoProgress,
  savedImageOrder,
  savedPhotos,
} from './photo-list-state.ts';

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

  it('accepts a photo whose type the browser does not know by its name, refuses HEIC (the upload cannot read it) and oversize ones', () => {
    const result = addPhotos(
      [],
      [
        file('IMG_2.jpeg', 10, ''),
        file('IMG_1.HEIC', 10, 'image/heic'),
        file('big.jpg', 15 * 1024 * 1024 + 1),
      ],
    );
    expect(names(result.photos)).toEqual(['IMG_2.jpeg']);
    expect(result.refused).toEqual([
      'IMG_1.HEIC is not a photo the site takes (JPEG, PNG or WebP).',
      'big.jpg is larger than 15 MB.',
    ]);
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

describe('photo order of an update', () => {
  const saved = savedPhotos([
    { id: '11111111-1111-4111-8111-111111111111', src: '/a.jpg' },
    { id: '22222222-2222-4222-8222-222222222222', src: '/b.jpg' },
  ]);
  const { photos: withNew } = addPhotos(saved, [file('new.jpg')]);
  const [first, second, added] = withNew as [PhotoItem, PhotoItem, PhotoItem];

  it('names the saved photos in the order shown, the main one first', () => {
    expect(savedImageOrder([second, first, added])).toEqual([
      '22222222-2222-4222-8222-222222222222',
      '11111111-1111-4111-8111-111111111111',
    ]);
    expect(savedImageOrder([added])).toBeUndefined();
  });

  it('knows when a new photo is shown before a saved one', () => {
    expect(newPhotoBeforeSaved([second, first, added])).toBe(false);
    expect(newPhotoBeforeSaved([added, first, second])).toBe(true);
    expect(newPhotoBeforeSaved([first, added, second])).toBe(true);
  });

  it('reads the uploaded photos’ ids from the end of the saved listing’s images', () => {
    const images = [
      { id: '11111111-1111-4111-8111-111111111111', src: '/a.jpg' },
      { id: '22222222-2222-4222-8222-222222222222', src: '/b.jpg' },
      { id: '33333333-3333-4333-8333-333333333333', src: '/new.jpg' },
    ];
    expect(imageOrderAfterUpload([added, second, first], images)).toEqual([
      '33333333-3333-4333-8333-333333333333',
      '22222222-2222-4222-8222-222222222222',
      '11111111-1111-4111-8111-111111111111',
    ]);
  });
});
