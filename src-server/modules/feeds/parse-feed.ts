import Papa from 'papaparse';
import {
  type DistributorFeedFormat,
  FEED_RUN_ERRORS_KEPT,
  type FeedColumnMapping,
} from '../../../shared/contract/distributor-feeds.ts';
import { wideTextEncodingOf } from '../../http/text-encoding.ts';
import { davidsonsReader } from './formats/davidsons.ts';
import type { FeedFormatReader, FeedItem, FeedLineError } from './formats/feed-item.ts';
import { genericCsvReader } from './formats/generic-csv.ts';
import { lipseysReader } from './formats/lipseys.ts';
import { rsrReader } from './formats/rsr.ts';
import { zandersReader } from './formats/zanders.ts';

export interface ParsedFeed {
  items: FeedItem[];
  /** The first line errors (at most FEED_RUN_ERRORS_KEPT); `failed` counts them all. */
  errors: FeedLineError[];
  failed: number;
  /** Data lines read (blank lines aside). */
  totalRows: number;
  /** Why the file as a whole cannot be used; when set, a pull changes nothing. */
  fatal: string | null;
}

export function readerFor(
  format: DistributorFeedFormat,
  mapping: FeedColumnMapping | null | undefined,
  today = new Date(),
): FeedFormatReader {
  switch (format) {
    case 'rsr':
      return rsrReader();
    case 'davidsons':
      return davidsonsReader(today);
    case 'lipseys':
      return lipseysReader();
    case 'zanders':
      return zandersReader();
    case 'generic-csv':
      return genericCsvReader(mapping ?? {});
  }
}

/**
 * The file's text: UTF-8 (a byte-order mark dropped), or Windows-1252 for the older exports that
 * use it; null for bytes that are no text at all (NUL bytes: a binary or UTF-16 file).
 */
export function decodeFeed(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** More than this share of bad lines means the file is not what the feed's format says. */
const MOSTLY_BAD = 0.5;

/**
 * Reads a whole feed file into items and line errors, record by record (the reader sees one
 * record at a time, so a stream can feed it the same way). The file is refused as a whole when it
 * is not text, its header is not the format's, it has no item, or most of its lines fail.
 */
export function parseFeed(
  bytes: Uint8Array,
  format: DistributorFeedFormat,
  mapping?: FeedColumnMapping | null,
  today = new Date(),
): ParsedFeed {
  const reader = readerFor(format, mapping, today);
  const result: ParsedFeed = { items: [], errors: [], failed: 0, totalRows: 0, fatal: null };
  const wide = wideTextEncodingOf(bytes);
  if (wide) {
    result.fatal = `The feed is ${wide} text, not UTF-8. Save or export it as UTF-8 CSV.`;
    return result;
  }
  const text = decodeFeed(bytes);
  if (text === null) {
    result.fatal = 'The feed is not a text file (it holds binary data or an unsupported encoding).';
    return result;
  }
  const addError = (error: FeedLineError) => {
    result.failed += 1;
    if (result.errors.length < FEED_RUN_ERRORS_KEPT) result.errors.push(error);
  };
  let line = 0;
  let headerSeen = !reader.hasHeader;
  Papa.parse<string[]>(text, {
    delimiter: reader.delimiter,
    skipEmptyLines: 'greedy',
    quoteChar: '"',
    step: (row, parser) => {
      line += 1;
      const fields = row.data;
      if (!headerSeen) {
        headerSeen = true;
        const problem = reader.header?.(fields) ?? null;
        if (problem) {
          result.fatal = problem;
          parser.abort();
        }
        return;
      }
      result.totalRows += 1;
      const outcome = reader.record(fields, line);
      if ('item' in outcome) result.items.push(outcome.item);
      else if ('error' in outcome) addError(outcome.error);
    },
  });
  if (result.fatal) return result;
  if (!headerSeen || result.totalRows === 0) {
    result.fatal = 'The feed holds no items.';
  } else if (result.items.length === 0) {
    result.fatal = 'No line of the feed could be read as an item.';
  } else if (result.failed > result.totalRows * MOSTLY_BAD) {
    result.fatal = `${result.failed} of ${result.totalRows} lines could not be read: the file does not look like the feed's format.`;
  }
  return result;
}
