import Papa from 'papaparse';

/**
 * The public federal firearms licensee list (ATF "FFL list"), one licence a line, 17 columns in this
 * order. ATF publishes it tab-separated; copies circulate pipe- and comma-separated, with or without
 * the header line. Leading zeros may have been lost by a spreadsheet, so codes are padded back.
 */
export const LICENSEE_COLUMNS = [
  'LIC_REGN',
  'LIC_DIST',
  'LIC_CNTY',
  'LIC_TYPE',
  'LIC_XPRDTE',
  'LIC_SEQN',
  'LICENSE_NAME',
  'BUSINESS_NAME',
  'PREMISE_STREET',
  'PREMISE_CITY',
  'PREMISE_STATE',
  'PREMISE_ZIP_CODE',
  'MAIL_STREET',
  'MAIL_CITY',
  'MAIL_STATE',
  'MAIL_ZIP_CODE',
  'VOICE_PHONE',
] as const;

export type LicenseeDelimiter = '\t' | '|' | ',';

export interface Licensee {
  /** `R-DD-CCC-TT-XX-SSSSS` as ATF prints it. */
  licenseNumber: string;
  licenseType: string;
  licenseName: string;
  businessName: string | null;
  premiseStreet: string;
  premiseCity: string;
  premiseState: string;
  /** Five digits. */
  premiseZip: string;
  mailStreet: string | null;
  mailCity: string | null;
  mailState: string | null;
  mailZip: string | null;
  phone: string | null;
  /** ISO date: the last day of the month of the expiration code. */
  licenseExpiresOn: string;
}

export interface LicenseeLineError {
  /** 1-based line of the file. */
  line: number;
  message: string;
}

export interface ParsedLicenseeList {
  delimiter: LicenseeDelimiter;
  hasHeader: boolean;
  licensees: Licensee[];
  errors: LicenseeLineError[];
}

const DELIMITERS: readonly LicenseeDelimiter[] = ['\t', '|', ','];

/**
 * The delimiter of the list: the one that splits the first non-blank lines into 17 fields (tab
 * first, then pipe, then comma, since names and streets may hold commas but not tabs or pipes).
 */
export function detectDelimiter(text: string): LicenseeDelimiter | null {
  const sample = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 5)
    .join('\n');
  if (sample === '') return null;
  for (const delimiter of DELIMITERS) {
    const { data } = Papa.parse<string[]>(sample, { delimiter, skipEmptyLines: true });
    if (data.length > 0 && data.some((row) => row.length === LICENSEE_COLUMNS.length)) return delimiter;
  }
  return null;
}

const clean = (value: string | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();
const orNull = (value: string): string | null => (value === '' ? null : value);

function digits(value: string, width: number, name: string): string {
  if (!/^\d+$/.test(value) || value.length > width)
    throw new Error(`${name} “${value}” is not ${width} digits.`);
  return value.padStart(width, '0');
}

/** A ZIP or ZIP+4 (spreadsheets drop leading zeros) read as its five-digit ZIP. */
export function zipOf(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(compact)) return null;
  if (compact.length <= 5) return compact.length >= 3 ? compact.padStart(5, '0') : null;
  if (compact.length <= 9) return compact.padStart(9, '0').slice(0, 5);
  return null;
}

/** A 10-digit US number as (214) 555-0123; anything else as given; null when empty. */
export function phoneOf(value: string): string | null {
  const compact = value.replace(/\D/g, '');
  const national = compact.length === 11 && compact.startsWith('1') ? compact.slice(1) : compact;
  if (national.length === 10) return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  return orNull(value);
}

/**
 * The expiry of an expiration code: the year's last digit and a month letter (A = January … L =
 * December). A licence runs three years, so the year is the first with that last digit from two
 * years before `reference` on.
 */
export function expiryOf(code: string, reference: Date): string {
  const match = /^(\d)([A-L])$/.exec(code);
  if (!match) throw new Error(`Expiration code “${code}” is not a digit and a month letter A–L.`);
  const digit = Number(match[1]);
  const month = (match[2] as string).charCodeAt(0) - 64;
  const from = reference.getUTCFullYear() - 2;
  const year = from + ((digit - (from % 10) + 10) % 10);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
}

/** The licence number of the list's first six columns. */
export function licenseNumberOf(fields: readonly string[]): string {
  const [region, district, county, type, expiration, sequence] = fields.map(clean);
  return [
    digits(region ?? '', 1, 'Region'),
    digits(district ?? '', 2, 'District'),
    digits(county ?? '', 3, 'County'),
    digits(type ?? '', 2, 'Licence type'),
    (expiration ?? '').toUpperCase(),
    digits(sequence ?? '', 5, 'Sequence'),
  ].join('-');
}

function licenseeOf(fields: readonly string[], reference: Date): Licensee {
  const value = (index: number) => clean(fields[index]);
  const licenseNumber = licenseNumberOf(fields);
  const licenseExpiresOn = expiryOf(value(4).toUpperCase(), reference);
  const licenseName = value(6);
  if (licenseName === '') throw new Error('The licence name is empty.');
  const premiseStreet = value(8);
  const premiseCity = value(9);
  const premiseState = value(10).toUpperCase();
  if (premiseStreet === '' || premiseCity === '') throw new Error('The premise address is incomplete.');
  if (!/^[A-Z]{2}$/.test(premiseState))
    throw new Error(`Premise state “${value(10)}” is not a two-letter code.`);
  const premiseZip = zipOf(value(11));
  if (!premiseZip) throw new Error(`Premise ZIP code “${value(11)}” is not a ZIP code.`);
  const mailState = value(14).toUpperCase();
  return {
    licenseNumber,
    licenseType: licenseNumber.slice(9, 11),
    licenseName,
    businessName: orNull(value(7)),
    premiseStreet,
    premiseCity,
    premiseState,
    premiseZip,
    mailStreet: orNull(value(12)),
    mailCity: orNull(value(13)),
    mailState: /^[A-Z]{2}$/.test(mailState) ? mailState : null,
    mailZip: zipOf(value(15)),
    phone: phoneOf(value(16)),
    licenseExpiresOn,
  };
}

const isHeader = (fields: readonly string[]) => clean(fields[0]).toUpperCase() === LICENSEE_COLUMNS[0];

/**
 * Reads a licensee list. Lines that cannot be read (wrong number of fields, a malformed code or
 * address) are reported with their line number and skipped; the rest are returned in file order.
 */
export function parseLicenseeList(text: string, reference: Date = new Date()): ParsedLicenseeList {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(body);
  if (!delimiter) {
    throw new Error(
      `The file is not a licensee list: no line has the ${LICENSEE_COLUMNS.length} tab-, pipe- or comma-separated fields.`,
    );
  }
  // Quotes are only special for the comma form (names may hold commas); ATF's tab and pipe files use
  // quote marks as plain text (e.g. 12" in a street).
  const { data } = Papa.parse<string[]>(body, {
    delimiter,
    quoteChar: delimiter === ',' ? '"' : '\u0000',
    newline: body.includes('\r\n') ? '\r\n' : '\n',
    skipEmptyLines: false,
  });
  const licensees: Licensee[] = [];
  const errors: LicenseeLineError[] = [];
  let hasHeader = false;
  data.forEach((fields, index) => {
    const line = index + 1;
    if (fields.every((field) => field.trim() === '')) return;
    if (isHeader(fields)) {
      if (licensees.length === 0 && errors.length === 0) hasHeader = true;
      return;
    }
    if (fields.length !== LICENSEE_COLUMNS.length) {
      errors.push({ line, message: `Expected ${LICENSEE_COLUMNS.length} fields, found ${fields.length}.` });
      return;
    }
    try {
      licensees.push(licenseeOf(fields, reference));
    } catch (error) {
      errors.push({ line, message: (error as Error).message });
    }
  });
  return { delimiter, hasHeader, licensees, errors };
}
