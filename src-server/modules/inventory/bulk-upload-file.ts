import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { ColumnMapping } from '../../../shared/domain/inventory-columns.ts';
import { autoMapColumns, missingRequiredColumns } from '../../../shared/domain/inventory-mapping.ts';
import type { BlobStore } from '../../files/blob-store.ts';

/* A bulk upload's file: checked as a whole (UTF-8 text, a header row whose columns map) and read. */

export const BulkUploadMessage = {
  noHeader: (name: string) =>
    `${name} has no header row we recognise. Start the file with the template's header row (download /templates/inventory.csv) or map its columns.`,
  missingColumns: (name: string, columns: readonly string[]) =>
    `${name} has no column for ${columns.join(', ')}. Add ${columns.length === 1 ? 'it' : 'them'} or map ${columns.length === 1 ? 'it' : 'them'} to a column of the file.`,
  unknownHeader: (name: string, header: string) =>
    `${name} has no column “${header}”, named in the column mapping.`,
  noRows: (name: string) => `${name} has a header row but no items.`,
  fileGone: 'The uploaded file is no longer stored. Upload it again.',
  notText: 'The file is not UTF-8 text. Save it as “CSV UTF-8” and upload it again.',
  stopped:
    'Processing stopped on an unexpected error. The rows reported as done were applied; upload the file again for the rest.',
  extraCells: 'This row has more cells than the header row.',
} as const;

/** Bytes read from the start of a file for its header row. */
const HEADER_BYTES = 256 * 1024;
const LINE_FEED = 0x0a;
const BOM_BYTES = Buffer.from([0xef, 0xbb, 0xbf]);

/** The header row's cells (the first record of the file), read from the file's first bytes. */
export function headersOf(head: Uint8Array): string[] {
  // The decoder drops a byte-order mark.
  const text = new TextDecoder('utf-8').decode(head.subarray(0, HEADER_BYTES));
  const parsed = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: 'greedy' });
  return (parsed.data[0] ?? []).map((header) => String(header));
}

/**
 * Data rows, counted by line breaks: exact unless a cell holds line breaks (then corrected at the
 * end). The bytes are counted as they are: a line feed byte is never part of another UTF-8 character.
 */
export function estimateRows(data: Buffer): number {
  const start = data.subarray(0, BOM_BYTES.length).equals(BOM_BYTES) ? BOM_BYTES.length : 0;
  let lines = 0;
  let at = data.indexOf(LINE_FEED, start);
  while (at !== -1) {
    lines += 1;
    at = data.indexOf(LINE_FEED, at + 1);
  }
  if (data.length > start && data[data.length - 1] !== LINE_FEED) lines += 1;
  return Math.max(0, lines - 1);
}

/**
 * Reads a stored file once through: whether it is UTF-8 text and, when it is, its first bytes (for
 * the header row). Nothing but those bytes is kept.
 */
export async function checkStoredFile(
  blobs: BlobStore,
  key: string,
): Promise<{ head: Buffer } | 'gone' | 'notText'> {
  const stream = await blobs.read(key);
  if (!stream) return 'gone';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const head: Buffer[] = [];
  let headBytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      decoder.decode(chunk, { stream: true });
      if (headBytes < HEADER_BYTES) {
        head.push(chunk.subarray(0, HEADER_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEADER_BYTES - headBytes);
      }
    }
    decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) return 'notText';
    throw error;
  } finally {
    stream.destroy();
  }
  return { head: Buffer.concat(head) };
}

/** A stored file's text, a piece at a time (its byte-order mark dropped), for the parser's stream. */
export async function* textOf(stream: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The mapping a file is read with: the seller's, checked against the file's headers, or the automatic
 * one. Throws the message of a whole-file failure.
 */
export function mappingFor(
  name: string,
  headers: readonly string[],
  asked: ColumnMapping | null,
): ColumnMapping {
  const auto = autoMapColumns(headers);
  if (!asked && missingRequiredColumns(auto).length === missingRequiredColumns({}).length) {
    throw new FileProblem(BulkUploadMessage.noHeader(name));
  }
  const mapping: ColumnMapping = asked ? { ...asked } : auto;
  if (asked) {
    const known = new Set(headers);
    for (const header of Object.values(asked)) {
      if (header !== undefined && !known.has(header))
        throw new FileProblem(BulkUploadMessage.unknownHeader(name, header));
    }
  }
  const missing = missingRequiredColumns(mapping);
  if (missing.length > 0) throw new FileProblem(BulkUploadMessage.missingColumns(name, missing));
  return mapping;
}

/** A problem with a whole file: nothing of it is written. */
export class FileProblem extends Error {}
