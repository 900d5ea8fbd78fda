import type { ReactNode, RefObject } from 'react';
import { useState } from 'react';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './admin-console.module.css';

/** The server's message for a failed call, or a general one. */
export function errorText(error: unknown): string {
  return isApiError(error) ? error.message : 'Something went wrong. Try again.';
}

/** A message in alert colour, read out when it appears; nothing when there is none. */
export function AlertText({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={styles.error}>
      {children}
    </p>
  );
}

/** What was just done, read out politely; nothing when there is none. */
export function DoneText({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className={styles.done}>
      {children}
    </p>
  );
}

/** A table's header row: its columns, then an Actions column (named for screen readers only) when rows have buttons. */
export function TableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

/** Loading, error and empty states of one list, then the list itself. */
export function ListState<T>({
  query,
  label,
  empty,
  isEmpty,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  label: string;
  empty: ReactNode;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <LoadingRegion label={`Loading ${label}`}>
        <div className={styles.skeletonRows}>
          <Skeleton height="2rem" />
          <Skeleton height="2rem" />
          <Skeleton height="2rem" />
        </div>
      </LoadingRegion>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className={styles.error}>
        <p>
          {label[0]?.toUpperCase()}
          {label.slice(1)} could not be loaded: {errorText(query.error)}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty(query.data)) return <p className={styles.empty}>{empty}</p>;
  return <>{children(query.data)}</>;
}

/**
 * A confirmation before an action: the title names the user (or record) it acts on, and the
 * action's own fields go inside. The error of a refused action shows in the dialog, which stays
 * open with what was typed.
 */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  /** Resolves when done (the dialog closes); throws to keep it open with the error shown. */
  onConfirm: () => Promise<unknown>;
  children?: ReactNode;
  disabled?: boolean | undefined;
  /** See ModalDialog: where focus goes on close when the element that opened the dialog is gone. */
  onCloseAutoFocus?: (event: Event) => void;
  /** The field focused when the dialog opens (by default its close button), so typing starts at once. */
  initialFocus?: RefObject<HTMLElement | null>;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
  disabled = false,
  onCloseAutoFocus,
  initialFocus,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };
  return (
    <ModalDialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
      onOpenAutoFocus={(event) => {
        if (!initialFocus?.current) return;
        event.preventDefault();
        initialFocus.current.focus();
      }}
    >
      <form
        className={styles.dialogForm}
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          try {
            await onConfirm();
            change(false);
          } catch (failure) {
            setError(errorText(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        {children}
        <AlertText>{error}</AlertText>
        <DialogActions>
          <Button variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || disabled}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}

export const formatMoney = (amount: number): string =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export const formatTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO moment as a datetime-local input's value (the browser's time zone, to the minute), and back. */
export function localInputOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
export const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** A console screen's path: adminPath('users/1b2…') is /admin/users/1b2…. */
export const adminPath = (rest = ''): string => (rest ? `${paths.admin()}/${rest}` : paths.admin());
