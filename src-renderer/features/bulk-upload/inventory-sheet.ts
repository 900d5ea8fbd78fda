/**
 * Reading an inventory file for the preview: the text is decoded as it streams (UTF-8, a leading
 * byte-order mark dropped; a file that is not UTF-8 is read again as Windows-1252, as older Excel
 * versions save it), split into rows by papaparse chunk by chunk (comma, semicolon or tab, any line
 * ending), and every row is checked with the shared row rules as it arrives. Runs in the page's
 * worker; free of DOM and worker APIs so it runs in Node too.
 */
import Papa from 'papaparse';
import {
  InventoryMessage,
  type RowIssue,
  StockNumberTracker,
  validateInventoryRow,
} from '../../../shared/domain/inventory.ts';
import {
  type ColumnMapping,
  INVENTORY_COLUMNS,
  type InventoryColumn,
} from '../../../shared/domain/inventory-columns.ts';
import { missingRequiredColumns } from '../../../shared/domain/inventory-mapping.ts';
import { initialMapping, type SavedMapping } from './column-mapping.ts';

export type { SavedMapping } from './column-mapping.ts';

export type InventoryEncoding = 'utf-8' | 'windows-1252';
export type InventoryDelimiter = ',' | ';' | '\t';

export interface SheetSummary {
  fileName: string;
  headers: string[];
  mapping: ColumnMapping;
  /** Required columns no header is chosen for; the file cannot be sent until they are. */
  missingRequired: InventoryColumn[];
  delimiter: InventoryDelimiter;
  encoding: InventoryEncoding;
  totalRows: number;
  validRows: number;
  errorRows: number;
}

export interface PreviewRow {
  /** 1-based data row, header excluded, empty lines skipped (as the server numbers its errors). */
  rowNumber: number;
  /** The cell of each mapped column. */
  cells: Partial<Record<InventoryColumn, string>>;
  issues: RowIssue[];
}

export type PreviewFilter = 'all' | 'errors';

export interface PreviewQuery {
  filter: PreviewFilter;
  offset: number;
  limit: number;
}

export interface PreviewPage extends PreviewQuery {
  /** Rows the filter selects in the whole file. */
  total: number;
  rows: PreviewRow[];
}

export interface SheetProgress {
  phase: 'reading' | 'checking';
  /** Bytes read (reading) or rows checked (checking). */
  done: number;
  total: number;
  rows: number;
}

/** A file that cannot be previewed at all (as opposed to rows with errors). */
export class InventoryFileError extends Error {
  override name = 'InventoryFileError';
}

export const FILE_MESSAGES = {
  empty: 'The file is empty.',
  noHeader:
    'The first row does not name any column of the template. Start the file with a header row, such as the one in the template.',
} as const;

const DELIMITERS: readonly InventoryDelimiter[] = [',', ';', '\t'];

/**
 * The delimiter of a file from its header line: the one of comma, semicolon and tab that appears
 * most often outside quotes (Excel in many European locales saves with semicolons); comma on a tie.
 */
export function detectDelimiter(headerLine: string): InventoryDelimiter {
  const counts = new Map<InventoryDelimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as InventoryDelimiter)) {
      counts.set(char as InventoryDelimiter, (counts.get(char as InventoryDelimiter) ?? 0) + 1);
    }
  }
  let best: InventoryDelimiter = ',';
  for (const delimiter of DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

export type InventoryNewline = '\r\n' | '\n' | '\r';

/**
 * The first line of a text (up to a line break outside quotes) and the line break the file uses,
 * or null while the text read so far has not ended its first line (`ended`: it never will).
 */
function firstLine(text: string, ended: boolean): { line: string; newline: InventoryNewline } | null {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n') return { line: text.slice(0, i), newline: '\n' };
    else if (!quoted && char === '\r') {
      // A carriage return at the end of what has arrived may be the first half of CRLF.
      if (i === text.length - 1 && !ended) return null;
      return { line: text.slice(0, i), newline: text[i + 1] === '\n' ? '\r\n' : '\r' };
    }
  }
  return ended ? { line: text, newline: '\n' } : null;
}

/** The rows of a file and the check of each with the current mapping. */
export class InventorySheet {
  readonly fileName: string;
  readonly delimiter: InventoryDelimiter;
  readonly encoding: InventoryEncoding;
  headers: string[] = [];
  /** A file read as Windows-1252, as UTF-8 text (the encoding the server reads); null for a UTF-8 file. */
  utf8Copy: Blob | null = null;
  #mapping: ColumnMapping = {};
  #headerIndex = new Map<string, number>();
  #mapped: { column: InventoryColumn; header: string; index: number }[] = [];
  readonly rows: string[][] = [];
  /** Issues per row index; undefined for a valid row. */
  #issues: (RowIssue[] | undefined)[] = [];
  #errorIndexes: number[] = [];
  #stockNumbers = new StockNumberTracker();

  constructor(fileName: string, delimiter: InventoryDelimiter, encoding: InventoryEncoding) {
    this.fileName = fileName;
    this.delimiter = delimiter;
    this.encoding = encoding;
  }

  get mapping(): ColumnMapping {
    return this.#mapping;
  }

  setHeaders(headers: string[], saved: SavedMapping | null): void {
    this.headers = headers.map((header, index) =>
      (index === 0 ? header.replace(/^\uFEFF/, '') : header).trim(),
    );
    this.#headerIndex = new Map();
    this.headers.forEach((header, index) => {
      if (header !== '' && !this.#headerIndex.has(header)) this.#headerIndex.set(header, index);
    });
    this.#applyMapping(initialMapping(this.headers, saved));
  }

  #applyMapping(mapping: ColumnMapping): void {
    const clean: ColumnMapping = {};
    this.#mapped = [];
    for (const column of INVENTORY_COLUMNS) {
      const header = mapping[column];
      const index = header === undefined ? undefined : this.#headerIndex.get(header);
      if (header === undefined || index === undefined) continue;
      clean[column] = header;
      this.#mapped.push({ column, header, index });
    }
    this.#mapping = clean;
  }

  /** Adds rows as they are read and checks them. */
  addRows(rows: readonly string[][]): void {
    for (const row of rows) {
      this.rows.push(row);
      this.#check(this.rows.length - 1);
    }
  }

  /**
   * One row, checked as the server will: the shared row rules, then (for a valid row) whether an
   * earlier valid row carried its stock number.
   */
  #check(index: number): void {
    const row = this.rows[index] as string[];
    const record: Record<string, string> = {};
    for (const { header, index: cellIndex } of this.#mapped) record[header] = row[cellIndex] ?? '';
    const result = validateInventoryRow(record, this.#mapping);
    let issues: RowIssue[] | undefined;
    if (!result.ok) issues = result.issues;
    else {
      const first = this.#stockNumbers.seen(result.item.stockNumber, index + 1);
      if (first !== undefined) {
        issues = [{ column: 'stock_number', message: InventoryMessage.duplicateStockNumber(first) }];
      }
    }
    this.#issues[index] = issues;
    if (issues) this.#errorIndexes.push(index);
  }

  /** Checks every row again with another mapping; `onProgress` is told every `every` rows. */
  remap(mapping: ColumnMapping, onProgress?: (checked: number) => void, every = 5000): void {
    this.#applyMapping(mapping);
    this.#issues = new Array(this.rows.length);
    this.#errorIndexes = [];
    this.#stockNumbers = new StockNumberTracker();
    for (let index = 0; index < this.rows.length; index++) {
      this.#check(index);
      if (onProgress && (index + 1) % every === 0) onProgress(index + 1);
    }
  }

  summary(): SheetSummary {
    return {
      fileName: this.fileName,
      headers: [...this.headers],
      mapping: { ...this.#mapping },
      missingRequired: missingRequiredColumns(this.#mapping),
      delimiter: this.delimiter,
      encoding: this.encoding,
      totalRows: this.rows.length,
      validRows: this.rows.length - this.#errorIndexes.length,
      errorRows: this.#errorIndexes.length,
    };
  }

  page({ filter, offset, limit }: PreviewQuery): PreviewPage {
    const total = filter === 'errors' ? this.#errorIndexes.length : this.rows.length;
    const from = Math.max(0, Math.min(offset, Math.max(0, total - 1)));
    const rows: PreviewRow[] = [];
    for (let i = from; i < Math.min(total, from + limit); i++) {
      const index = filter === 'errors' ? (this.#errorIndexes[i] as number) : i;
      const row = this.rows[index] as string[];
      const cells: Partial<Record<InventoryColumn, string>> = {};
      for (const { column, index: cellIndex } of this.#mapped) cells[column] = row[cellIndex] ?? '';
      rows.push({ rowNumber: index + 1, cells, issues: this.#issues[index] ?? [] });
    }
    return { filter, offset: from, limit, total, rows };
  }
}

export interface ReadOptions {
  /** The name shown for the file; a File's own name by default. */
  fileName?: string;
  /** The seller's remembered mapping, applied where its headers are in the file. */
  saved: SavedMapping | null;
  onProgress?: (progress: SheetProgress) => void;
  /** Characters handed to the CSV parser at a time. */
  chunkChars?: number;
  /** Stops the reading (another file was chosen); it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

declare module 'papaparse' {
  /**
   * What papaparse's stream reader needs of its input: it streams from any object with `readable`,
   * `read` and `on`, not only from a Node stream or a File.
   */
  interface ReadableTextSource {
    readonly readable: boolean;
    read(): void;
    pause(): void;
    resume(): void;
    on(event: string, listener: (value?: unknown) => void): void;
    removeListener(event: string, listener: (value?: unknown) => void): void;
  }
  function parse<T>(source: ReadableTextSource, config: ParseLocalConfig<T, LocalFile>): void;
}

/** A minimal readable stream in the shape papaparse streams from: it is fed decoded text. */
class TextFeed implements Papa.ReadableTextSource {
  readonly readable = true;
  readonly #listeners = new Map<string, Set<(value?: unknown) => void>>();
  read(): void {}
  pause(): void {}
  resume(): void {}
  on(event: string, listener: (value?: unknown) => void): void {
    const set = this.#listeners.get(event) ?? new Set();
    set.add(listener);
    this.#listeners.set(event, set);
  }
  removeListener(event: string, listener: (value?: unknown) => void): void {
    this.#listeners.get(event)?.delete(listener);
  }
  emit(event: 'data' | 'end' | 'error', value?: unknown): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(value);
  }
}

class NotUtf8 extends Error {}

/** Feeds decoded text to papaparse; the first line decides the delimiter. */
class SheetReader {
  readonly #fileName: string;
  readonly #encoding: InventoryEncoding;
  readonly #options: ReadOptions;
  #pending = '';
  #feed: TextFeed | null = null;
  #sheet: InventorySheet | null = null;
  #sawHeader = false;
  /** The decoded text, kept only when it must be sent re-encoded (a Windows-1252 file). */
  readonly #copy: string[] | null;
  failure: unknown = null;

  constructor(fileName: string, encoding: InventoryEncoding, options: ReadOptions) {
    this.#fileName = fileName;
    this.#encoding = encoding;
    this.#options = options;
    this.#copy = encoding === 'utf-8' ? null : [];
  }

  get rows(): number {
    return this.#sheet?.rows.length ?? 0;
  }

  #start(delimiter: InventoryDelimiter, newline: InventoryNewline): TextFeed {
    const sheet = new InventorySheet(this.#fileName, delimiter, this.#encoding);
    const feed = new TextFeed();
    this.#sheet = sheet;
    this.#feed = feed;
    Papa.parse<string[]>(feed, {
      delimiter,
      // Told, not guessed: a first chunk shorter than a line would otherwise be guessed wrong.
      newline,
      skipEmptyLines: 'greedy',
      chunk: (results: Papa.ParseResult<string[]>) => {
        let rows = results.data;
        if (!this.#sawHeader && rows.length > 0) {
          this.#sawHeader = true;
          sheet.setHeaders(rows[0] as string[], this.#options.saved);
          rows = rows.slice(1);
        }
        sheet.addRows(rows);
      },
      complete: () => {},
      error: (error: unknown) => {
        this.failure = error;
      },
    });
    return feed;
  }

  push(text: string): void {
    if (text === '') return;
    this.#copy?.push(text);
    let feed = this.#feed;
    if (!feed) {
      this.#pending += text;
      const first = firstLine(this.#pending, false);
      if (first === null) return;
      feed = this.#start(detectDelimiter(first.line), first.newline);
      text = this.#pending;
      this.#pending = '';
    }
    const size = this.#options.chunkChars ?? 1 << 20;
    for (let at = 0; at < text.length; at += size) feed.emit('data', text.slice(at, at + size));
  }

  end(): InventorySheet {
    let feed = this.#feed;
    const first = feed ? null : firstLine(this.#pending, true);
    if (first && this.#pending.trim() !== '') {
      feed = this.#start(detectDelimiter(first.line), first.newline);
      feed.emit('data', this.#pending);
      this.#pending = '';
    }
    feed?.emit('end');
    if (this.failure) throw this.failure;
    const sheet = this.#sheet;
    if (!sheet || sheet.headers.length === 0) throw new InventoryFileError(FILE_MESSAGES.empty);
    if (Object.keys(sheet.mapping).length === 0) throw new InventoryFileError(FILE_MESSAGES.noHeader);
    if (this.#copy) sheet.utf8Copy = new Blob(this.#copy, { type: 'text/csv' });
    return sheet;
  }
}

async function readAs(
  blob: Blob,
  fileName: string,
  encoding: InventoryEncoding,
  options: ReadOptions,
): Promise<InventorySheet> {
  // UTF-8 refuses bytes that are not UTF-8 (the file is then read as Windows-1252); the decoder
  // drops a leading byte-order mark.
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const decode = (bytes?: Uint8Array): string => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new NotUtf8();
    }
  };
  const reader = new SheetReader(fileName, encoding, options);
  const stream = blob.stream().getReader();
  let bytesRead = 0;
  try {
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      options.signal?.throwIfAborted();
      bytesRead += value.byteLength;
      reader.push(decode(value));
      if (reader.failure) throw reader.failure;
      options.onProgress?.({ phase: 'reading', done: bytesRead, total: blob.size, rows: reader.rows });
    }
    reader.push(decode());
  } catch (error) {
    await stream.cancel().catch(() => {});
    throw error;
  } finally {
    stream.releaseLock();
  }
  return reader.end();
}

/**
 * Reads an inventory file into a checked sheet. UTF-8 first; a file with bytes that are not UTF-8
 * is read again as Windows-1252. A file with no recognisable header is refused.
 */
export async function readInventoryFile(
  file: Blob & { name?: string },
  options: ReadOptions,
): Promise<InventorySheet> {
  const fileName = options.fileName ?? file.name ?? 'inventory.csv';
  try {
    return await readAs(file, fileName, 'utf-8', options);
  } catch (error) {
    if (!(error instanceof NotUtf8)) throw error;
  }
  return readAs(file, fileName, 'windows-1252', options);
}
