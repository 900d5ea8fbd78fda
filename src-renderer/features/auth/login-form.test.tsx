import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { requestLogin } from '../../lib/session/login-request.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const notFound = () => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);

const PAST_DUE_BODY = {
  error: { code: 'payment_required', message: 'Your account has a past-due balance.' },
  statusCode: 402,
  passwordExpired: false,
  pastDueAmount: 149.95,
  email: 'pastdue@example.com',
  freezeReason: 'NonPayment',
  unfreezeToken: 'unfreeze-proof',
};

/** The server as these tests need it: login answered by `login`, other calls by `routes`, the rest 404. */
function fakeServer(
  login: () => Response,
  routes: Record<string, (request: RecordedRequest) => Response> = {},
) {
  return createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/auth/login') return login();
    return routes[path]?.(request) ?? notFound();
  });
}

const signedIn =
  (token: string, hasAcceptedPaymentSetup = true) =>
  () =>
    jsonResponse({ jwtToken: token, statusCode: 200, passwordExpired: false, hasAcceptedPaymentSetup });

function loginForm() {
  return within(screen.getByRole('form', { name: 'Log in' }));
}

async function submit(email: string, password: string) {
  const form = loginForm();
  fireEvent.change(form.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(form.getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(form.getByRole('button', { name: 'Log In' }));
  });
}

function loginRequests(fetch: { requests: RecordedRequest[] }) {
  return fetch.requests.filter((request) => request.url.includes('/api/auth/login'));
}

describe('the login page', () => {
  it('an invalid submit shows every message and sends nothing', async () => {
    const fetch = fakeServer(signedIn(fakeToken()));
    renderApp('/login', { fetch });
    await screen.findByRole('form', { name: 'Log in' });
    await act(async () => {
      fireEvent.click(loginForm().getByRole('button', { name: 'Log In' }));
    });
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();

    fireEvent.change(loginForm().getByLabelText('Email'), { target: { value: 'nope' } });
    await act(async () => {
      fireEvent.click(loginForm().getByRole('button', { name: 'Log In' }));
    });
    expect(await screen.findByText('Enter a valid email.')).toBeTruthy();
    expect(loginRequests(fetch)).toEqual([]);
  });

  it('signs in, stores the token, loads favorites and goes to /dashboard', async () => {
    const token = fakeToken();
    const fetch = fakeServer(signedIn(token), {
      '/api/users/favorite-listings': () => jsonResponse({ results: [] }),
    });
    const platform = createMemoryPlatform();
    const { router } = renderApp('/login', { fetch, platform });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('buyer@example.com', 'buyer-demo-2026');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await platform.getToken()).toBe(token);
    expect(JSON.parse(String(loginRequests(fetch)[0]?.body))).toEqual({
      email: 'buyer@example.com',
      password: 'buyer-demo-2026',
    });
    expect(fetch.requests.some((request) => request.url.endsWith('/api/users/favorite-listings'))).toBe(true);
    expect(await screen.findByRole('button', { name: 'Account menu for Blake Buyer' })).toBeTruthy();
  });

  it('follows the return URL, and a failed favorites load does not stop it', async () => {
    const fetch = fakeServer(signedIn(fakeToken()));
    const { router } = renderApp('/login?returnUrl=%2Ffirearms%2Frifles', { fetch });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('buyer@example.com', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/firearms/rifles'));
  });

  it('a 401 says "Invalid email or password" and keeps what was typed', async () => {
    const fetch = fakeServer(() =>
      jsonResponse(
        {
          error: { code: 'unauthorized', message: 'Invalid email or password' },
          statusCode: 401,
          passwordExpired: false,
        },
        401,
      ),
    );
    const { router } = renderApp('/login', { fetch });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('buyer@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect((loginForm().getByLabelText('Email') as HTMLInputElement).value).toBe('buyer@example.com');
    expect((loginForm().getByLabelText('Password') as HTMLInputElement).value).toBe('wrong');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a request that fails on the way also says "Invalid email or password"', async () => {
    const fetch = createFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/login', { fetch });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('buyer@example.com', 'pw');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('a 403 with passwordExpired opens the password-expired screen with the email', async () => {
    const fetch = fakeServer(() =>
      jsonResponse(
        {
          error: { code: 'forbidden', message: 'Your password has expired.' },
          statusCode: 403,
          passwordExpired: true,
          email: 'expired@example.com',
        },
        403,
      ),
    );
    const { router } = renderApp('/login', { fetch });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('expired@example.com', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/password-expired'));
    expect(router.state.location.search).toBe('?email=expired%40example.com');
  });

  it('a token of an account pending registration leads to /register', async () => {
    const token = fakeToken({ accountOptions: 'PendingRegistration' });
    const platform = createMemoryPlatform();
    const { router } = renderApp('/login', { fetch: fakeServer(signedIn(token)), platform });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('pending@example.com', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await platform.getToken()).toBe(token);
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Registration' })).toBeTruthy();
  });

  it('a locked account leads to /register without a session', async () => {
    const platform = createMemoryPlatform();
    const { router } = renderApp('/login', {
      fetch: fakeServer(signedIn(fakeToken({ status: 'Locked' }))),
      platform,
    });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('locked@example.com', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await platform.getToken()).toBeNull();
    expect(await screen.findByText(/This account is locked/)).toBeTruthy();
  });

  it('a seller without payment setup is asked to set it up; Skip carries on to the return URL', async () => {
    const { router } = renderApp('/login?returnUrl=%2Fabout-us', {
      fetch: fakeServer(signedIn(fakeToken(SELLER_CLAIMS), false)),
    });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('newseller@example.com', 'pw');
    const dialog = await screen.findByRole('dialog', { name: 'No Accepted Payment Method' });
    expect(router.state.location.pathname).toBe('/login');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/about-us'));
  });

  it('Set up now goes to the live-checkout setup', async () => {
    const { router } = renderApp('/login', { fetch: fakeServer(signedIn(fakeToken(SELLER_CLAIMS), false)) });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('newseller@example.com', 'pw');
    const dialog = await screen.findByRole('dialog', { name: 'No Accepted Payment Method' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Set up now' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/selling/livecheckout'));
  });

  it('a buyer whose payment setup is not accepted is not asked (the prompt is for sellers)', async () => {
    const { router } = renderApp('/login', { fetch: fakeServer(signedIn(fakeToken(), false)) });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('buyer@example.com', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog', { name: 'No Accepted Payment Method' })).toBeNull();
  });

  it('saves the search carried by the login, then opens the saved searches', async () => {
    const fetch = fakeServer(signedIn(fakeToken()), {
      '/api/users/addOrUpdateSaveSearch': () =>
        jsonResponse({ error: { code: 'internal', message: 'Not yet' } }, 500),
    });
    const { router } = renderApp(
      '/login?returnUrl=%2Fsearch%3Fkeyword%3Dglock&searchName=Glocks&searchQuery=keyword%3Dglock&frequency=Daily',
      { fetch },
    );
    await screen.findByRole('form', { name: 'Log in' });
    await submit('buyer@example.com', 'pw');
    // Saving failed: the return URL with the search parameters.
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      keyword: 'glock',
      searchName: 'Glocks',
      searchQuery: 'keyword=glock',
      frequency: 'Daily',
    });
    const save = fetch.requests.find((request) => request.url.endsWith('/api/users/addOrUpdateSaveSearch'));
    expect(JSON.parse(String(save?.body))).toEqual({
      name: 'Glocks',
      searchQuery: 'keyword=glock',
      frequency: 'Daily',
    });
  });

  it('a saved search that is stored leads to the saved-searches dashboard', async () => {
    const fetch = fakeServer(signedIn(fakeToken()), {
      '/api/users/addOrUpdateSaveSearch': () =>
        jsonResponse({
          id: 'a1000000-0000-4000-8000-000000000001',
          userId: 'd1000000-0000-4000-8000-000000000001',
          name: 'Glocks',
          searchQuery: 'keyword=glock',
          frequency: 'Daily',
          filters: null,
          createdAt: '2026-01-05T15:00:00.000Z',
        }),
    });
    const { router } = renderApp('/login?searchName=Glocks&searchQuery=keyword%3Dglock&frequency=Daily', {
      fetch,
    });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('buyer@example.com', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/buying/savedsearches'));
  });
});

describe('the past-due modal', () => {
  async function openPastDue(unfreeze: (request: RecordedRequest) => Response) {
    const fetch = fakeServer(() => jsonResponse(PAST_DUE_BODY, 402), { '/api/users/unfreeze': unfreeze });
    const platform = createMemoryPlatform();
    const view = renderApp('/login', { fetch, platform });
    await screen.findByRole('form', { name: 'Log in' });
    await submit('pastdue@example.com', 'pw');
    const dialog = await screen.findByRole('dialog', { name: 'Past Due Balance Notice' });
    return { ...view, fetch, dialog: within(dialog) };
  }

  function fillBilling(dialog: ReturnType<typeof within>, card = '4242424242424242') {
    const type = (label: string, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    type('First name', 'Pat');
    type('Last name', 'Pastdue');
    type('Card number', card);
    type('Expiration (MM/YY)', '1230');
    type('CVV', '123');
    type('Address', '100 Main St');
    type('City', 'Dallas');
    type('State', 'TX');
    type('Zip code', '75201');
  }

  it('shows the amount, formats the card as typed, and sends the unfreeze payload with 20YY', async () => {
    const paid = fakeToken({ given_name: 'Pat', family_name: 'Pastdue' });
    const { dialog, fetch, router, platform } = await openPastDue(() =>
      jsonResponse({ jwt: paid, message: 'Paid.' }),
    );
    expect(dialog.getByText('$149.95')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Contact Support' }).getAttribute('target')).toBe('_blank');

    fillBilling(dialog);
    expect((dialog.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect((dialog.getByLabelText('Expiration (MM/YY)') as HTMLInputElement).value).toBe('12/30');
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Pay Now' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await platform.getToken()).toBe(paid);
    const sent = fetch.requests.find((request) => request.url.endsWith('/api/users/unfreeze'));
    expect(JSON.parse(String(sent?.body))).toEqual({
      customerFirstName: 'Pat',
      customerLastName: 'Pastdue',
      email: 'pastdue@example.com',
      cardNumber: '4242424242424242',
      cvc: '123',
      cardExpiration: '12/2030',
      billingCity: 'Dallas',
      billingState: 'TX',
      billingZip: '75201',
      billingAddress: '100 Main St',
      freezeReason: 'NonPayment',
      unfreezeToken: 'unfreeze-proof',
    });
  });

  it('an invalid form shows the billing messages and sends nothing', async () => {
    const { dialog, fetch } = await openPastDue(() => jsonResponse({}, 500));
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Pay Now' }));
    });
    expect(await dialog.findByText('Card number is required.')).toBeTruthy();
    expect(dialog.getByText('Expiration date is required.')).toBeTruthy();
    expect(dialog.getByText('CVV is required.')).toBeTruthy();
    expect(dialog.getByText('State is required.')).toBeTruthy();
    expect(dialog.getByText('Zipcode is required.')).toBeTruthy();
    expect(fetch.requests.some((request) => request.url.endsWith('/api/users/unfreeze'))).toBe(false);
  });

  it.each([
    [
      'a declined payment: the message as given',
      () => jsonResponse({ error: { code: 'payment_required', message: 'Your card was declined.' } }, 402),
      'Your card was declined.',
    ],
    [
      'an answer with only a message: contact support',
      () => jsonResponse({ message: 'Something happened.' }),
      'Error processing payment contact support',
    ],
    ['a failed request', () => jsonResponse({}, 502), 'Error processing payment'],
  ])('%s', async (_name, answer, message) => {
    const { dialog } = await openPastDue(answer);
    fillBilling(dialog);
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Pay Now' }));
    });
    expect((await dialog.findByRole('alert')).textContent).toBe(message);
    expect((dialog.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
  });
});

describe('the login modal', () => {
  it('opens on a login request and settles it true after signing in, staying on the page', async () => {
    const token = fakeToken();
    const { router } = renderApp('/about-us', { fetch: fakeServer(signedIn(token)) });
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    let result: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      result = requestLogin('Log in to save favorites.');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    expect(within(dialog).getByText('Log in to save favorites.')).toBeTruthy();
    await submit('buyer@example.com', 'pw');
    await expect(result).resolves.toBe(true);
    expect(router.state.location.pathname).toBe('/about-us');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log In' })).toBeNull());
  });

  it('settles false when closed', async () => {
    renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    let result: Promise<boolean> = Promise.resolve(true);
    await act(async () => {
      result = requestLogin();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    });
    await expect(result).resolves.toBe(false);
  });
});
