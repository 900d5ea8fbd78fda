import {
  type ComponentPropsWithoutRef,
  type ComponentPropsWithRef,
  type FormEvent,
  type ReactNode,
  useState,
} from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import formFieldStyles from '../../ui/form-field.module.css';
import { FormField, TextInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { ConfirmDialog, type ConfirmDialogProps, errorText } from './console-parts.tsx';

/** A refused save: the server's message, and the message of each field it named. */
interface FormFailure {
  message: string;
  fields: Readonly<Record<string, string>>;
}

/** What a refused save shows: the typed form stays as it is, the messages beside it. */
function formFailureOf(failure: unknown): FormFailure {
  return { message: errorText(failure), fields: isApiError(failure) ? failure.fields : {} };
}

/**
 * A form's submit: `submit(send)` is the form's handler, which runs `send`; a refusal keeps what
 * was typed and is kept as `error` (the server's message and each named field's) until the next try.
 */
export function useFormSubmit() {
  const [error, setError] = useState<FormFailure | null>(null);
  const submit = (send: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await send();
    } catch (failure) {
      setError(formFailureOf(failure));
    }
  };
  return { error, submit };
}

export interface TextFieldProps
  extends Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'onChange' | 'children' | 'className'> {
  label: string;
  help?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  /** The class of the field (label, input and messages), e.g. one that lets it grow in a row. */
  className?: string;
  value: string;
  onValue: (value: string) => void;
}

/** A labelled text input whose value the screen keeps, with its help and the server's message. */
export function TextField({
  label,
  help,
  error,
  optional,
  className,
  value,
  onValue,
  ...input
}: TextFieldProps) {
  return (
    <FormField label={label} help={help} error={error} optional={optional} className={className}>
      {(control) => (
        <TextInput {...control} {...input} value={value} onChange={(event) => onValue(event.target.value)} />
      )}
    </FormField>
  );
}

export interface TextAreaFieldProps
  extends Omit<ComponentPropsWithRef<'textarea'>, 'value' | 'onChange' | 'children' | 'className'> {
  label: string;
  help?: ReactNode;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
}

/** A labelled text area (three lines unless told) whose value the screen keeps. */
export function TextAreaField({ label, help, error, value, onValue, ...textarea }: TextAreaFieldProps) {
  return (
    <FormField label={label} help={help} error={error}>
      {(control) => (
        <textarea
          {...control}
          className={formFieldStyles.input}
          rows={3}
          {...textarea}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </FormField>
  );
}

export interface ConfirmButtonProps extends Omit<ConfirmDialogProps, 'open' | 'onOpenChange'> {
  /** What the button says (a row's button names its record for screen readers). */
  button: ReactNode;
}

/** A row's small button that acts only after its confirmation dialog. */
export function ConfirmButton({ button, ...dialog }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {button}
      </Button>
      <ConfirmDialog open={open} onOpenChange={setOpen} {...dialog} />
    </>
  );
}

export interface SaveActionsProps {
  saving: boolean;
  /** The submit button's words ('Save ad', 'Add ad'). */
  submitLabel: string;
  /** Given while a record is edited: the button that starts a new one instead. */
  onNew?: (() => void) | undefined;
  newLabel: string;
}

/** An editor's buttons: save (Saving… meanwhile), and a new record instead of the one edited. */
export function SaveActions({ saving, submitLabel, onNew, newLabel }: SaveActionsProps) {
  return (
    <div className={styles.actions}>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : submitLabel}
      </Button>
      {onNew ? (
        <Button type="button" variant="secondary" onClick={onNew}>
          {newLabel}
        </Button>
      ) : null}
    </div>
  );
}
