import { Condition } from '../../../../shared/domain/listing.ts';
import type { ShipToRegionCode } from '../../../../shared/domain/us-states.ts';
import { type FeedKind, familyFor } from './category-map.ts';
import { cell, type FeedFormatReader, feedRecord, money, upcOf, wholeCount } from './feed-item.ts';

/** The per-state restriction flags of the RSR inventory file, in the file's order (fields 16 to 66). */
export const RSR_STATE_COLUMNS = [
  'AK',
  'AL',
  'AR',
  'AZ',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'HI',
  'IA',
  'ID',
  'IL',
  'IN',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NC',
  'ND',
  'NE',
  'NH',
  'NJ',
  'NM',
  'NV',
  'NY',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VA',
  'VT',
  'WA',
  'WI',
  'WV',
  'WY',
] as const satisfies readonly ShipToRegionCode[];

/** The fields of one line of the RSR Group inventory file (semicolon-delimited, no header). */
export const RsrField = {
  StockNumber: 0,
  Upc: 1,
  Description: 2,
  Department: 3,
  ManufacturerId: 4,
  RetailPrice: 5,
  RsrPrice: 6,
  Weight: 7,
  Quantity: 8,
  Model: 9,
  ManufacturerName: 10,
  ManufacturerPartNumber: 11,
  Status: 12,
  LongDescription: 13,
  ImageName: 14,
  FirstState: 15,
  GroundOnly: 66,
  AdultSignature: 67,
  NoDropShip: 68,
  DateEntered: 69,
  RetailMap: 70,
  ImageDisclaimer: 71,
  Length: 72,
  Width: 73,
  Height: 74,
  Prop65: 75,
  VendorApproval: 76,
} as const;
export const RSR_FIELD_COUNT = 77;

/** RSR department numbers: what kind of item each holds, and whether it is pre-owned. */
const RSR_DEPARTMENTS: Readonly<Record<number, { kind: FeedKind; used?: true; hint?: string }>> = {
  1: { kind: 'handgun' },
  2: { kind: 'handgun', used: true },
  3: { kind: 'longgun', used: true },
  4: { kind: 'other', hint: 'accessory' },
  5: { kind: 'longgun' },
  6: { kind: 'firearm', hint: 'nfa' },
  7: { kind: 'firearm', hint: 'black powder' },
  8: { kind: 'other', hint: 'optics' },
  9: { kind: 'other', hint: 'accessory' },
  10: { kind: 'other', hint: 'magazine' },
  11: { kind: 'other', hint: 'accessory' },
  12: { kind: 'other', hint: 'case' },
  13: { kind: 'other', hint: 'accessory' },
  14: { kind: 'other', hint: 'holster' },
  15: { kind: 'other', hint: 'reloading' },
  16: { kind: 'other', hint: 'night vision' },
  18: { kind: 'other', hint: 'ammunition' },
  20: { kind: 'other', hint: 'lights' },
  22: { kind: 'other', hint: 'cleaning' },
  24: { kind: 'other', hint: 'targets' },
  27: { kind: 'other', hint: 'upper' },
  28: { kind: 'other', hint: 'upper' },
  32: { kind: 'other', hint: 'barrel' },
  34: { kind: 'other', hint: 'parts' },
  41: { kind: 'other', hint: 'parts' },
  42: { kind: 'other', hint: 'parts' },
  43: { kind: 'other', hint: 'parts' },
};

/** RSR Group's inventory file: every line holds exactly 77 fields. */
export function rsrReader(): FeedFormatReader {
  return {
    delimiter: ';',
    hasHeader: false,
    record(fields, line) {
      const stockNumber = cell(fields[RsrField.StockNumber]);
      if (fields.length !== RSR_FIELD_COUNT) {
        return {
          error: {
            line,
            stockNumber: stockNumber ?? null,
            message: `The line has ${fields.length} fields; an RSR inventory line has ${RSR_FIELD_COUNT}.`,
          },
        };
      }
      const essentials = {
        stockNumber,
        title: cell(fields[RsrField.Description]),
        cost: money(fields[RsrField.RsrPrice]),
        quantity: wholeCount(fields[RsrField.Quantity]),
      };
      return feedRecord(line, essentials, (title) => {
        const department = RSR_DEPARTMENTS[Number(fields[RsrField.Department])] ?? { kind: 'other' as const };
        const longDescription = cell(fields[RsrField.LongDescription]);
        return {
          upc: upcOf(fields[RsrField.Upc]),
          manufacturer: cell(fields[RsrField.ManufacturerName]),
          model: cell(fields[RsrField.Model]),
          family: familyFor(department.kind, department.hint, title, longDescription),
          condition: department.used ? Condition.Used : Condition.NewInBox,
          msrp: money(fields[RsrField.RetailPrice]),
          mapPrice: money(fields[RsrField.RetailMap]),
          description: longDescription ?? title,
          imageName: cell(fields[RsrField.ImageName]),
          excludedStates: RSR_STATE_COLUMNS.filter(
            (_code, index) => fields[RsrField.FirstState + index]?.trim().toUpperCase() === 'Y',
          ).sort(),
        };
      });
    },
  };
}
