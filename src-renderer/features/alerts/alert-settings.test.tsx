import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '../../../shared/contract/alerts.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { findStatus } from '../../testing/status.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const notFound = () => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);

function settingsServer(answerSave: (body: Record<string, unknown>) => Response) {
  return createFakeFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/users/alert-settings' && request.method === 'GET') {
      return jsonResponse(DEFAULT_ALERT_SETTINGS);
    }
    if (path === '/api/users/alert-settings') return answerSave(JSON.parse(String(request.body)));
    return notFound();
  });
}

const saves = (fetch: { requests: RecordedRequest[] }) =>
  fetch.requests
    .filter((request) => request.url.startsWith('/api/users/alert-settings') && request.method === 'POST')
    .map((request) => JSON.parse(String(request.body)) as Record<string, unknown>);

describe('the alert settings of Buyer Tools', () => {
  it('shows the settings and saves local-listing alerts with a ZIP code and distance', async () => {
    const fetch = settingsServer((body) => jsonResponse(body));
    renderApp('/dashboard/buying/tools', { fetch, platform: createMemoryPlatform(fakeToken()) });
    const form = await screen.findByRole('form', { name: 'Alert settings' });
    const digest = within(form).getByLabelText(/E-mail me one digest/) as HTMLInputElement;
    expect(digest.checked).toBe(true);
    fireEvent.click(within(form).getByLabelText('Alert me about new local listings near me'));
    fireEvent.change(within(form).getByLabelText(/ZIP code/), { target: { value: '75201' } });
    fireEvent.change(within(form).getByLabelText('Distance'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('New saved searches alert me'), {
      target: { value: 'Immediately' },
    });
    fireEvent.click(digest);
    fireEvent.click(within(form).getByRole('button', { name: 'Save alert settings' }));
    expect((await findStatus()).textContent).toBe('Your alert settings are saved.');
    expect(saves(fetch)).toEqual([
      {
        emailDigest: false,
        defaultFrequency: 'Immediately',
        priceDrops: true,
        localListings: true,
        localZipCode: '75201',
        localDistance: 25,
      },
    ]);
  });

  it('asks for a ZIP code before local alerts are sent, and keeps what was typed when the server refuses', async () => {
    const fetch = settingsServer(() =>
      jsonResponse(
        {
          error: {
            code: 'validation_failed',
            message: 'We do not know this ZIP code. Check it and try again.',
            fields: { localZipCode: 'We do not know this ZIP code. Check it and try again.' },
          },
        },
        400,
      ),
    );
    renderApp('/dashboard/buying/tools', { fetch, platform: createMemoryPlatform(fakeToken()) });
    const form = await screen.findByRole('form', { name: 'Alert settings' });
    fireEvent.click(within(form).getByLabelText('Alert me about new local listings near me'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save alert settings' }));
    expect(
      await within(form).findByText('Enter your ZIP code to hear about listings near you.'),
    ).toBeTruthy();
    expect(saves(fetch)).toEqual([]);

    const zip = within(form).getByLabelText(/ZIP code/) as HTMLInputElement;
    fireEvent.change(zip, { target: { value: '00000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save alert settings' }));
    expect(
      await within(form).findByText('We do not know this ZIP code. Check it and try again.'),
    ).toBeTruthy();
    expect(zip.value).toBe('00000');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the unsubscribe page of a digest e-mail', () => {
  it('stops the e-mails with the link’s token, without signing in', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.startsWith('/api/alerts/unsubscribe')
        ? jsonResponse({ success: true, email: 'buyer@example.com' })
        : notFound(),
    );
    renderApp('/alerts/unsubscribe?token=a.signed.token-from-the-email', { fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop alert e-mails' }));
    expect((await findStatus()).textContent).toContain('buyer@example.com gets no more alert e-mails');
    const body = fetch.requests.find((request) => request.url.startsWith('/api/alerts/unsubscribe'))?.body;
    expect(JSON.parse(String(body))).toEqual({ token: 'a.signed.token-from-the-email' });
    expect(fetch.requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('says so when the link is not valid', async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse(
        {
          error: {
            code: 'bad_request',
            message:
              'This unsubscribe link is not valid. Sign in and turn alert e-mails off under Buyer Tools.',
          },
        },
        400,
      ),
    );
    renderApp('/alerts/unsubscribe?token=a.forged.token-that-is-long', { fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop alert e-mails' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This unsubscribe link is not valid.');
  });

  it('does nothing on its own when opened (a mail scanner following the link unsubscribes nobody)', async () => {
    const fetch = createFakeFetch(() => notFound());
    renderApp('/alerts/unsubscribe?token=a.signed.token-from-the-email', { fetch });
    expect(await screen.findByRole('button', { name: 'Stop alert e-mails' })).toBeTruthy();
    expect(fetch.requests.filter((request) => request.url.startsWith('/api/alerts/unsubscribe'))).toEqual([]);
  });
});
