import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../../shared/contract/auth.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const USER_ID = 'd1000000-0000-4000-8000-000000000042';

function server(routes: Record<string, (request: RecordedRequest) => Response>) {
  return createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const route = Object.entries(routes).find(([prefix]) => path.startsWith(prefix))?.[1];
    return route?.(request) ?? jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

const bodyOf = (fetch: { requests: RecordedRequest[] }, path: string) =>
  JSON.parse(String(fetch.requests.find((request) => request.url.includes(path))?.body));

function type(scope: ReturnType<typeof within>, label: string | RegExp, value: string) {
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('registration', () => {
  it('says while typing that an email is taken (a failed check counts as free)', async () => {
    const fetch = server({
      '/api/users/checkEmail/': (request) =>
        request.url.includes('taken%40example.com')
          ? jsonResponse({ isTaken: true })
          : jsonResponse({ error: { code: 'internal', message: 'x' } }, 500),
    });
    renderApp('/register', { fetch });
    const form = within(await screen.findByRole('form', { name: 'Create an account' }));
    type(form, 'Email', 'taken@example.com');
    expect(
      await form.findByText(
        'An account already uses this email. Log in, or reset your password.',
        undefined,
        {
          timeout: 2000,
        },
      ),
    ).toBeTruthy();
    type(form, 'Email', 'free@example.com');
    await waitFor(
      () => expect(fetch.requests.some((request) => request.url.includes('free%40example.com'))).toBe(true),
      { timeout: 2000 },
    );
    expect(form.queryByText(/already uses this email/)).toBeNull();
  });

  it('puts the server’s common-password refusal on the password and keeps the form', async () => {
    const fetch = server({
      '/api/users/checkEmail/': () => jsonResponse({ isTaken: false }),
      '/api/users/register': () =>
        jsonResponse(
          {
            error: {
              code: 'validation_failed',
              message: PASSWORD_MESSAGES.tooCommon,
              fields: { password: PASSWORD_MESSAGES.tooCommon },
            },
          },
          400,
        ),
    });
    renderApp('/register', { fetch });
    const form = within(await screen.findByRole('form', { name: 'Create an account' }));
    type(form, 'First name', 'Robin');
    type(form, 'Last name', 'Newman');
    type(form, 'Email', 'robin@example.com');
    type(form, 'Password', 'password');
    await click(form.getByLabelText(/I accept the terms/));
    await click(form.getByRole('button', { name: 'Create Account' }));
    expect(await form.findByText(PASSWORD_MESSAGES.tooCommon)).toBeTruthy();
    expect((form.getByLabelText('First name') as HTMLInputElement).value).toBe('Robin');
  });

  it('creates the account, signs in and asks to check the email', async () => {
    const token = fakeToken({ given_name: 'Robin', family_name: 'Newman', unique_name: USER_ID });
    const fetch = server({
      '/api/users/checkEmail/': () => jsonResponse({ isTaken: false }),
      '/api/users/register': () =>
        jsonResponse({ userId: USER_ID, jwtToken: token, emailConfirmationRequired: true }),
    });
    const platform = createMemoryPlatform();
    renderApp('/register', { fetch, platform });
    const form = within(await screen.findByRole('form', { name: 'Create an account' }));
    type(form, 'First name', 'Robin');
    type(form, 'Last name', 'Newman');
    type(form, 'Email', 'robin@example.com');
    type(form, 'Password', 'copper kettle mountain');
    type(form, /^Zip code/, '75201');
    await click(form.getByLabelText(/I accept the terms/));
    await click(form.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeTruthy();
    expect(
      screen.getByText('We sent a confirmation link to robin@example.com.', { exact: false }),
    ).toBeTruthy();
    expect(await platform.getToken()).toBe(token);
    expect(bodyOf(fetch, '/api/users/register')).toEqual({
      firstName: 'Robin',
      lastName: 'Newman',
      email: 'robin@example.com',
      password: 'copper kettle mountain',
      zipCode: '75201',
      acceptTerms: true,
      marketingOptIn: false,
    });
  });

  it('confirms the address of the emailed link once', async () => {
    const fetch = server({ '/api/users/email-confirm': () => jsonResponse({ success: true }) });
    renderApp(`/register?userId=${USER_ID}&confirm=abcdefghijklmnopqrstuvwxyz`, { fetch });
    expect(await screen.findByText('Your email address is confirmed. Thank you!')).toBeTruthy();
    expect(fetch.requests.filter((request) => request.url.includes('email-confirm'))).toHaveLength(1);
    expect(bodyOf(fetch, '/api/users/email-confirm')).toEqual({
      userId: USER_ID,
      token: 'abcdefghijklmnopqrstuvwxyz',
    });
  });
});

describe('forgot password', () => {
  it('answers the same whether or not the email has an account', async () => {
    for (const answer of [
      jsonResponse({ success: true }),
      jsonResponse({ error: { code: 'x', message: 'x' } }, 404),
    ]) {
      renderApp('/forgot-password', { fetch: server({ '/api/users/forgot-password': () => answer }) });
      const form = within(await screen.findByRole('form', { name: 'Request a password reset' }));
      type(form, 'Email', 'someone@example.com');
      await click(form.getByRole('button', { name: 'Send Reset Link' }));
      expect(await screen.findByText(/If an account exists for someone@example.com/)).toBeTruthy();
      cleanup();
    }
  });

  it('sets the new password with the emailed token', async () => {
    const fetch = server({ '/api/users/reset-password': () => jsonResponse({ success: true }) });
    renderApp('/forgot-password?token=reset-token-0123456789', { fetch });
    const form = within(await screen.findByRole('form', { name: 'Choose a new password' }));
    type(form, 'New password', 'short');
    await click(form.getByRole('button', { name: 'Save New Password' }));
    expect(await form.findByText(PASSWORD_MESSAGES.tooShort)).toBeTruthy();
    type(form, 'New password', 'a much longer passphrase');
    await click(form.getByRole('button', { name: 'Save New Password' }));
    expect(await screen.findByText(/Your password was changed/)).toBeTruthy();
    expect(bodyOf(fetch, '/api/users/reset-password')).toEqual({
      token: 'reset-token-0123456789',
      password: 'a much longer passphrase',
    });
  });
});

describe('expired password', () => {
  it('changes the password, then returns to the login with the email filled in', async () => {
    const fetch = server({ '/api/users/change-expired-password': () => jsonResponse({ success: true }) });
    const { router } = renderApp('/password-expired?email=expired%40example.com', { fetch });
    const form = within(await screen.findByRole('form', { name: 'Change expired password' }));
    expect((form.getByLabelText('Email') as HTMLInputElement).value).toBe('expired@example.com');
    type(form, 'Current password', 'old-password');
    type(form, 'New password', 'old-password');
    await click(form.getByRole('button', { name: 'Change Password' }));
    expect(await form.findByText(PASSWORD_MESSAGES.mustDiffer)).toBeTruthy();
    type(form, 'New password', 'fresh lantern orchard');
    await click(form.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your password was changed. Log in with your new password.')).toBeTruthy();
    expect(
      (within(screen.getByRole('form', { name: 'Log in' })).getByLabelText('Email') as HTMLInputElement)
        .value,
    ).toBe('expired@example.com');
  });
});

describe('account settings', () => {
  const profile = {
    id: 'd1000000-0000-4000-8000-000000000002',
    firstName: 'Sam',
    lastName: 'Seller',
    initials: 'SS',
    email: 'seller@example.com',
    phone: '2145550100',
    isSeller: true,
    isDealer: false,
    roles: ['Buyer', 'BasicSeller'],
    status: 'Active',
    membershipPlan: 'BasicSeller',
    sellerDisplayName: 'Sam S.',
    userOptions: 4,
    accountOptions: 0,
    address: { address1: '1 Elm St', address2: null, city: 'Dallas', state: 'TX', zip: '75201' },
    hasAcceptedPaymentSetup: true,
    legacyListerId: 100001,
    createdAt: '2026-01-05T15:00:00.000Z',
  };

  it('saves the profile (address kept), stores the fresh token and greets with the new name', async () => {
    const fresh = fakeToken({ ...SELLER_CLAIMS, given_name: 'Samuel' });
    const fetch = server({
      '/api/users/get': () => jsonResponse(profile),
      '/api/users/updateAccountInfo': () =>
        jsonResponse({ profile: { ...profile, firstName: 'Samuel' }, jwtToken: fresh }),
    });
    const platform = createMemoryPlatform(fakeToken(SELLER_CLAIMS));
    renderApp('/dashboard/accountsettings', { fetch, platform });
    const form = within(await screen.findByRole('form', { name: 'Profile' }));
    type(form, 'First name', 'Samuel');
    await click(form.getByRole('button', { name: 'Save Profile' }));
    expect(await form.findByText('Your profile is saved.')).toBeTruthy();
    expect(await platform.getToken()).toBe(fresh);
    expect(await screen.findByRole('button', { name: 'Account menu for Samuel Seller' })).toBeTruthy();
    expect(bodyOf(fetch, '/api/users/updateAccountInfo')).toEqual({
      firstName: 'Samuel',
      lastName: 'Seller',
      phone: '2145550100',
      sellerDisplayName: 'Sam S.',
      address: { address1: '1 Elm St', city: 'Dallas', state: 'TX', zip: '75201' },
    });
  });

  it('leaves out an address the profile does not show, so saving keeps a zip code given at registration', async () => {
    const fetch = server({
      '/api/users/get': () => jsonResponse({ ...profile, address: null }),
      '/api/users/updateAccountInfo': () =>
        jsonResponse({ profile: { ...profile, address: null }, jwtToken: fakeToken(SELLER_CLAIMS) }),
    });
    renderApp('/dashboard/accountsettings', {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    const form = within(await screen.findByRole('form', { name: 'Profile' }));
    await click(form.getByRole('button', { name: 'Save Profile' }));
    expect(await form.findByText('Your profile is saved.')).toBeTruthy();
    expect(bodyOf(fetch, '/api/users/updateAccountInfo')).not.toHaveProperty('address');
  });

  it('changes the password and keeps the session with the token it answers', async () => {
    const fresh = fakeToken({ iat: Math.floor(Date.now() / 1000) });
    const fetch = server({
      '/api/users/get': () => jsonResponse({ ...profile, isSeller: false }),
      '/api/users/changePassword': () => jsonResponse({ success: true, jwtToken: fresh }),
    });
    const platform = createMemoryPlatform(fakeToken());
    renderApp('/dashboard/accountsettings', { fetch, platform });
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    type(form, 'Current password', 'buyer-demo-2026');
    type(form, 'New password', 'another long passphrase');
    await click(form.getByRole('button', { name: 'Change Password' }));
    expect(await form.findByText(/Your password was changed/)).toBeTruthy();
    expect(await platform.getToken()).toBe(fresh);
    expect((form.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
