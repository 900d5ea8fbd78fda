import { afterEach, describe, expect, it } from 'vitest';
import { INVENTORY_FILE_MAX_BYTES, inventoryFileProblem } from './inventory-file-rules.ts';
import { readSavedMapping, savedMappingKey, writeSavedMapping } from './mapping-storage.ts';

afterEach(() => localStorage.clear());

describe('the remembered column mapping', () => {
  it('is kept per seller account', () => {
    writeSavedMapping('seller-a', { stock_number: 'Item #', upc: null });
    writeSavedMapping('seller-b', { stock_number: 'SKU' });
    expect(readSavedMapping('seller-a')).toEqual({ stock_number: 'Item #', upc: null });
    expect(readSavedMapping('seller-b')).toEqual({ stock_number: 'SKU' });
    expect(readSavedMapping('seller-c')).toBeNull();
  });

  it('ignores what is not a mapping (another version, a hand edit)', () => {
    localStorage.setItem(savedMappingKey('s'), '{"stock_number":"A","colour":"B","price":7}');
    expect(readSavedMapping('s')).toEqual({ stock_number: 'A' });
    localStorage.setItem(savedMappingKey('s'), '["stock_number"]');
    expect(readSavedMapping('s')).toBeNull();
    localStorage.setItem(savedMappingKey('s'), 'not json');
    expect(readSavedMapping('s')).toBeNull();
  });
});

describe('inventoryFileProblem', () => {
  const file = (name: string, size = 10, type = 'text/csv') => ({ name, size, type });

  it('takes CSV and text files up to the server’s limit', () => {
    expect(inventoryFileProblem(file('stock.csv'))).toBeNull();
    expect(inventoryFileProblem(file('STOCK.CSV', 10, ''))).toBeNull();
    expect(inventoryFileProblem(file('export.txt', 10, 'text/plain'))).toBeNull();
    expect(inventoryFileProblem(file('big.csv', INVENTORY_FILE_MAX_BYTES))).toBeNull();
  });

  it('says why it refuses a workbook, another kind of file, an empty or too large file', () => {
    expect(inventoryFileProblem(file('stock.xlsx', 10, 'application/vnd.ms-excel'))).toMatch(
      /Excel workbook/,
    );
    expect(inventoryFileProblem(file('photo.jpg', 10, 'image/jpeg'))).toMatch(/is not a CSV file/);
    expect(inventoryFileProblem(file('empty.csv', 0))).toBe('empty.csv is empty.');
    expect(inventoryFileProblem(file('big.csv', INVENTORY_FILE_MAX_BYTES + 1))).toMatch(/larger than 40 MB/);
  });
});
