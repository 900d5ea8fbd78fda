import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InventoryMessage } from '../../../shared/domain/inventory.ts';
import { INVENTORY_COLUMNS } from '../../../shared/domain/inventory-columns.ts';
import { InventoryPreview, PREVIEW_PAGE_SIZE } from './inventory-preview.tsx';
import { type InventorySheet, readInventoryFile } from './inventory-sheet.ts';

afterEach(cleanup);

const HEADER = INVENTORY_COLUMNS.join(',');
const good = (n: number) =>
  `S-${n},,Glock 19 number ${n},Semi Auto Pistols,Glock,19,9mm,New in box,549.99,2,,,,,`;

async function sheetOf(rows: string[]): Promise<InventorySheet> {
  return readInventoryFile(new File([[HEADER, ...rows].join('\n')], 'stock.csv'), { saved: null });
}

async function renderPreview(sheet: InventorySheet) {
  render(
    <InventoryPreview summary={sheet.summary()} loadPage={(query) => Promise.resolve(sheet.page(query))} />,
  );
  await act(async () => {});
}

describe('InventoryPreview', () => {
  it('counts ready rows and rows with errors, and shows each error with its row and column', async () => {
    const sheet = await sheetOf([
      good(1),
      good(2).replace('549.99', 'ten dollars'),
      good(3).replace('New in box', ''),
    ]);
    await renderPreview(sheet);
    expect(screen.getByText(/rows in stock\.csv/).textContent).toBe(
      '3 rows in stock.csv: 1 ready, 2 with errors.',
    );
    // With errors in the file, the rows with errors come first.
    expect(screen.getByRole('button', { name: 'Rows with errors (2)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('2');
    expect(rows[0]?.textContent).toContain(`Price: ${InventoryMessage.moneyInvalid}`);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('3');
    expect(rows[1]?.textContent).toContain(`Condition: ${InventoryMessage.conditionRequired}`);

    fireEvent.click(screen.getByRole('button', { name: 'All rows (3)' }));
    await act(async () => {});
    const all = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(all.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['1', '2', '3']);
    expect(all[0]?.textContent).toContain('Ready');
  });

  it('pages through a long file', async () => {
    const sheet = await sheetOf(Array.from({ length: 120 }, (_, index) => good(index + 1)));
    await renderPreview(sheet);
    const rowNumbers = () =>
      within(screen.getByRole('table'))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(rowNumbers()).toHaveLength(PREVIEW_PAGE_SIZE);
    const pages = screen.getByRole('navigation', { name: 'Preview pages' });
    expect(pages.textContent).toContain('Rows 1–50 of 120');
    expect(within(pages).getByRole('button', { name: 'Previous rows' })).toHaveProperty('disabled', true);

    fireEvent.click(within(pages).getByRole('button', { name: 'Next rows' }));
    await act(async () => {});
    fireEvent.click(within(pages).getByRole('button', { name: 'Next rows' }));
    await act(async () => {});
    expect(pages.textContent).toContain('Rows 101–120 of 120');
    expect(rowNumbers()).toEqual(Array.from({ length: 20 }, (_, index) => String(101 + index)));
    expect(within(pages).getByRole('button', { name: 'Next rows' })).toHaveProperty('disabled', true);
  });

  it('says so when no row has an error', async () => {
    const sheet = await sheetOf([good(1)]);
    await renderPreview(sheet);
    fireEvent.click(screen.getByRole('button', { name: 'Rows with errors (0)' }));
    await act(async () => {});
    expect(screen.getByText('No row has an error.')).toBeTruthy();
  });
});
