import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FflSearchResponse, FflSearchResult } from '../../../shared/contract/ffl.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { FflFinder } from './ffl-finder.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

function dealer(n: number, overrides: Partial<FflSearchResult> = {}): FflSearchResult {
  return {
    id: `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    licenseNumber: `5-75-113-01-9K-${String(n).padStart(5, '0')}`,
    licenseName: `DEALER ${n} LLC`,
    businessName: `Dealer ${n}`,
    premiseStreet: `${n} Main St`,
    premiseCity: 'Dallas',
    premiseState: 'TX',
    premiseZip: '75207',
    phone: '(214) 555-0100',
    transferFee: null,
    notes: null,
    registered: false,
    distanceMiles: n * 1.5,
    ...overrides,
  };
}

const DEALERS = [
  dealer(1, { transferFee: 25, notes: 'Bring photo ID.', registered: true }),
  dealer(2),
  dealer(3, { businessName: null, licenseName: 'GARCIA, MARIA' }),
];

/** Answers GET /ffl/search like the server: filtered by name, paged. */
function finderServer(dealers: FflSearchResult[] = DEALERS) {
  return createFakeFetch((request: RecordedRequest) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname !== '/api/ffl/search') {
      return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }
    const zip = url.searchParams.get('zip');
    if (zip === '00000') {
      return jsonResponse(
        {
          error: {
            code: 'bad_request',
            message: 'The request is not valid.',
            fields: { 'query.zip': 'Unknown zip code.' },
          },
        },
        400,
      );
    }
    if (zip === '99999')
      return jsonResponse({ error: { code: 'internal', message: 'Something broke.' } }, 500);
    const name = url.searchParams.get('name')?.toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    const matches = dealers.filter(
      (row) => !name || `${row.businessName ?? ''} ${row.licenseName}`.toLowerCase().includes(name),
    );
    const answer: FflSearchResponse = {
      total: matches.length,
      page,
      pageSize,
      radius: zip ? Number(url.searchParams.get('radius')) : null,
      results: matches.slice((page - 1) * pageSize, page * pageSize),
    };
    return jsonResponse(answer);
  });
}

const searchUrls = (fetch: ReturnType<typeof finderServer>) =>
  fetch.requests.map((request) => request.url).filter((url) => url.startsWith('/api/ffl/search'));
const finder = () => within(screen.getByRole('region', { name: 'Dealer finder' }));
const dealerNames = () =>
  finder()
    .getAllByRole('article')
    .map((article) => article.getAttribute('aria-label'));

describe('the dealer finder page', () => {
  it('shows the dealers of the search in the address, nearest first, with a count for screen readers', async () => {
    const fetch = finderServer();
    renderApp('/ffl?zip=75207&radius=25', { fetch });
    await screen.findByRole('heading', { name: 'Dealers' });
    expect(dealerNames()).toEqual(['Dealer 1', 'Dealer 2', 'GARCIA, MARIA']);
    expect(finder().getByRole('status').textContent).toBe('3 dealers within 25 miles of 75207');
    const first = within(finder().getAllByRole('article')[0] as HTMLElement);
    expect(first.getByText('1.5 mi')).toBeTruthy();
    expect(first.getByText('$25.00')).toBeTruthy();
    expect(first.getByText('Bring photo ID.')).toBeTruthy();
    expect(first.getByText('1 Main St, Dallas, TX 75207')).toBeTruthy();
    expect(first.getByRole('link', { name: '(214) 555-0100' }).getAttribute('href')).toBe('tel:2145550100');
    expect(
      within(finder().getAllByRole('article')[1] as HTMLElement).getByText('Call the dealer'),
    ).toBeTruthy();
    expect((screen.getByLabelText('ZIP code') as HTMLInputElement).value).toBe('75207');
    expect(searchUrls(fetch)).toEqual(['/api/ffl/search?zip=75207&radius=25&page=1&pageSize=20']);
  });

  it('searches by name into the address, and back restores the previous search', async () => {
    const fetch = finderServer();
    const { router } = renderApp('/ffl?zip=75207&radius=25', { fetch });
    await screen.findByRole('heading', { name: 'Dealers' });
    fireEvent.change(screen.getByLabelText(/Dealer name/), { target: { value: 'garcia' } });
    fireEvent.change(screen.getByLabelText('Distance'), { target: { value: '50' } });
    await act(async () => {
      fireEvent.click(finder().getByRole('button', { name: 'Search' }));
    });
    await waitFor(() => expect(dealerNames()).toEqual(['GARCIA, MARIA']));
    expect(router.state.location.search).toBe('?zip=75207&radius=50&name=garcia');
    expect(finder().getByRole('status').textContent).toBe('1 dealer named “garcia” within 50 miles of 75207');

    await act(async () => {
      await router.navigate(-1);
    });
    await waitFor(() => expect(dealerNames()).toHaveLength(3));
    expect((screen.getByLabelText(/Dealer name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Distance') as HTMLSelectElement).value).toBe('25');
  });

  it('asks for a zip code or a name before searching, and checks the zip code', async () => {
    const fetch = finderServer();
    renderApp('/ffl', { fetch });
    await screen.findByText(/Enter a ZIP code to see licensed dealers/);
    await act(async () => {
      fireEvent.click(finder().getByRole('button', { name: 'Search' }));
    });
    expect(await screen.findByText('Enter a zip code or a dealer name.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '752' } });
    await act(async () => {
      fireEvent.click(finder().getByRole('button', { name: 'Search' }));
    });
    expect(await screen.findByText('Invalid zipcode format.')).toBeTruthy();
    expect(screen.getByLabelText('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(searchUrls(fetch)).toEqual([]);
  });

  it('shows the server’s zip code error on the field, an empty answer, and a failure with a retry', async () => {
    const fetch = finderServer();
    const { router } = renderApp('/ffl?zip=00000&radius=25', { fetch });
    expect(await screen.findByText('Unknown zip code.')).toBeTruthy();

    await act(async () => {
      await router.navigate('/ffl?name=nobody');
    });
    expect(await screen.findByRole('heading', { name: 'No dealers found' })).toBeTruthy();
    expect(finder().getByRole('status').textContent).toBe('0 dealers named “nobody”');

    await act(async () => {
      await router.navigate('/ffl?zip=99999&radius=25');
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something broke.');
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(searchUrls(fetch).filter((url) => url.includes('99999'))).toHaveLength(2));
  });

  it('pages through the results in the address', async () => {
    const many = Array.from({ length: 45 }, (_unused, index) => dealer(index + 1));
    const fetch = finderServer(many);
    const { router } = renderApp('/ffl?zip=75207&radius=100', { fetch });
    await screen.findByRole('heading', { name: 'Dealers' });
    const pages = within(screen.getByRole('navigation', { name: 'Dealer result pages' }));
    expect(pages.getByText('Page 1 of 3')).toBeTruthy();
    await act(async () => {
      fireEvent.click(pages.getByRole('button', { name: 'Next' }));
    });
    await waitFor(() => expect(dealerNames()[0]).toBe('Dealer 21'));
    expect(router.state.location.search).toBe('?zip=75207&radius=100&page=2');
  });
});

function Picker({ onPick }: { onPick: (id: string) => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <FflFinder
      initialSearch={{ zip: '75207' }}
      onSelect={(picked) => {
        setSelected(picked.id);
        onPick(picked.id);
      }}
      selectedId={selected}
      headingLevel={3}
    />
  );
}

describe('the dealer picker', () => {
  it('offers "Choose" on each result and reports the dealer chosen', async () => {
    const fetch = finderServer();
    const chosen: string[] = [];
    renderWithRouter(<Picker onPick={(id) => chosen.push(id)} />, { fetch });
    await screen.findByRole('heading', { name: 'Dealers', level: 3 });
    expect(screen.getAllByRole('button', { name: /^Choose / })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Dealer 2' }));
    expect(chosen).toEqual([DEALERS[1]?.id]);
    const picked = await screen.findByRole('button', { name: 'Chosen: Dealer 2' });
    expect(picked.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Dealer 2', level: 4 })).toBeTruthy();
    // The picker keeps its search to itself: the page address is untouched.
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
