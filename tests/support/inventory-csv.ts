/** A generated inventory file of the template's columns, for the bulk upload benchmark and tests. */
import { csvLine } from '../../shared/domain/csv.ts';
import { INVENTORY_COLUMNS } from '../../shared/domain/inventory-columns.ts';

const MAKES = [
  ['Glock', '19 Gen5', '9mm Luger', 'Semi Auto Pistols'],
  ['Ruger', '10/22 Carbine', '22 LR', 'Semi Auto Rifles'],
  ['Smith & Wesson', 'Model 686', '357 Magnum', 'Revolvers'],
  ['Remington', '870 Express', '12 Gauge', 'Pump Action Shotguns'],
  ['Federal', 'American Eagle 50rd', '9mm Luger', 'Ammunition'],
  ['Vortex', 'Crossfire II 3-9x40', '', 'Optics'],
  ['Henry', 'Big Boy', '44 Magnum', 'Lever Action Rifles'],
  ['Magpul', 'PMAG 30', '5.56 NATO', 'Magazines'],
] as const;
const STATES = ['', 'CA', 'CA|NY', 'MA|NJ|NY', ''];
const CONDITIONS = ['New in box', 'Used', 'Never fired'];

/** The stock number of the generated row `index` (from 0). */
export const generatedStockNumber = (index: number) => `INV-${String(index).padStart(6, '0')}`;

/** A deterministic inventory file of `rows` valid items with distinct stock numbers. */
export function inventoryCsv(rows: number): Buffer {
  const lines = [INVENTORY_COLUMNS.join(',')];
  for (let index = 0; index < rows; index += 1) {
    const [make, model, caliber, category] = MAKES[index % MAKES.length] ?? MAKES[0];
    lines.push(
      csvLine([
        generatedStockNumber(index),
        '',
        `${make} ${model} ${caliber} #${index}`.trim(),
        category,
        make,
        model,
        caliber,
        CONDITIONS[index % CONDITIONS.length],
        `${100 + (index % 900)}.${String(index % 100).padStart(2, '0')}`,
        String(index % 25),
        `${make} ${model} in ${caliber || 'stock'} condition, ships fast.`,
        '',
        index % 3 === 0 ? '0' : '15.00',
        String(index % 5),
        STATES[index % STATES.length],
      ]),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}
