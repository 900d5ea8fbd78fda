import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type LoginRequestDetail, onLoginRequest } from '../../lib/session/login-request.ts';

// The dialog, the form and its validation load on the first request, not with every page.
const LoginModalDialog = lazy(() =>
  import('./login-modal-dialog.tsx').then((m) => ({ default: m.LoginModalDialog })),
);

/**
 * The login modal: opened by a login request event from any feature; closing it
 * settles the request, true when the user signed in (the opener then refreshes what it shows).
 */
export function LoginModalHost() {
  const [request, setRequest] = useState<LoginRequestDetail | null>(null);
  const [requested, setRequested] = useState(false);
  const current = useRef<LoginRequestDetail | null>(null);

  useEffect(
    () =>
      onLoginRequest((detail) => {
        // A second request while one is open replaces it; the first is told it was dismissed.
        current.current?.settle(false);
        current.current = detail;
        setRequest(detail);
        setRequested(true);
      }),
    [],
  );

  const close = (signedIn: boolean) => {
    current.current?.settle(signedIn);
    current.current = null;
    setRequest(null);
  };

  // Once loaded, the dialog stays mounted so closing it hands focus back as before.
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LoginModalDialog request={request} onClose={close} />
    </Suspense>
  );
}
