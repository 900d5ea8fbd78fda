import { useEffect, useRef, useState } from 'react';
import { type LoginRequestDetail, onLoginRequest } from '../../lib/session/login-request.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoginForm } from './login-form.tsx';

/**
 * The login modal (spec §2, §4): opened by a login request event from any feature; closing it
 * settles the request, true when the user signed in (the opener then refreshes what it shows).
 */
export function LoginModalHost() {
  const [request, setRequest] = useState<LoginRequestDetail | null>(null);
  const current = useRef<LoginRequestDetail | null>(null);

  useEffect(
    () =>
      onLoginRequest((detail) => {
        // A second request while one is open replaces it; the first is told it was dismissed.
        current.current?.settle(false);
        current.current = detail;
        setRequest(detail);
      }),
    [],
  );

  const close = (signedIn: boolean) => {
    current.current?.settle(signedIn);
    current.current = null;
    setRequest(null);
  };

  return (
    <ModalDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) close(false);
      }}
      title="Log In"
      description={request?.reason ?? 'Sign in to continue.'}
    >
      {request ? <LoginForm mode="modal" onClose={close} /> : null}
    </ModalDialog>
  );
}
