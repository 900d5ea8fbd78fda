import { Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';
import styles from './form-field.module.css';

export interface FormFieldProps {
  label: string;
  /** The spec's message for the field, shown in alert colour under it. */
  error?: string | undefined;
  /** Help text under the field. */
  help?: ReactNode;
  optional?: boolean;
  className?: string;
  /** Renders the control with the ids that tie it to its label, help and error. */
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** Label above the control, help text below, the error under it (design brief, Forms). */
export function FormField({ label, error, help, optional, className, children }: FormFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {help ? (
        <div id={helpId} className={styles.help}>
          {help}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className={styles.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function TextInput({ className, ...rest }: ComponentPropsWithRef<'input'>) {
  return <input className={className ? `${styles.input} ${className}` : styles.input} {...rest} />;
}

export function SelectInput({ className, ...rest }: ComponentPropsWithRef<'select'>) {
  return <select className={className ? `${styles.input} ${className}` : styles.input} {...rest} />;
}

/** A password input with a show/hide toggle. */
export function PasswordInput(props: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.passwordWrap}>
      <input {...props} type={visible ? 'text' : 'password'} className={styles.input} />
      <button
        type="button"
        className={styles.toggle}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}

export function Checkbox({
  label,
  ...rest
}: Omit<ComponentPropsWithRef<'input'>, 'type'> & { label: ReactNode }) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}

/** A field's message outside a FormField (e.g. under a checkbox). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <div id={id} className={styles.error}>
      {children}
    </div>
  );
}

/** A message about the whole form (a refused sign-in, a failed payment). */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className={styles.formError}>
      {children}
    </div>
  );
}

export function FormNotice({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="status" className={styles.formNotice}>
      {children}
    </div>
  );
}
