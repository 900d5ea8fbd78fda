/**
 * Which column of the seller's file each template column is read from: the mapping a file starts
 * with, and the form it is remembered in. Kept apart from the file reader so the page's own bundle
 * needs no CSV parser.
 */

import {
  type ColumnMapping,
  INVENTORY_COLUMNS,
  type InventoryColumn,
} from '../../../shared/domain/inventory-columns.ts';
import { autoMapColumns } from '../../../shared/domain/inventory-mapping.ts';

/** A saved choice per column: the header in the seller's file, or null for "not in my file". */
export type SavedMapping = Partial<Record<InventoryColumn, string | null>>;

/**
 * The mapping a file starts with: the seller's saved choices where their header is in this file
 * (or they chose "not in my file"), the automatic mapping for the rest.
 */
export function initialMapping(headers: readonly string[], saved: SavedMapping | null): ColumnMapping {
  const auto = autoMapColumns(headers);
  if (!saved) return auto;
  const present = new Set(headers);
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  for (const column of INVENTORY_COLUMNS) {
    const choice = saved[column];
    if (choice === null) continue;
    if (choice !== undefined && present.has(choice)) {
      mapping[column] = choice;
      used.add(choice);
    }
  }
  for (const column of INVENTORY_COLUMNS) {
    if (column in mapping || saved[column] === null) continue;
    const header = auto[column];
    if (header !== undefined && !used.has(header)) {
      mapping[column] = header;
      used.add(header);
    }
  }
  return mapping;
}

/** The mapping to remember: every column, with null where the seller chose none. */
export function mappingToSave(mapping: ColumnMapping): SavedMapping {
  return Object.fromEntries(INVENTORY_COLUMNS.map((column) => [column, mapping[column] ?? null]));
}
