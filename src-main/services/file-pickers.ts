/**
 * Native file picking for the uploads that start on the desktop: a bulk inventory file
 * (sellers), identification photos (firearm identification) and listing photos (sellers). The dialog's filters are a
 * convenience only — every chosen file is checked again here (type, count, size) before it is
 * read, because a user can type any path into the dialog.
 */
import type { FilePickKind, PickedFile } from '../../shared/desktop-bridge.ts';

const MB = 1024 * 1024;

export interface FilePickRule {
  title: string;
  filterName: string;
  /** Lower-case extensions without the dot, each with the MIME type reported to the renderer. */
  types: Readonly<Record<string, string>>;
  multiple: boolean;
  maxFiles: number;
  maxBytesPerFile: number;
  /** How the rule names one file in messages, e.g. 'bulk inventory file'. */
  noun: string;
}

export const FILE_PICK_RULES = {
  bulkInventory: {
    title: 'Choose an inventory file',
    filterName: 'Inventory (CSV, TSV, text)',
    types: { csv: 'text/csv', tsv: 'text/tab-separated-values', txt: 'text/plain' },
    multiple: false,
    maxFiles: 1,
    maxBytesPerFile: 20 * MB,
    noun: 'An inventory file',
  },
  identificationPhotos: {
    title: 'Choose photos of the firearm',
    filterName: 'Photos (JPEG, PNG, WebP, HEIC)',
    types: {
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      heic: 'image/heic',
    },
    multiple: true,
    maxFiles: 10,
    maxBytesPerFile: 10 * MB,
    noun: 'A photo',
  },
  listingPhotos: {
    title: 'Choose photos of your item',
    filterName: 'Photos (JPEG, PNG, WebP)',
    types: {
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
    },
    multiple: true,
    // The limits of POST /listings/add (20 photos of at most 15 MB).
    maxFiles: 20,
    maxBytesPerFile: 15 * MB,
    noun: 'A photo',
  },
} as const satisfies Record<FilePickKind, FilePickRule>;

/** The options Electron's `dialog.showOpenDialog` takes, as far as the pickers use them. */
export interface OpenDialogOptions {
  title: string;
  filters: Array<{ name: string; extensions: string[] }>;
  properties: Array<'openFile' | 'openDirectory' | 'createDirectory' | 'multiSelections' | 'dontAddToRecent'>;
}

export interface DialogLike {
  showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
}

/** The part of `node:fs/promises` the pickers use. */
export interface PickerFs {
  stat(path: string): Promise<{ size: number; isFile(): boolean }>;
  readFile(path: string): Promise<Uint8Array>;
}

export interface FilePickerOptions {
  dialog: DialogLike;
  fs: PickerFs;
}

export type PickFiles = (kind: FilePickKind) => Promise<PickedFile[]>;

/** A choice the user can correct; its message is shown to them as it is. */
export class FilePickError extends Error {
  override name = 'FilePickError';
}

export function openDialogOptions(kind: FilePickKind): OpenDialogOptions {
  const rule: FilePickRule = FILE_PICK_RULES[kind];
  return {
    title: rule.title,
    filters: [{ name: rule.filterName, extensions: Object.keys(rule.types) }],
    properties: rule.multiple
      ? ['openFile', 'multiSelections', 'dontAddToRecent']
      : ['openFile', 'dontAddToRecent'],
  };
}

export function formatMegabytes(bytes: number): string {
  const value = bytes / MB;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Opens the dialog for `kind` and reads the chosen files; cancelling gives an empty list. */
export function createFilePicker(options: FilePickerOptions): PickFiles {
  return async (kind) => {
    const rule: FilePickRule = FILE_PICK_RULES[kind];
    const choice = await options.dialog.showOpenDialog(openDialogOptions(kind));
    if (choice.canceled || choice.filePaths.length === 0) return [];
    if (choice.filePaths.length > rule.maxFiles) {
      throw new FilePickError(
        `Choose at most ${rule.maxFiles} files; ${choice.filePaths.length} were chosen.`,
      );
    }
    const limit = formatMegabytes(rule.maxBytesPerFile);

    const checked: Array<{ path: string; name: string; type: string }> = [];
    for (const path of choice.filePaths) {
      const name = baseName(path);
      const type = rule.types[extensionOf(name)];
      if (type === undefined) {
        const allowed = Object.keys(rule.types)
          .map((extension) => `.${extension}`)
          .join(', ');
        throw new FilePickError(`"${name}" cannot be used: choose a ${allowed} file.`);
      }
      const info = await options.fs.stat(path);
      if (!info.isFile()) throw new FilePickError(`"${name}" is not a file.`);
      if (info.size > rule.maxBytesPerFile) {
        throw new FilePickError(
          `"${name}" is ${formatMegabytes(info.size)}. ${rule.noun} can be at most ${limit}.`,
        );
      }
      checked.push({ path, name, type });
    }

    const files: PickedFile[] = [];
    for (const { path, name, type } of checked) {
      const bytes = await options.fs.readFile(path);
      // The file may have grown since it was checked.
      if (bytes.byteLength > rule.maxBytesPerFile) {
        throw new FilePickError(
          `"${name}" is ${formatMegabytes(bytes.byteLength)}. ${rule.noun} can be at most ${limit}.`,
        );
      }
      files.push({ name, type, size: bytes.byteLength, data: toArrayBuffer(bytes) });
    }
    return files;
  };
}

/** Opens the OS folder dialog; the chosen folder's path, or null when cancelled. */
export type PickFolder = () => Promise<string | null>;

export const FOLDER_DIALOG_OPTIONS: OpenDialogOptions = {
  title: 'Choose the folder your inventory is exported to',
  filters: [],
  properties: ['openDirectory', 'createDirectory', 'dontAddToRecent'],
};

export function createFolderPicker(options: { dialog: DialogLike }): PickFolder {
  return async () => {
    const choice = await options.dialog.showOpenDialog(FOLDER_DIALOG_OPTIONS);
    return choice.canceled ? null : (choice.filePaths[0] ?? null);
  };
}

/** An ArrayBuffer holding exactly these bytes (a Node Buffer may share a larger pool). */
function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}
