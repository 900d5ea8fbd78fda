import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUserRow } from '../../../shared/contract/admin.ts';
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

const ADMIN_TOKEN = fakeToken({
  role: ['Buyer', 'Admin'],
  unique_name: 'd1000000-0000-4000-8000-0000000000ad',
  email: 'admin@example.com',
  given_name: 'Ada',
  family_name: 'Admin',
});

function row(n: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: `e1000000-0000-4000-8000-00000000000${n}`,
    email: `user${n}@example.com`,
    firstName: 'Priya',
    lastName: `Raman ${n}`,
    sellerDisplayName: null,
    roles: ['Buyer'],
    status: 'Active',
    accountOptions: 0,
    userOptions: 0,
    legacyListerId: null,
    createdAt: `2026-01-0${n}T10:00:00.000Z`,
    ...overrides,
  };
}

function detail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...row(1),
    phone: '(214) 555-0142',
    isDealer: false,
    emailConfirmed: true,
    freezeReasons: [],
    pastDueAmount: 0,
    listings: { total: 0, active: 0, frozen: 0 },
    orders: { asBuyer: 0, asSeller: 0 },
    escrow: { userId: row(1).id, email: row(1).email, balance: 42.5, pendingBalance: 0, entries: [] },
    recentListings: [],
    recentOrders: [],
    recentOffers: [],
    messageReports: [],
    signIns: [{ address: '203.0.113.7', userAgent: 'Firefox', createdAt: '2026-02-01T09:00:00.000Z' }],
    ...overrides,
  };
}

const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));

describe('user search', () => {
  it('opens with the search box focused; arrow keys move through the results and Enter opens one', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.includes('/pprAdmin/search-users')
        ? jsonResponse({ total: 2, page: 1, pageSize: 20, results: [row(1), row(2)] })
        : request.url.includes('/pprAdmin/users/')
          ? jsonResponse(detail())
          : jsonResponse({ results: [] }),
    );
    const { router } = renderApp('/admin', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    const box = await screen.findByRole('searchbox', { name: 'Search users' });
    await waitFor(() => expect(document.activeElement).toBe(box));

    fireEvent.change(box, { target: { value: 'raman' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(
        fetch.requests.some((r) => r.url.includes('search-users') && bodyOf(r).keyword === 'raman'),
      ).toBe(true),
    );
    const results = await screen.findByRole('list', { name: 'Users found' });
    const links = within(results).getAllByRole('link');
    expect(links).toHaveLength(2);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1] as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(box);

    fireEvent.click(links[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/users/${row(2).id}`));
  });

  it('says so when nothing matches, and shows the server error with a retry', async () => {
    let fail = true;
    const fetch = createFakeFetch(() =>
      fail
        ? jsonResponse({ error: { code: 'internal', message: 'The database is busy.' } }, 500)
        : jsonResponse({ total: 0, page: 1, pageSize: 20, results: [] }),
    );
    renderApp('/admin', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    expect((await screen.findByRole('alert')).textContent).toContain('The database is busy.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No user matches/)).toBeTruthy();
  });
});

describe('user detail', () => {
  it('shows the sections and asks before an action, naming the user; the action is sent on confirm', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.endsWith('/action')
        ? jsonResponse({ ...row(1), status: 'Locked' })
        : jsonResponse(detail()),
    );
    renderApp(`/admin/users/${row(1).id}`, { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    expect(await screen.findByRole('heading', { name: 'Priya Raman 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Recent sign-ins' }).textContent).toContain('203.0.113.7');
    expect(screen.getByRole('region', { name: 'Escrow and credit' }).textContent).toContain('$42.50');

    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock Priya Raman 1 (user1@example.com)?' });
    expect(fetch.requests.some((r) => r.url.endsWith('/action'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock account' }));
    await waitFor(() => {
      const sent = fetch.requests.find((r) => r.url.endsWith('/action'));
      expect(sent && bodyOf(sent)).toEqual({ action: 'lock' });
    });
  });

  it('keeps the typed credit and shows the error when the server refuses it', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.includes('add-credit')
        ? jsonResponse({ error: { code: 'bad_request', message: 'A credit is at most $10,000.' } }, 400)
        : jsonResponse(detail()),
    );
    renderApp(`/admin/users/${row(1).id}`, { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add credit' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add credit to Priya Raman 1 (user1@example.com)',
    });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add credit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A credit is at most $10,000.');
    expect((within(dialog).getByLabelText(/Description/) as HTMLInputElement).value).toBe('Goodwill');
  });
});

describe('viewing as a user', () => {
  it('sets the admin token aside, shows the bar over the user’s pages, and returns to the admin session', async () => {
    const viewToken = fakeToken({ act: { sub: 'd1000000-0000-4000-8000-0000000000ad' } });
    const platform = createMemoryPlatform(ADMIN_TOKEN);
    const fetch = createFakeFetch((request) =>
      request.url.includes('/pprAdmin/impersonate/')
        ? jsonResponse({ token: viewToken })
        : request.url.includes('/pprAdmin/users/')
          ? jsonResponse(detail())
          : jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404),
    );
    const { router } = renderApp(`/admin/users/${row(1).id}`, { fetch, platform });
    fireEvent.click(await screen.findByRole('button', { name: 'View as user' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'View the site as Priya Raman 1 (user1@example.com)?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'View as this user' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await platform.getToken()).toBe(viewToken);
    expect(await platform.getAsideToken()).toBe(ADMIN_TOKEN);
    const bar = await screen.findByRole('region', { name: 'Viewing as another user' });
    expect(bar.textContent).toContain('Viewing as Blake Buyer');

    fireEvent.click(within(bar).getByRole('button', { name: 'Return to my session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await platform.getToken()).toBe(ADMIN_TOKEN);
    expect(await platform.getAsideToken()).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Viewing as another user' })).toBeNull());
  });

  it('shows the bar from the stored token alone, as after a reload', async () => {
    const platform = createMemoryPlatform(
      fakeToken({ act: { sub: 'd1000000-0000-4000-8000-0000000000ad' } }),
    );
    renderApp('/', { platform });
    expect((await screen.findByRole('region', { name: 'Viewing as another user' })).textContent).toContain(
      'buyer@example.com',
    );
  });
});

describe('brands', () => {
  const glock = {
    id: 'b1000000-0000-4000-8000-000000000001',
    slug: 'glock',
    name: 'Glock',
    keywords: ['glock'],
    logoUrl: null,
    shopUrl: '/search?keyword=glock',
    metaTitle: null,
    metaDescription: null,
    focus: {
      name: 'Glock',
      heroSubtext: 'Perfection.',
      products: [
        {
          name: 'G19',
          imageUrl: 'https://img.example/g19.jpg',
          imageAlt: 'G19',
          actionUrl: '/search?keyword=g19',
        },
      ],
    },
    updatedAt: '2026-02-01T09:00:00.000Z',
  };
  const requestOf = (request: RecordedRequest) =>
    JSON.parse(String((request.body as FormData).get('request')));
  const saves = (fetch: { requests: RecordedRequest[] }) =>
    fetch.requests.filter((request) => request.url.includes('/brands/addOrUpdate'));

  it('edits a brand keeping its focus block, and keeps what was typed when the server refuses it', async () => {
    let answer: Response = jsonResponse(
      {
        error: {
          code: 'bad_request',
          message: 'Check the slug.',
          fields: { slug: 'This slug is reserved.' },
        },
      },
      400,
    );
    const fetch = createFakeFetch((request) =>
      request.url.includes('/brands/addOrUpdate')
        ? answer
        : request.url.includes('/brands/nc')
          ? jsonResponse({ results: [glock] })
          : jsonResponse({ results: [] }),
    );
    renderApp('/admin/brands', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    fireEvent.click(await screen.findByRole('button', { name: /^Edit\s+Glock$/ }));
    const form = screen.getByRole('form', { name: 'Edit Glock' });
    fireEvent.change(within(form).getByLabelText(/Search keywords/), { target: { value: 'glock, g19 , ' } });
    fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: 'nc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save brand' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Check the slug.');
    expect(within(form).getByText('This slug is reserved.')).toBeTruthy();
    expect((within(form).getByLabelText(/Search keywords/) as HTMLInputElement).value).toBe('glock, g19 , ');
    expect(requestOf(saves(fetch)[0] as RecordedRequest)).toMatchObject({
      id: glock.id,
      slug: 'nc',
      keywords: ['glock', 'g19'],
      focus: glock.focus,
    });

    answer = jsonResponse({ ...glock, keywords: ['glock', 'g19'] });
    fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: 'glock' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save brand' }));
    expect((await findStatus()).textContent).toBe('Glock is saved.');
    expect(requestOf(saves(fetch)[1] as RecordedRequest)).toMatchObject({
      slug: 'glock',
      keywords: ['glock', 'g19'],
    });
  });

  it('adds a brand with a logo file, sent beside the request and named in it', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.includes('/brands/addOrUpdate')
        ? jsonResponse({
            ...glock,
            id: 'b1000000-0000-4000-8000-000000000002',
            slug: 'walther',
            name: 'Walther',
          })
        : jsonResponse({ results: [] }),
    );
    renderApp('/admin/brands', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    const form = await screen.findByRole('form', { name: 'New brand' });
    expect(await screen.findByText('No brands yet.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Walther' } });
    fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: 'Walther' } });
    const logo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'walther-logo.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(form).getByLabelText(/Logo file/), { target: { files: [logo] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add brand' }));
    expect((await findStatus()).textContent).toBe('Walther is saved.');
    const [sent] = saves(fetch);
    expect(requestOf(sent as RecordedRequest)).toEqual({
      name: 'Walther',
      slug: 'walther',
      keywords: [],
      shopUrl: null,
      logoUrl: null,
      logoFile: 'walther-logo.jpg',
      metaTitle: null,
      metaDescription: null,
      focus: null,
    });
    expect(((sent as RecordedRequest).body as FormData).get('files')).toBeInstanceOf(File);
  });
});
