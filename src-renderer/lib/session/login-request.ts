/**
 * The login modal is opened by an event and closing it notifies the opener.
 * Any feature asks for sign-in with `requestLogin()`; the auth feature's modal listens for the
 * request and settles it: true when the user signed in, false when the modal was closed.
 */
export const LOGIN_REQUEST_EVENT = 'ironsight:login-request';

export interface LoginRequestDetail {
  /** Called once when the modal closes. */
  settle(signedIn: boolean): void;
  /** Where the modal should say the user is headed; defaults to the current page. */
  reason?: string;
}

export function requestLogin(reason?: string, target: EventTarget = window): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const detail: LoginRequestDetail = {
      settle: (signedIn) => {
        if (settled) return;
        settled = true;
        resolve(signedIn);
      },
      ...(reason ? { reason } : {}),
    };
    const delivered = target.dispatchEvent(
      new CustomEvent(LOGIN_REQUEST_EVENT, { detail, cancelable: true }),
    );
    // No modal mounted to take the request (it calls preventDefault): treat it as dismissed.
    if (delivered) detail.settle(false);
  });
}

/** For the modal: subscribe to requests; returns an unsubscribe function. */
export function onLoginRequest(
  listener: (detail: LoginRequestDetail) => void,
  target: EventTarget = window,
): () => void {
  const handler = (event: Event) => {
    event.preventDefault();
    listener((event as CustomEvent<LoginRequestDetail>).detail);
  };
  target.addEventListener(LOGIN_REQUEST_EVENT, handler);
  return () => target.removeEventListener(LOGIN_REQUEST_EVENT, handler);
}
