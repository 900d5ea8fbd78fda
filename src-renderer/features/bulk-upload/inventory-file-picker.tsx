import { FileSpreadsheet } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { FILE_PICK_RULES } from '../../lib/platform/platform.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Button } from '../../ui/button.tsx';
import styles from './bulk-upload.module.css';
import { INVENTORY_FILE_MAX_MB, inventoryFileProblem } from './inventory-file-rules.ts';

export interface InventoryFilePickerProps {
  onFile: (file: File) => void;
  disabled?: boolean;
}

/** Choosing the inventory file: drop it, choose it with the file input, or (desktop) the native picker. */
export function InventoryFilePicker({ onFile, disabled = false }: InventoryFilePickerProps) {
  const platform = usePlatform();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  function take(files: readonly File[]) {
    const file = files[0];
    if (!file) return;
    const problem = files.length > 1 ? 'Choose one file at a time.' : inventoryFileProblem(file);
    setRefused(problem);
    if (!problem) onFile(file);
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take([...event.dataTransfer.files]);
  }

  async function pickNative() {
    try {
      take(await platform.pickFiles('bulkInventory'));
    } catch (error) {
      setRefused(error instanceof Error ? error.message : 'The file could not be opened.');
    }
  }

  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.picker}>
      <fieldset
        aria-label="Inventory file"
        className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <FileSpreadsheet size={28} aria-hidden="true" />
        <p id={helpId} className={styles.dropText}>
          Drag your inventory file here, or choose it. A CSV file (Excel: Save As, CSV UTF-8 or CSV), comma or
          semicolon separated, up to {INVENTORY_FILE_MAX_MB} MB.
        </p>
        <div className={styles.pickers}>
          <input
            id={`${id}-input`}
            className={styles.fileInput}
            type="file"
            accept={FILE_PICK_RULES.bulkInventory.accept}
            disabled={disabled}
            aria-describedby={[helpId, refused ? errorId : null].filter(Boolean).join(' ')}
            onChange={(event) => {
              take([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <label htmlFor={`${id}-input`} className={styles.fileLabel} aria-disabled={disabled}>
            Choose a CSV file
          </label>
          {platform.kind === 'desktop' ? (
            <Button variant="secondary" size="sm" disabled={disabled} onClick={() => void pickNative()}>
              Browse this computer
            </Button>
          ) : null}
        </div>
      </fieldset>
      {refused ? (
        <p id={errorId} className={styles.refused} role="alert">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
