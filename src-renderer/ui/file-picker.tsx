import type { LucideIcon } from 'lucide-react';
import { type ComponentPropsWithRef, type DragEvent, type ReactNode, useId, useState } from 'react';
import { FILE_PICK_RULES, type FilePickKind } from '../lib/platform/platform.ts';
import { usePlatform } from '../lib/platform/platform-context.tsx';
import { Button } from './button.tsx';
import styles from './file-picker.module.css';
import { FieldError } from './form-field.tsx';

export interface FileChooserProps
  extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'className' | 'onChange' | 'children'> {
  /** The text of the button-like label, e.g. "Choose photos". */
  label: ReactNode;
  /** The files chosen (none when a choice is cleared). */
  onFiles: (files: File[]) => void;
  /**
   * The input holds the chosen files until the next choice, as a field sent with its form does.
   * Otherwise it is emptied once the files are handed over, so the same file can be chosen again.
   */
  keepsChoice?: boolean;
}

/**
 * A file input shown as a button. The browser's own input stays in the page, focusable and opened
 * with Enter or Space, but out of sight: the page names the chosen files once, where it lists them.
 */
export function FileChooser({
  label,
  onFiles,
  keepsChoice = false,
  id,
  disabled,
  ...rest
}: FileChooserProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <span className={styles.chooser}>
      <input
        {...rest}
        id={inputId}
        className={styles.input}
        type="file"
        disabled={disabled}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          if (!keepsChoice) event.target.value = '';
        }}
      />
      <label htmlFor={inputId} className={styles.label} aria-disabled={disabled}>
        {label}
      </label>
    </span>
  );
}

export interface DropZoneProps {
  /** The zone's name for assistive technology, e.g. "Add photos". */
  label: string;
  icon: LucideIcon;
  /** What may be dropped or chosen: kinds, count and size. It describes the file input too. */
  hint: ReactNode;
  /** The text of the choose button. */
  chooseLabel: string;
  /** Which files: what the input accepts, whether several, and the desktop's own picker for them. */
  kind: FilePickKind;
  /** Files dropped or chosen; never called with none. */
  onFiles: (files: File[]) => void;
  /** The desktop picker could not open the chosen files. */
  onPickError: (error: unknown) => void;
  /** Nothing can be added now: drops are ignored and the pickers are off. */
  disabled?: boolean;
  /** The pickers are off, but a drop is still handed over, so the page can say why it is refused. */
  full?: boolean;
  /** The id of the message shown for the zone, while one is shown. */
  errorId?: string | undefined;
  /** Shown under the pickers (a count, for instance). */
  children?: ReactNode;
}

/**
 * Where files are added: dropped on the zone, chosen with the file input, or on the desktop client
 * with the system's own picker ("Browse this computer").
 */
export function DropZone({
  label,
  icon: Icon,
  hint,
  chooseLabel,
  kind,
  onFiles,
  onPickError,
  disabled = false,
  full = false,
  errorId,
  children,
}: DropZoneProps) {
  const platform = usePlatform();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const rules = FILE_PICK_RULES[kind];

  function take(files: File[]) {
    if (files.length > 0) onFiles(files);
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take([...event.dataTransfer.files]);
  }

  async function pickNative() {
    try {
      take(await platform.pickFiles(kind));
    } catch (error) {
      onPickError(error);
    }
  }

  const hintId = `${id}-hint`;
  const off = disabled || full;
  return (
    <fieldset
      className={dragging ? `${styles.zone} ${styles.dragging}` : styles.zone}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <legend className="visually-hidden">{label}</legend>
      <Icon size={28} aria-hidden="true" />
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <div className={styles.pickers}>
        <FileChooser
          label={chooseLabel}
          accept={rules.accept}
          multiple={rules.multiple}
          disabled={off}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          onFiles={take}
        />
        {platform.kind === 'desktop' ? (
          <Button variant="secondary" size="sm" disabled={off} onClick={() => void pickNative()}>
            Browse this computer
          </Button>
        ) : null}
      </div>
      {children}
    </fieldset>
  );
}

export interface DropZoneMessagesProps {
  /** The id the zone was given as `errorId`, which ties the message to it. */
  errorId: string;
  error?: string | null | undefined;
  /** Why each file left out of the last drop or choice was refused. */
  refused: readonly string[];
  /** What a screen reader is told of the last change (files added, moved or removed). */
  announcement: string;
}

/** What is said under a drop zone: its message, the files refused and why, and the last change. */
export function DropZoneMessages({ errorId, error, refused, announcement }: DropZoneMessagesProps) {
  return (
    <>
      <FieldError id={errorId}>{error}</FieldError>
      {refused.length > 0 ? (
        <ul className={styles.refused} role="alert">
          {refused.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
    </>
  );
}
