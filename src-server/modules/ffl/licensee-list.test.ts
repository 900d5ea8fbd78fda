import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  expiryOf,
  LICENSEE_COLUMNS,
  licenseNumberOf,
  parseLicenseeList,
  phoneOf,
  zipOf,
} from './licensee-list.ts';

const FIXTURES = path.join(import.meta.dirname, '..', '..', '..', 'tests', 'api', 'fixtures', 'ffl');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const REFERENCE = new Date('2026-06-15T00:00:00Z');

const TRINITY = {
  licenseNumber: '5-75-113-01-8C-10001',
  licenseType: '01',
  licenseName: 'TRINITY ARMS LLC',
  businessName: 'TRINITY ARMS',
  premiseStreet: '2100 IRVING BLVD',
  premiseCity: 'DALLAS',
  premiseState: 'TX',
  premiseZip: '75207',
  mailStreet: 'PO BOX 1',
  mailCity: 'DALLAS',
  mailState: 'TX',
  mailZip: '75221',
  phone: '(214) 555-0101',
  licenseExpiresOn: '2028-03-31',
};

describe('the licensee list', () => {
  it.each([
    ['licensees.tsv', '\t', true],
    ['licensees.csv', ',', true],
  ] as const)('reads %s: delimiter detected, header skipped, every licence', (name, delimiter, header) => {
    const parsed = parseLicenseeList(fixture(name), REFERENCE);
    expect(parsed.delimiter).toBe(delimiter);
    expect(parsed.hasHeader).toBe(header);
    expect(parsed.errors).toEqual([]);
    expect(parsed.licensees).toHaveLength(7);
    expect(parsed.licensees[0]).toEqual(TRINITY);
    // A name holding a comma survives the comma form's quoting, and an empty trade name reads as none.
    expect(parsed.licensees[1]).toMatchObject({
      licenseNumber: '5-75-113-01-8D-10002',
      licenseName: 'SMITH, JOHN A',
      businessName: null,
      mailStreet: null,
      mailZip: null,
    });
  });

  it('reads the pipe form without a header, reporting and skipping the unreadable lines', () => {
    const parsed = parseLicenseeList(fixture('licensees-pipe.txt'), REFERENCE);
    expect(parsed.delimiter).toBe('|');
    expect(parsed.hasHeader).toBe(false);
    expect(parsed.licensees.map((licensee) => licensee.licenseNumber)).toEqual([
      '5-75-113-01-8C-10001',
      '5-75-113-01-8D-10002',
      '5-75-113-02-9A-10003',
      '5-75-439-01-7L-10004',
      '5-76-201-07-8F-10005',
      '5-75-113-03-9B-10006',
      '9-33-037-01-8H-20001',
    ]);
    expect(parsed.errors).toEqual([
      { line: 4, message: 'Expected 17 fields, found 16.' },
      { line: 5, message: 'Expiration code “8Z” is not a digit and a month letter A–L.' },
    ]);
    expect(parsed.licensees[0]).toEqual(TRINITY);
  });

  it('gives the same licences in each delimiter', () => {
    const tab = parseLicenseeList(fixture('licensees.tsv'), REFERENCE).licensees;
    expect(parseLicenseeList(fixture('licensees.csv'), REFERENCE).licensees).toEqual(tab);
    expect(parseLicenseeList(fixture('licensees-pipe.txt'), REFERENCE).licensees).toEqual(tab);
  });

  it('keeps quote marks as text in the tab form and restores leading zeros a spreadsheet dropped', () => {
    const line = [
      '1',
      '6',
      '3',
      '1',
      '9A',
      '12',
      'ACME "TOP SHOT" LLC',
      '',
      '12 MAIN ST',
      'BOSTON',
      'ma',
      '2134',
    ]
      .concat(['', '', '', '', '617-555-0100'])
      .join('\t');
    const parsed = parseLicenseeList(`${line}\n`, REFERENCE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.licensees[0]).toMatchObject({
      licenseNumber: '1-06-003-01-9A-00012',
      licenseName: 'ACME "TOP SHOT" LLC',
      premiseState: 'MA',
      premiseZip: '02134',
      phone: '(617) 555-0100',
      licenseExpiresOn: '2029-01-31',
    });
  });

  it('reports lines with a malformed state, ZIP code, empty name or over-long code', () => {
    const good = ['5', '75', '113', '01', '8C', '10001', 'NAME', '', '1 MAIN', 'DALLAS', 'TX', '75207']
      .concat(['', '', '', '', ''])
      .join('|');
    const variants = [
      good.replace('|TX|', '|TEXAS|'),
      good.replace('|75207|', '|ABCDE|'),
      good.replace('|NAME|', '||'),
      good.replace('|113|', '|1130|'),
    ];
    const parsed = parseLicenseeList([good, ...variants].join('\n'), REFERENCE);
    expect(parsed.licensees).toHaveLength(1);
    expect(parsed.errors).toEqual([
      { line: 2, message: 'Premise state “TEXAS” is not a two-letter code.' },
      { line: 3, message: 'Premise ZIP code “ABCDE” is not a ZIP code.' },
      { line: 4, message: 'The licence name is empty.' },
      { line: 5, message: 'County “1130” is not 3 digits.' },
    ]);
  });

  it('refuses a file that is not a licensee list', () => {
    expect(() => parseLicenseeList('name,city\nA,B\n')).toThrow(/not a licensee list/);
    expect(detectDelimiter('')).toBeNull();
    expect(LICENSEE_COLUMNS).toHaveLength(17);
  });

  it('builds the licence number as ATF prints it', () => {
    expect(licenseNumberOf(['5', '75', '113', '01', '9k', '1234'])).toBe('5-75-113-01-9K-01234');
  });

  it.each([
    ['8C', '2028-03-31'],
    ['4B', '2024-02-29'],
    ['5L', '2025-12-31'],
    ['3A', '2033-01-31'],
  ])('reads expiration code %s as %s (licences run three years)', (code, expected) => {
    expect(expiryOf(code, REFERENCE)).toBe(expected);
  });

  it('reads ZIP and ZIP+4 codes, and phones', () => {
    expect(zipOf('75207-1234')).toBe('75207');
    expect(zipOf('752071234')).toBe('75207');
    expect(zipOf('21341234')).toBe('02134');
    expect(zipOf('12')).toBeNull();
    expect(phoneOf('1-214-555-0100')).toBe('(214) 555-0100');
    expect(phoneOf('ext 12')).toBe('ext 12');
    expect(phoneOf('')).toBeNull();
  });
});
