import { useId } from 'react';
import {
  type ColumnMapping,
  INVENTORY_COLUMN_INFO,
  INVENTORY_COLUMNS,
  type InventoryColumn,
} from '../../../shared/domain/inventory-columns.ts';
import { autoMapColumns } from '../../../shared/domain/inventory-mapping.ts';
import { Button } from '../../ui/button.tsx';
import { SelectInput } from '../../ui/form-field.tsx';
import styles from './bulk-upload.module.css';

export interface ColumnMappingEditorProps {
  headers: readonly string[];
  mapping: ColumnMapping;
  missingRequired: readonly InventoryColumn[];
  onChange: (mapping: ColumnMapping) => void;
  disabled?: boolean;
}

const NOT_IN_FILE = '';

/** For each template column, the column of the seller's file it is read from. */
export function ColumnMappingEditor({
  headers,
  mapping,
  missingRequired,
  onChange,
  disabled = false,
}: ColumnMappingEditorProps) {
  const id = useId();
  const choices = headers.filter((header, index) => header !== '' && headers.indexOf(header) === index);

  function choose(column: InventoryColumn, header: string) {
    const next: ColumnMapping = { ...mapping };
    if (header === NOT_IN_FILE) delete next[column];
    else next[column] = header;
    onChange(next);
  }

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <div className={styles.panelHeader}>
        <h3 id={`${id}-heading`} className={styles.subheading}>
          Columns
        </h3>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() => onChange(autoMapColumns(headers))}
        >
          Match columns automatically
        </Button>
      </div>
      <p className={styles.note}>
        Choose which column of your file holds each of ours. Your choices are remembered for your next file.
      </p>
      {missingRequired.length > 0 ? (
        <p className={styles.problem} role="alert">
          Choose a column for{' '}
          {missingRequired.map((column) => INVENTORY_COLUMN_INFO[column].label.toLowerCase()).join(', ')}: the
          file cannot be uploaded without {missingRequired.length === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      <div className={styles.mappingGrid}>
        {INVENTORY_COLUMNS.map((column) => {
          const info = INVENTORY_COLUMN_INFO[column];
          const selectId = `${id}-${column}`;
          const missing = missingRequired.includes(column);
          return (
            <div key={column} className={styles.mappingRow}>
              <label htmlFor={selectId} className={styles.mappingLabel}>
                {info.label}
                {info.required ? <span className={styles.required}> (required)</span> : null}
                <code className={styles.code} aria-hidden="true">
                  {column}
                </code>
              </label>
              <SelectInput
                id={selectId}
                value={mapping[column] ?? NOT_IN_FILE}
                disabled={disabled}
                aria-invalid={missing}
                onChange={(event) => choose(column, event.target.value)}
              >
                <option value={NOT_IN_FILE}>{info.required ? 'Choose a column' : 'Not in my file'}</option>
                {choices.map((header) => (
                  <option key={header} value={header}>
                    {header}
                  </option>
                ))}
              </SelectInput>
            </div>
          );
        })}
      </div>
    </section>
  );
}
