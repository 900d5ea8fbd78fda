import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FflProfile } from '../../../shared/contract/ffl.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { DealerProfileSection } from './dealer-profile-section.tsx';

afterEach(() => {
  cleanup();
});

const UNLINKED: FflProfile = { dealer: null, active: false, licenseExpiresOn: null, licenseCopy: null };
const LINKED: FflProfile = {
  dealer: {
    id: 'f0000000-0000-4000-8000-000000000001',
    licenseNumber: '5-75-113-01-9K-01234',
    licenseName: 'LONE STAR FIREARMS LLC',
    businessName: 'Lone Star Firearms',
    premiseStreet: '1400 Commerce St',
    premiseCity: 'Dallas',
    premiseState: 'TX',
    premiseZip: '75201',
    phone: '(214) 555-0100',
    transferFee: 25,
    notes: 'Bring photo ID.',
    registered: true,
  },
  active: true,
  licenseExpiresOn: '2029-11-30',
  licenseCopy: null,
};

function profileServer(start: FflProfile | 'forbidden') {
  let profile = start;
  return createFakeFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (profile === 'forbidden') {
      return jsonResponse({ error: { code: 'forbidden', message: 'Only a licensed dealer.' } }, 403);
    }
    if (path === '/api/ffl/profile' && request.method === 'GET') return jsonResponse(profile);
    if (path === '/api/ffl/profile' && request.method === 'POST') {
      const body = JSON.parse(String(request.body));
      if (body.licenseNumber === '5-75-113-01-9K-99999') {
        return jsonResponse(
          {
            error: {
              code: 'bad_request',
              message: 'The request is not valid.',
              fields: { licenseNumber: 'No current federal licence has that number.' },
            },
          },
          400,
        );
      }
      profile = { ...LINKED, dealer: { ...(LINKED.dealer as NonNullable<FflProfile['dealer']>), ...body } };
      return jsonResponse(profile);
    }
    if (path === '/api/ffl/profile/license-copy') {
      profile = {
        ...(profile as FflProfile),
        licenseCopy: { mediaType: 'application/pdf', uploadedAt: '2026-11-20T10:00:00.000Z' },
      };
      return jsonResponse(profile);
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save dealer profile' }));
  });
};

describe('the dealer profile section', () => {
  it('links the licence by its number and saves fee and notes; the server’s field message shows', async () => {
    const fetch = profileServer(UNLINKED);
    renderWithRouter(<DealerProfileSection />, { fetch });
    await screen.findByText(/Enter your federal firearms licence number/);
    expect(screen.queryByLabelText('Licence copy')).toBeNull();

    fireEvent.change(screen.getByLabelText('Licence number'), { target: { value: '5-75-113-01-9K-99999' } });
    await submit();
    expect(await screen.findByText('No current federal licence has that number.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Licence number'), { target: { value: '57511301 9k01234' } });
    fireEvent.change(screen.getByLabelText(/Transfer fee/), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText(/Notes for buyers/), { target: { value: 'Open Saturdays.' } });
    await submit();
    expect(await screen.findByText('Your dealer profile is saved.')).toBeTruthy();
    const sent = fetch.requests
      .filter((request) => request.method === 'POST')
      .map((r) => JSON.parse(String(r.body)));
    expect(sent.at(-1)).toEqual({
      licenseNumber: '57511301 9k01234',
      transferFee: 30,
      notes: 'Open Saturdays.',
    });
    expect(screen.getByText(/Lone Star Firearms — 1400 Commerce St, Dallas, TX 75201/)).toBeTruthy();
    expect(screen.getByLabelText('Licence copy')).toBeTruthy();
  });

  it('checks the fee before sending', async () => {
    const fetch = profileServer(LINKED);
    renderWithRouter(<DealerProfileSection />, { fetch });
    await waitFor(() =>
      expect((screen.getByLabelText(/Transfer fee/) as HTMLInputElement).value).toBe('25.00'),
    );
    fireEvent.change(screen.getByLabelText(/Transfer fee/), { target: { value: '12.345' } });
    await submit();
    expect(await screen.findByText('Enter a fee in dollars and cents, e.g. 25 or 25.00.')).toBeTruthy();
    expect(fetch.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('uploads the licence copy', async () => {
    const fetch = profileServer(LINKED);
    renderWithRouter(<DealerProfileSection />, { fetch });
    const input = (await screen.findByLabelText('Licence copy')) as HTMLInputElement;
    const file = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    expect(await screen.findByText('Your licence copy is uploaded.')).toBeTruthy();
    expect(fetch.requests.some((request) => request.url === '/api/ffl/profile/license-copy')).toBe(true);
    expect(screen.getByText(/On file \(PDF, uploaded/)).toBeTruthy();
  });

  it('shows nothing to an account that is not a dealer’s', async () => {
    const fetch = profileServer('forbidden');
    const view = renderWithRouter(<DealerProfileSection />, { fetch });
    await waitFor(() => expect(fetch.requests).toHaveLength(1));
    await waitFor(() => expect(view.container.querySelector('section')).toBeNull());
    expect(screen.queryByText(/Loading your dealer profile/)).toBeNull();
  });
});
