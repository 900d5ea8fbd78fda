import type { LoginRequestDetail } from '../../lib/session/login-request.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoginForm } from './login-form.tsx';

export interface LoginModalDialogProps {
  /** The open request, or null when the modal is closed. */
  request: LoginRequestDetail | null;
  onClose(signedIn: boolean): void;
}

/** The login modal's dialog and form, loaded the first time someone asks to sign in. */
export function LoginModalDialog({ request, onClose }: LoginModalDialogProps) {
  return (
    <ModalDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
      title="Log In"
      description={request?.reason ?? 'Sign in to continue.'}
    >
      {request ? <LoginForm mode="modal" onClose={onClose} /> : null}
    </ModalDialog>
  );
}
