import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeed } from './parse-feed.ts';

const FIXTURES = path.join(import.meta.dirname, '..', '..', '..', 'tests', 'api', 'fixtures', 'feeds');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const TODAY = new Date('2025-06-01T12:00:00Z');

describe('the RSR Group inventory file', () => {
  const parsed = parseFeed(fixture('rsrinventory-new.txt'), 'rsr', null, TODAY);

  it('reads every 77-field line and reports the short one by its line number', () => {
    expect(parsed.fatal).toBeNull();
    expect(parsed.totalRows).toBe(7);
    expect(parsed.items.map((item) => item.stockNumber)).toEqual([
      'GLPA1750203',
      'RUG1103',
      'MOS50104',
      'SWA162634',
      'HRN90250',
      'VORDBK-3558',
    ]);
    expect(parsed.errors).toEqual([
      { line: 5, stockNumber: 'MAG12345', message: 'The line has 6 fields; an RSR inventory line has 77.' },
    ]);
  });

  it('takes the RSR price as cost, the retail price as MSRP and the retail MAP when given', () => {
    const glock = parsed.items[0]!;
    expect(glock).toMatchObject({
      upc: '764503022616',
      title: 'GLOCK 17 GEN5 9MM 17RD 3 MAGS FS',
      manufacturer: 'Glock',
      model: 'G17 GEN5',
      cost: 539.12,
      msrp: 749,
      mapPrice: 599.99,
      quantity: 24,
      family: 'SemiAutoPistols',
      condition: 'NewInBox',
      imageName: 'GLPA1750203_1.jpg',
    });
    expect(glock.description).toContain('three 17-round magazines');
    expect(parsed.items[1]!.mapPrice).toBeUndefined();
  });

  it('turns the Y state flags into excluded ship-to states, DC included', () => {
    expect(parsed.items[0]!.excludedStates).toEqual(['CA', 'HI', 'MA']);
    expect(parsed.items[1]!.excludedStates).toEqual([]);
    expect(parsed.items[3]!.excludedStates).toEqual(['CA', 'DC', 'HI', 'MA', 'NJ', 'NY']);
  });

  it('files departments under our category families', () => {
    expect(parsed.items.map((item) => item.family)).toEqual([
      'SemiAutoPistols',
      'SemiAutoRifles',
      'PumpActionShotguns',
      'Revolvers',
      'Ammunition',
      'Optics',
    ]);
  });
});

describe("Davidson's inventory CSV", () => {
  const parsed = parseFeed(fixture('davidsons_inventory.csv'), 'davidsons', null, TODAY);

  it('reads the items under its header and reports the one without a dealer price', () => {
    expect(parsed.fatal).toBeNull();
    expect(parsed.items.map((item) => item.stockNumber)).toEqual([
      'SIG320CA9BSS',
      'RUG1327',
      'BRN0135003004',
      'MPIMAG557',
    ]);
    expect(parsed.errors).toEqual([
      { line: 5, stockNumber: 'HEN-H001', message: 'The cost price is missing or not a number.' },
    ]);
  });

  it('prices from the running sale, reads MSP as MAP and the ship restrictions as states', () => {
    const [sig, ruger, citori, pmag] = parsed.items;
    expect(sig).toMatchObject({ cost: 489.5, mapPrice: 529.99, msrp: 679.99, caliber: '9MM Luger' });
    expect(sig!.excludedStates).toEqual(['CA', 'MA']);
    expect(ruger).toMatchObject({ cost: 749, family: 'BoltActionRifles' });
    expect(citori!.family).toBe('OverUnderShotguns');
    expect(pmag!.family).toBe('Magazines');
    expect(pmag!.excludedStates).toEqual([
      'CA',
      'CO',
      'CT',
      'DC',
      'HI',
      'IL',
      'MA',
      'MD',
      'NJ',
      'NY',
      'VT',
      'WA',
    ]);
  });

  it('refuses a file whose first line is not its header', () => {
    const result = parseFeed(fixture('liveinv.csv'), 'davidsons', null, TODAY);
    expect(result.fatal).toMatch(/not a Davidson’s inventory header/);
    expect(result.items).toEqual([]);
  });
});

describe("Lipsey's catalog CSV", () => {
  const parsed = parseFeed(fixture('lipseys-catalog.csv'), 'lipseys', null, TODAY);

  it('reads its items, the current price as cost, and reports the truncated line', () => {
    expect(parsed.fatal).toBeNull();
    expect(parsed.items.map((item) => [item.stockNumber, item.cost, item.family])).toEqual([
      ['SWM&P9SHLD2', 389, 'SemiAutoPistols'],
      ['KIMBER3200184', 780, 'SemiAutoPistols'],
      ['BRG0011800', 1695, 'SemiAutoShotguns'],
      ['LEUP174184', 599.99, 'Optics'],
      ['FED-P9HST1S', 27.15, 'Ammunition'],
    ]);
    expect(parsed.items[0]).toMatchObject({
      title: 'M&P9 Shield Plus 9mm 3.1in 13rd',
      mapPrice: 449.99,
      quantity: 57,
    });
    expect(parsed.items[2]!.excludedStates).toEqual(['CA', 'CT', 'NY']);
    expect(parsed.errors).toEqual([
      { line: 7, stockNumber: 'RUG-13700', message: 'The cost price is missing or not a number.' },
    ]);
  });
});

describe('Zanders liveinv.csv', () => {
  const parsed = parseFeed(fixture('liveinv.csv'), 'zanders', null, TODAY);

  it('reads available as quantity and price1 as cost, and reports the unreadable line', () => {
    expect(parsed.fatal).toBeNull();
    expect(parsed.items.map((item) => [item.stockNumber, item.quantity, item.cost, item.family])).toEqual([
      ['SAV57008', 6, 578.95, 'BoltActionRifles'],
      ['SPR-XD9301', 14, 371.1, 'SemiAutoPistols'],
      ['REM-R29939', 3, 489, 'PumpActionShotguns'],
      ['WIN-X9MMSHV', 420, 18.42, 'Ammunition'],
      ['HOG-15004', 75, 8.11, 'Accessories'],
    ]);
    expect(parsed.items[1]).toMatchObject({ mapPrice: 449, excludedStates: ['CA', 'MA'] });
    expect(parsed.items[3]!.excludedStates).toEqual(['CA', 'DC', 'IL']);
    expect(parsed.errors).toEqual([
      { line: 7, stockNumber: 'BAD-ROW-1', message: 'The cost price is missing or not a number.' },
    ]);
  });
});

describe('a generic CSV with a saved column mapping', () => {
  const mapping = {
    stock_number: 'SKU',
    title: 'Product Name',
    category: 'Dept',
    manufacturer: 'Brand',
    model: 'Model No',
    caliber: 'Caliber',
    condition: 'Cond',
    price: 'Our Cost',
    map_price: 'MAP',
    quantity: 'Qty On Hand',
    description: 'Long Description',
    image_urls: 'Photo',
    excluded_states: 'No Ship States',
  } as const;
  const parsed = parseFeed(fixture('dealer-inventory.csv'), 'generic-csv', mapping, TODAY);

  it('reads the mapped columns, our family names and the condition', () => {
    expect(parsed.fatal).toBeNull();
    expect(parsed.items.map((item) => [item.stockNumber, item.family, item.condition])).toEqual([
      ['KS-1001', 'SemiAutoPistols', 'NewInBox'],
      ['KS-1002', 'LeverActionRifles', 'NewInBox'],
      ['KS-1003', 'BoltActionRifles', 'Used'],
      ['KS-1004', 'Optics', 'NewInBox'],
    ]);
    expect(parsed.items[0]).toMatchObject({
      cost: 498,
      mapPrice: 599,
      excludedStates: ['CA', 'MA'],
      imageUrl: 'https://cdn.example-dealer.com/ks-1001.jpg',
    });
    expect(parsed.errors).toEqual([
      { line: 6, stockNumber: 'KS-1005', message: 'The description is missing.' },
    ]);
  });

  it('refuses a file without a mapped column', () => {
    const result = parseFeed(fixture('dealer-inventory.csv'), 'generic-csv', { ...mapping, upc: 'UPC Code' });
    expect(result.fatal).toBe("The file has no column “UPC Code” of the feed's column mapping.");
  });
});

describe('a malformed feed', () => {
  it('is refused as a whole when it is not text', () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]);
    expect(parseFeed(bytes, 'rsr').fatal).toMatch(/not a text file/);
  });

  it('is refused as UTF-16 text, with or without its byte-order mark', () => {
    const text = fixture('liveinv.csv').toString('utf8');
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const bigEndian = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    for (const bytes of [littleEndian, bigEndian, Buffer.from(text, 'utf16le')]) {
      expect(parseFeed(bytes, 'zanders').fatal).toBe(
        'The feed is UTF-16 text, not UTF-8. Save or export it as UTF-8 CSV.',
      );
    }
  });

  it('is refused when most lines have the wrong number of fields', () => {
    const text = 'A;B;C\nD;E;F\nG;H;I\n';
    const result = parseFeed(Buffer.from(text), 'rsr');
    expect(result.fatal).toBe('No line of the feed could be read as an item.');
    expect(result.failed).toBe(3);
  });

  it('is refused when it holds no items', () => {
    expect(parseFeed(Buffer.from('\n\n'), 'rsr').fatal).toBe('The feed holds no items.');
    const headerOnly = fixture('liveinv.csv').toString('utf8').split('\n')[0]!;
    expect(parseFeed(Buffer.from(`${headerOnly}\n`), 'zanders').fatal).toBe('The feed holds no items.');
  });

  it('reads a Windows-1252 export', () => {
    const text = 'itemnumber,available,desc1,price1\nX1,2,CAF\xc9 MUG,5.00\n';
    const result = parseFeed(Buffer.from(text, 'latin1'), 'zanders');
    expect(result.items[0]!.title).toBe('CAFÉ MUG');
  });
});
