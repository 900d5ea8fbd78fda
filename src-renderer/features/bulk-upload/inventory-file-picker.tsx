import { FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import { DropZone } from '../../ui/file-picker.tsx';
import styles from './bulk-upload.module.css';
import { INVENTORY_FILE_MAX_MB, inventoryFileProblem } from './inventory-file-rules.ts';

export interface InventoryFilePickerProps {
  onFile: (file: File) => void;
  disabled?: boolean;
}

/** Choosing the inventory file: drop it, choose it with the file input, or (desktop) the native picker. */
export function InventoryFilePicker({ onFile, disabled = false }: InventoryFilePickerProps) {
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);

  function take(files: readonly File[]) {
    const file = files[0];
    if (!file) return;
    const problem = files.length > 1 ? 'Choose one file at a time.' : inventoryFileProblem(file);
    setRefused(problem);
    if (!problem) onFile(file);
  }

  const errorId = `${id}-error`;
  return (
    <div className={styles.picker}>
      <DropZone
        label="Inventory file"
        icon={FileSpreadsheet}
        hint={`Drag your inventory file here, or choose it. A CSV file (Excel: Save As, CSV UTF-8 or CSV), comma or semicolon separated, up to ${INVENTORY_FILE_MAX_MB} MB.`}
        chooseLabel="Choose a CSV file"
        kind="bulkInventory"
        onFiles={take}
        onPickError={(error) =>
          setRefused(error instanceof Error ? error.message : 'The file could not be opened.')
        }
        disabled={disabled}
        errorId={refused ? errorId : undefined}
      />
      {refused ? (
        <p id={errorId} className={styles.refused} role="alert">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
