import { INVENTORY_COLUMNS } from '../../../shared/domain/inventory-columns.ts';
import type { SavedMapping } from './column-mapping.ts';

/** The column mapping a seller last used, kept in this browser per account. */
export function savedMappingKey(userId: string): string {
  return `ironsight.bulkUploadMapping:${userId}`;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off; the mapping is then made afresh for each file.
    return null;
  }
}

const COLUMNS: ReadonlySet<string> = new Set(INVENTORY_COLUMNS);

export function readSavedMapping(userId: string, store: Storage | null = storage()): SavedMapping | null {
  const text = store?.getItem(savedMappingKey(userId));
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const mapping: SavedMapping = {};
    for (const [column, header] of Object.entries(parsed)) {
      if (!COLUMNS.has(column)) continue;
      if (header === null || typeof header === 'string') {
        mapping[column as keyof SavedMapping] = header;
      }
    }
    return mapping;
  } catch {
    return null;
  }
}

export function writeSavedMapping(
  userId: string,
  mapping: SavedMapping,
  store: Storage | null = storage(),
): void {
  try {
    store?.setItem(savedMappingKey(userId), JSON.stringify(mapping));
  } catch {
    // A full storage only forgets the mapping, never the upload.
  }
}
