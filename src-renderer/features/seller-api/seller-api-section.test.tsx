import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientCredential, SellerApiResponse } from '../../../shared/contract/seller-api-credentials.ts';
import { SessionSync } from '../../lib/session/session-sync.tsx';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { SellerApiSection } from './seller-api-section.tsx';

const SECRET = 'iss_q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

const credential = (n: number, overrides: Partial<ClientCredential> = {}): ClientCredential => ({
  id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Program ${n}`,
  clientId: `isc_${String(n).padStart(32, '0')}`,
  createdAt: '2026-10-01T12:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

/** What the server answers, kept as the server keeps it: the list, a secret only in a create answer. */
function fakeServer(initial: ClientCredential[]) {
  let credentials = [...initial];
  let next = 10;
  return createFakeFetch((request: RecordedRequest) => {
    if (request.url.endsWith('/api/users/sellerapi')) {
      const body = JSON.parse(String(request.body));
      let created: SellerApiResponse['created'] = null;
      if (body.generate) {
        next += 1;
        const made = credential(next, { name: body.name, createdAt: '2026-10-05T09:30:00.000Z' });
        credentials = [made, ...credentials];
        created = { ...made, clientSecret: SECRET };
      }
      return jsonResponse({ credentials, created } satisfies SellerApiResponse);
    }
    const revoke = /\/api\/users\/clientCredentials\/([\w-]+)$/.exec(request.url);
    if (revoke && request.method === 'DELETE') {
      credentials = credentials.filter((c) => c.id !== revoke[1]);
      return jsonResponse({ success: true });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

const writeText = vi.fn(async (_text: string) => {});

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  writeText.mockClear();
});

function renderSection(fetch = fakeServer([credential(1, { lastUsedAt: '2026-10-03T15:00:00.000Z' })])) {
  // The app shell's session reader, as on the tools page.
  const view = renderWithRouter(
    <>
      <SessionSync />
      <SellerApiSection />
    </>,
    {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    },
  );
  return { ...view, fetch };
}

describe('SellerApiSection', () => {
  it("lists the seller's credentials and links to the API reference", async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Your credentials' });
    const row = within(table).getByRole('row', { name: /Program 1/ });
    expect(within(row).getByText('isc_00000000000000000000000000000001')).toBeDefined();
    expect(within(row).getByText('Oct 1, 2026')).toBeDefined();
    expect(within(row).getByText(/Oct 3, 2026/)).toBeDefined();
    const docs = screen.getByRole('link', { name: /API reference/ });
    expect(docs.getAttribute('href')).toBe('/api/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('heading', { level: 2, name: 'Seller API' })).toBeDefined();
  });

  it('asks for a name before creating anything', async () => {
    const { fetch } = renderSection();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Create credential' }));
    expect(await screen.findByText('Name the credential.')).toBeDefined();
    const name = screen.getByLabelText('Credential name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.requests.filter((r) => JSON.parse(String(r.body)).generate)).toHaveLength(0);
  });

  it('creates a credential and shows its secret once, with a copy button and a warning', async () => {
    const { fetch } = renderSection();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Credential name'), { target: { value: '  Store till ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create credential' }));

    const dialog = await screen.findByRole('dialog', { name: /Store till/ });
    const sent = fetch.requests.at(-1);
    expect(JSON.parse(String(sent?.body))).toEqual({ generate: true, name: 'Store till' });
    expect(within(dialog).getByRole('alert').textContent).toMatch(/only time the secret is shown/);
    expect(within(dialog).getByText(SECRET)).toBeDefined();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy the client secret' }));
    });
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(dialog).getByText('The client secret is copied.')).toBeDefined();

    // Only the dialog's own button closes it; afterwards the secret is gone from the page.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    const table = screen.getByRole('table', { name: 'Your credentials' });
    expect(within(table).getByRole('row', { name: /Store till/ })).toBeDefined();
  });

  it('revokes a credential only after confirming', async () => {
    const { fetch } = renderSection();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Program 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Program 1”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Program 1' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Revoke credential' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const revoke = fetch.requests.find((r) => r.method === 'DELETE');
    expect(revoke?.url).toBe('/api/users/clientCredentials/c0000000-0000-4000-8000-000000000001');
    expect(await screen.findByText('“Program 1” is revoked.')).toBeDefined();
    expect(await screen.findByText(/no credentials yet/)).toBeDefined();
  });

  it("shows the server's refusal", async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse({ error: { code: 'forbidden', message: 'Only seller accounts can do this.' } }, 403),
    );
    renderSection(fetch);
    expect((await screen.findByRole('alert')).textContent).toBe('Only seller accounts can do this.');
  });

  it('has no accessibility violations axe can find', async () => {
    const { container } = renderSection();
    await screen.findByRole('table');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
