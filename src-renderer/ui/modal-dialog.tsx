import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './modal-dialog.module.css';

export interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** False for a choice the user must make with the dialog's own buttons. */
  dismissible?: boolean;
  wide?: boolean;
  /**
   * Where focus goes when the dialog closes; by default back to what opened it. Call
   * `event.preventDefault()` and focus another element when that one is gone (a row acted on).
   */
  onCloseAutoFocus?: (event: Event) => void;
  /** Where focus goes on open; by default the first control (the close button). Same contract as above. */
  onOpenAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/** A centred modal on the accessible Radix dialog: focus trapped, Escape and the close button dismiss. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  dismissible = true,
  wide = false,
  onCloseAutoFocus,
  onOpenAutoFocus,
  children,
}: ModalDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={wide ? `${styles.content} ${styles.wide}` : styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={onCloseAutoFocus}
          onOpenAutoFocus={onOpenAutoFocus}
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
          onInteractOutside={dismissible ? undefined : (event) => event.preventDefault()}
        >
          <div className={styles.header}>
            <div>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className={styles.description}>{description}</Dialog.Description>
              ) : null}
            </div>
            {dismissible ? (
              <Dialog.Close className={styles.close} aria-label="Close">
                <X size={18} aria-hidden="true" />
              </Dialog.Close>
            ) : null}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
