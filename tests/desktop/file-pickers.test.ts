import { describe, expect, it, vi } from 'vitest';
import {
  createFilePicker,
  createFolderPicker,
  type DialogLike,
  FILE_PICK_RULES,
  FilePickError,
  openDialogOptions,
} from '../../src-main/services/file-pickers.ts';
import { FakeFs } from './fakes.ts';

const MB = 1024 * 1024;

function setup(filePaths: string[], options: { canceled?: boolean } = {}) {
  const fs = new FakeFs();
  const showOpenDialog = vi.fn<DialogLike['showOpenDialog']>(async () => ({
    canceled: options.canceled ?? false,
    filePaths,
  }));
  const pick = createFilePicker({ dialog: { showOpenDialog }, fs });
  return { fs, showOpenDialog, pick };
}

describe('dialog filters', () => {
  it('offers one CSV, TSV or text file for bulk inventory', () => {
    expect(openDialogOptions('bulkInventory')).toEqual({
      title: 'Choose an inventory file',
      filters: [{ name: 'Inventory (CSV, TSV, text)', extensions: ['csv', 'tsv', 'txt'] }],
      properties: ['openFile', 'dontAddToRecent'],
    });
  });

  it('offers several JPEG, PNG, WebP or HEIC photos for identification', () => {
    const options = openDialogOptions('identificationPhotos');
    expect(options.filters[0]?.extensions).toEqual(['jpg', 'jpeg', 'png', 'webp', 'heic']);
    expect(options.properties).toContain('multiSelections');
  });

  it('offers several photos for a listing, in the formats the listing upload reads', () => {
    const options = openDialogOptions('listingPhotos');
    expect(options.filters[0]?.extensions).toEqual(['jpg', 'jpeg', 'png', 'webp']);
    expect(options.properties).toContain('multiSelections');
  });

  it('limits sizes and counts as the uploads allow', () => {
    expect(FILE_PICK_RULES.bulkInventory).toMatchObject({ maxFiles: 1, maxBytesPerFile: 20 * MB });
    expect(FILE_PICK_RULES.identificationPhotos).toMatchObject({ maxFiles: 10, maxBytesPerFile: 10 * MB });
    expect(FILE_PICK_RULES.listingPhotos).toMatchObject({ maxFiles: 20, maxBytesPerFile: 15 * MB });
  });
});

describe('picking files', () => {
  it('reads a bulk inventory file with its name, type and exact bytes', async () => {
    const { fs, pick } = setup(['/home/ada/inventory.CSV']);
    fs.files.set('/home/ada/inventory.CSV', new TextEncoder().encode('sku,title\n1,Glock 19'));
    const [file, ...rest] = await pick('bulkInventory');
    expect(rest).toEqual([]);
    expect(file).toMatchObject({ name: 'inventory.CSV', type: 'text/csv', size: 20 });
    expect(new TextDecoder().decode(file?.data)).toBe('sku,title\n1,Glock 19');
  });

  it('reads several photos, Windows paths included', async () => {
    const paths = ['C:\\Users\\ada\\left.jpg', 'C:\\Users\\ada\\serial.HEIC', 'C:\\Users\\ada\\right.webp'];
    const { fs, pick } = setup(paths);
    for (const path of paths) fs.files.set(path, new Uint8Array(1000));
    const files = await pick('identificationPhotos');
    expect(files.map(({ name, type }) => [name, type])).toEqual([
      ['left.jpg', 'image/jpeg'],
      ['serial.HEIC', 'image/heic'],
      ['right.webp', 'image/webp'],
    ]);
    expect(files.every((file) => file.data.byteLength === 1000)).toBe(true);
  });

  it('gives an empty list when the user cancels', async () => {
    const { pick } = setup([], { canceled: true });
    await expect(pick('bulkInventory')).resolves.toEqual([]);
  });

  it('rejects an oversize inventory file with a message naming the file and the limit', async () => {
    const { fs, pick } = setup(['/home/ada/huge.csv']);
    fs.files.set('/home/ada/huge.csv', new Uint8Array(25 * MB + 300 * 1024));
    const failure = pick('bulkInventory');
    await expect(failure).rejects.toBeInstanceOf(FilePickError);
    await expect(failure).rejects.toThrow('"huge.csv" is 25.3 MB. An inventory file can be at most 20 MB.');
  });

  it('rejects an oversize photo before reading any of the chosen files', async () => {
    const { fs, pick } = setup(['/p/a.png', '/p/b.png']);
    fs.files.set('/p/a.png', new Uint8Array(10));
    fs.files.set('/p/b.png', new Uint8Array(10 * MB + 1));
    const readFile = vi.spyOn(fs, 'readFile');
    await expect(pick('identificationPhotos')).rejects.toThrow(
      '"b.png" is 10.0 MB. A photo can be at most 10 MB.',
    );
    expect(readFile).not.toHaveBeenCalled();
  });

  it('accepts a file of exactly the limit', async () => {
    const { fs, pick } = setup(['/p/limit.tsv']);
    fs.files.set('/p/limit.tsv', new Uint8Array(20 * MB));
    await expect(pick('bulkInventory')).resolves.toHaveLength(1);
  });

  it('rejects more than 10 photos', async () => {
    const paths = Array.from({ length: 11 }, (_, index) => `/p/${index}.jpg`);
    const { pick } = setup(paths);
    await expect(pick('identificationPhotos')).rejects.toThrow('Choose at most 10 files; 11 were chosen.');
  });

  it('rejects a type the dialog filter would not have offered (a typed-in path)', async () => {
    const { fs, pick } = setup(['/home/ada/inventory.xlsx']);
    fs.files.set('/home/ada/inventory.xlsx', new Uint8Array(10));
    await expect(pick('bulkInventory')).rejects.toThrow(
      '"inventory.xlsx" cannot be used: choose a .csv, .tsv, .txt file.',
    );
  });

  it('rejects a folder whose name looks like a file', async () => {
    const { fs, pick } = setup(['/home/ada/photos.jpg']);
    fs.directories.add('/home/ada/photos.jpg');
    await expect(pick('identificationPhotos')).rejects.toThrow('"photos.jpg" is not a file.');
  });

  it('rejects a file that grew past the limit after it was checked', async () => {
    const { fs, pick } = setup(['/p/growing.csv']);
    fs.files.set('/p/growing.csv', new Uint8Array(10));
    vi.spyOn(fs, 'readFile').mockResolvedValueOnce(new Uint8Array(21 * MB));
    await expect(pick('bulkInventory')).rejects.toThrow('"growing.csv" is 21 MB.');
  });
});

describe('watched folder dialog', () => {
  it('opens a folder dialog and answers the chosen folder, or null when cancelled', async () => {
    const showOpenDialog = vi.fn<DialogLike['showOpenDialog']>(async () => ({
      canceled: false,
      filePaths: ['C:\\POS\\Exports'],
    }));
    const pickFolder = createFolderPicker({ dialog: { showOpenDialog } });
    await expect(pickFolder()).resolves.toBe('C:\\POS\\Exports');
    expect(showOpenDialog.mock.calls[0]?.[0].properties).toEqual([
      'openDirectory',
      'createDirectory',
      'dontAddToRecent',
    ]);
    showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    await expect(pickFolder()).resolves.toBeNull();
  });
});
