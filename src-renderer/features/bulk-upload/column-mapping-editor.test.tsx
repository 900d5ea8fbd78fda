import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVENTORY_COLUMNS } from '../../../shared/domain/inventory-columns.ts';
import { autoMapColumns, missingRequiredColumns } from '../../../shared/domain/inventory-mapping.ts';
import { ColumnMappingEditor } from './column-mapping-editor.tsx';

afterEach(cleanup);

const HEADERS = ['Item #', 'Item Name', 'Category', 'Condition', 'Retail', 'Qty', 'Notes'];

function renderEditor(onChange = vi.fn()) {
  const mapping = autoMapColumns(HEADERS);
  render(
    <ColumnMappingEditor
      headers={HEADERS}
      mapping={mapping}
      missingRequired={missingRequiredColumns(mapping)}
      onChange={onChange}
    />,
  );
  return { mapping, onChange };
}

describe('ColumnMappingEditor', () => {
  it('has one labelled choice per template column, showing the automatic match', () => {
    renderEditor();
    expect(screen.getAllByRole('combobox')).toHaveLength(INVENTORY_COLUMNS.length);
    expect(screen.getByRole('combobox', { name: 'Stock number (required)' })).toHaveProperty(
      'value',
      'Item #',
    );
    expect(screen.getByRole('combobox', { name: 'Title (required)' })).toHaveProperty('value', 'Item Name');
    expect(screen.getByRole('combobox', { name: 'Quantity (required)' })).toHaveProperty('value', 'Qty');
    const upc = screen.getByRole('combobox', { name: 'UPC' });
    expect(upc).toHaveProperty('value', '');
    expect(
      within(upc)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not in my file', ...HEADERS]);
  });

  it('changes one column at a time, and takes a column out with "not in my file"', () => {
    const { mapping, onChange } = renderEditor();
    expect(mapping.price).toBe('Retail');
    const description = screen.getByRole('combobox', { name: 'Description' });
    fireEvent.change(description, { target: { value: 'Notes' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...mapping, description: 'Notes' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Price (required)' }), { target: { value: '' } });
    const next = onChange.mock.lastCall?.[0];
    expect(next).not.toHaveProperty('price');
  });

  it('names the missing required columns in an alert, and marks their choices invalid', () => {
    render(
      <ColumnMappingEditor
        headers={HEADERS}
        mapping={{ title: 'Item Name' }}
        missingRequired={missingRequiredColumns({ title: 'Item Name' })}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(
      /Choose a column for stock number, category, condition, price, quantity/,
    );
    expect(screen.getByRole('combobox', { name: 'Price (required)' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Title (required)' }).getAttribute('aria-invalid')).toBe(
      'false',
    );
  });

  it('matches the columns automatically again on request', () => {
    const onChange = vi.fn();
    render(<ColumnMappingEditor headers={HEADERS} mapping={{}} missingRequired={[]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Match columns automatically' }));
    expect(onChange).toHaveBeenCalledWith(autoMapColumns(HEADERS));
  });
});
