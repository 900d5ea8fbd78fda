import { describe, expect, it } from 'vitest';
import { InventoryMessage } from '../../../shared/domain/inventory.ts';
import { INVENTORY_COLUMNS } from '../../../shared/domain/inventory-columns.ts';
import { initialMapping, mappingToSave } from './column-mapping.ts';
import {
  detectDelimiter,
  FILE_MESSAGES,
  InventoryFileError,
  readInventoryFile,
  type SheetProgress,
} from './inventory-sheet.ts';

const HEADER = INVENTORY_COLUMNS.join(',');

function row(overrides: Partial<Record<(typeof INVENTORY_COLUMNS)[number], string>> = {}): string {
  const cells: Record<string, string> = {
    stock_number: 'GLK-19',
    upc: '',
    title: 'Glock 19 Gen5 9mm',
    category: 'Semi Auto Pistols',
    manufacturer: 'Glock',
    model: '19 Gen5',
    caliber: '9mm',
    condition: 'New in box',
    price: '549.99',
    quantity: '3',
    description: 'Two magazines',
    image_urls: '',
    shipping_cost: '25',
    delivery_days: '2',
    excluded_states: 'CA|NY',
    ...overrides,
  };
  return INVENTORY_COLUMNS.map((column) => {
    const value = cells[column] ?? '';
    return /[",\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(',');
}

const file = (text: string | Uint8Array<ArrayBuffer>, name = 'stock.csv') =>
  new File([text], name, { type: 'text/csv' });

/** A blob whose stream hands out `pieces` as they are (to split characters and lines across reads). */
function pieceBlob(pieces: Uint8Array<ArrayBuffer>[], name = 'pieces.csv') {
  const size = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  const blob = {
    name,
    size,
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(piece);
          controller.close();
        },
      }),
  };
  return blob as unknown as Blob & { name: string };
}

describe('detectDelimiter', () => {
  it('chooses the separator the header uses, ignoring quoted text', () => {
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('a;b;c')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('"price, USD";qty;title')).toBe(';');
    expect(detectDelimiter('single')).toBe(',');
  });
});

describe('readInventoryFile', () => {
  it('reads our template: every row checked, numbered from 1 under the header', async () => {
    const text = [
      HEADER,
      row(),
      row({ stock_number: 'B-2', price: 'abc' }),
      row({ stock_number: 'C-3', condition: 'Mint', quantity: '' }),
    ].join('\n');
    const sheet = await readInventoryFile(file(text), { saved: null });
    const summary = sheet.summary();
    expect(summary).toMatchObject({
      fileName: 'stock.csv',
      delimiter: ',',
      encoding: 'utf-8',
      totalRows: 3,
      validRows: 1,
      errorRows: 2,
      missingRequired: [],
    });
    expect(summary.mapping.stock_number).toBe('stock_number');

    const errors = sheet.page({ filter: 'errors', offset: 0, limit: 10 });
    expect(errors.total).toBe(2);
    expect(errors.rows.map((line) => line.rowNumber)).toEqual([2, 3]);
    expect(errors.rows[0]?.issues).toEqual([{ column: 'price', message: InventoryMessage.moneyInvalid }]);
    expect(errors.rows[1]?.issues).toEqual([
      { column: 'condition', message: InventoryMessage.conditionUnknown('Mint') },
      { column: 'quantity', message: InventoryMessage.quantityRequired },
    ]);
    const all = sheet.page({ filter: 'all', offset: 0, limit: 1 });
    expect(all.total).toBe(3);
    expect(all.rows[0]).toMatchObject({ rowNumber: 1, issues: [], cells: { title: 'Glock 19 Gen5 9mm' } });
  });

  it('reads an Excel export: byte-order mark, semicolons, Windows line endings, quoted line breaks', async () => {
    const lines = [
      'Item #;Item Name;Category;Condition;Price;Qty On Hand',
      'A-1;"Ruger 10/22; stainless";Semi Auto Rifles;Used;"1.299,00";2',
      'A-2;"Two lines\r\nof title";Semi Auto Rifles;Used;299;1',
      '',
      'A-3;Marlin 60;Semi Auto Rifles;Used;199.50;4',
    ];
    const sheet = await readInventoryFile(file(`\uFEFF${lines.join('\r\n')}\r\n`), { saved: null });
    const summary = sheet.summary();
    expect(summary.delimiter).toBe(';');
    expect(summary.headers[0]).toBe('Item #');
    expect(summary.mapping).toMatchObject({
      stock_number: 'Item #',
      title: 'Item Name',
      category: 'Category',
      condition: 'Condition',
      price: 'Price',
      quantity: 'Qty On Hand',
    });
    // The empty line is skipped; the quoted line break stays inside its cell.
    expect(summary.totalRows).toBe(3);
    const page = sheet.page({ filter: 'all', offset: 0, limit: 5 });
    expect(page.rows[0]?.cells.title).toBe('Ruger 10/22; stainless');
    // A European decimal comma is not a US amount: reported, not guessed.
    expect(page.rows[0]?.issues).toEqual([{ column: 'price', message: InventoryMessage.moneyInvalid }]);
    expect(page.rows[1]).toMatchObject({
      rowNumber: 2,
      issues: [],
      cells: { title: 'Two lines\r\nof title' },
    });
    expect(page.rows[2]).toMatchObject({ rowNumber: 3, issues: [] });
  });

  it('reads a file that is not UTF-8 as Windows-1252 (older Excel)', async () => {
    const text = `${HEADER}\n${row({ title: 'Beretta 92FS Caf\u00e9 finish' })}\n`;
    const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
    const sheet = await readInventoryFile(file(bytes), { saved: null });
    expect(sheet.encoding).toBe('windows-1252');
    // The server reads UTF-8: the copy that is sent.
    expect(await sheet.utf8Copy?.text()).toBe(text);
    expect(sheet.page({ filter: 'all', offset: 0, limit: 1 }).rows[0]?.cells.title).toBe(
      'Beretta 92FS Caf\u00e9 finish',
    );
  });

  it('gives the same rows however the bytes and the text are split', async () => {
    const text = `\uFEFF${HEADER}\r\n${row({ title: 'Sig P365 \u00c9dition "X"' })}\r\n${row({ stock_number: 'Z-9' })}\r\n`;
    const bytes = new TextEncoder().encode(text);
    const pieces: Uint8Array<ArrayBuffer>[] = [];
    for (let at = 0; at < bytes.length; at += 5) pieces.push(bytes.slice(at, at + 5));
    const whole = await readInventoryFile(file(bytes), { saved: null });
    const split = await readInventoryFile(pieceBlob(pieces), { saved: null, chunkChars: 7 });
    expect(split.summary()).toEqual({ ...whole.summary(), fileName: 'pieces.csv' });
    expect(split.page({ filter: 'all', offset: 0, limit: 5 })).toEqual(
      whole.page({ filter: 'all', offset: 0, limit: 5 }),
    );
    expect(split.page({ filter: 'all', offset: 0, limit: 1 }).rows[0]?.cells.title).toBe(
      'Sig P365 \u00c9dition "X"',
    );
  });

  it('reports a stock number an earlier valid row already carried, as the server does', async () => {
    const text = [
      HEADER,
      row({ stock_number: 'bad-1', price: '' }),
      row({ stock_number: 'BAD-1' }),
      row({ stock_number: 'dup-1' }),
      row({ stock_number: 'DUP-1' }),
    ].join('\n');
    const sheet = await readInventoryFile(file(text), { saved: null });
    const errors = sheet.page({ filter: 'errors', offset: 0, limit: 5 }).rows;
    // Row 2 is the first valid row with BAD-1 (row 1 failed and is not imported).
    expect(errors.map((line) => line.rowNumber)).toEqual([1, 4]);
    expect(errors[1]?.issues).toEqual([
      { column: 'stock_number', message: InventoryMessage.duplicateStockNumber(3) },
    ]);
  });

  it('starts from the seller’s saved mapping where the file has those headers', async () => {
    const text = ['Ref,Name,Cat,Cond,Cost,Stock', 'R1,Glock 17,Semi Auto Pistols,Used,400,1'].join('\n');
    const auto = await readInventoryFile(file(text), { saved: null });
    expect(auto.summary().missingRequired).toContain('stock_number');

    const saved = {
      stock_number: 'Ref',
      price: 'Cost',
      quantity: 'Stock',
      category: 'Cat',
      condition: 'Cond',
      upc: 'Gone',
    };
    const sheet = await readInventoryFile(file(text), { saved });
    expect(sheet.summary()).toMatchObject({ missingRequired: [], validRows: 1 });
    expect(sheet.mapping).toMatchObject({ stock_number: 'Ref', title: 'Name', price: 'Cost' });
    expect(sheet.mapping.upc).toBeUndefined();
  });

  it('checks every row again with a changed mapping', async () => {
    const text = [
      'sku,title,category,condition,price,quantity,retail',
      'S1,Glock 17,Semi Auto Pistols,Used,,1,450',
    ].join('\n');
    const sheet = await readInventoryFile(file(text), { saved: null });
    expect(sheet.summary().errorRows).toBe(1);
    const progress: number[] = [];
    sheet.remap({ ...sheet.mapping, price: 'retail' }, (checked) => progress.push(checked), 1);
    expect(sheet.summary()).toMatchObject({ errorRows: 0, validRows: 1 });
    expect(progress).toEqual([1]);
  });

  it('reports reading progress by bytes', async () => {
    const text = [
      HEADER,
      ...Array.from({ length: 200 }, (_, index) => row({ stock_number: `S-${index}` })),
    ].join('\n');
    const seen: SheetProgress[] = [];
    await readInventoryFile(file(text), { saved: null, onProgress: (progress) => seen.push(progress) });
    expect(seen.length).toBeGreaterThan(0);
    const last = seen.at(-1);
    expect(last).toMatchObject({ phase: 'reading', done: new TextEncoder().encode(text).length });
    // The last line has no line break: it is read once the file has ended.
    expect(last?.rows).toBe(199);
  });

  it('refuses an empty file and a file without a header row', async () => {
    await expect(readInventoryFile(file(''), { saved: null })).rejects.toThrow(FILE_MESSAGES.empty);
    await expect(readInventoryFile(file('\r\n\r\n'), { saved: null })).rejects.toBeInstanceOf(
      InventoryFileError,
    );
    await expect(
      readInventoryFile(file('GLK-19,Glock 19,549.99\nGLK-17,Glock 17,499.99\n'), { saved: null }),
    ).rejects.toThrow(FILE_MESSAGES.noHeader);
  });
});

describe('initialMapping and mappingToSave', () => {
  it('keeps "not in my file" choices and fills the rest automatically', () => {
    const headers = ['stock_number', 'title', 'upc', 'price'];
    expect(initialMapping(headers, { upc: null })).toEqual({
      stock_number: 'stock_number',
      title: 'title',
      price: 'price',
    });
    const saved = mappingToSave({ title: 'Name' });
    expect(saved.title).toBe('Name');
    expect(saved.upc).toBeNull();
    expect(Object.keys(saved)).toEqual([...INVENTORY_COLUMNS]);
  });
});
