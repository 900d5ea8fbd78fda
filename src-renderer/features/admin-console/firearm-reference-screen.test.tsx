import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '../../../shared/contract/admin.ts';
import type {
  ReferenceCaliberRow,
  ReferenceManufacturerRow,
  ReferenceSearchResponse,
} from '../../../shared/contract/firearm-reference.ts';
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { UserOption } from '../../../shared/domain/user.ts';
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

const NINE: ReferenceCaliberRow = {
  id: 'c1000000-0000-4000-8000-000000000009',
  name: '9mm Luger',
  aliases: ['9x19'],
  active: true,
  variantCount: 12,
};
const FORTY: ReferenceCaliberRow = {
  id: 'c1000000-0000-4000-8000-000000000040',
  name: '.40 S&W',
  aliases: [],
  active: true,
  variantCount: 3,
};

const GLOCK: ReferenceManufacturerRow = {
  id: 'f1000000-0000-4000-8000-000000000001',
  name: 'Glock',
  aliases: ['Glock Inc'],
  active: true,
  listingCount: 7,
  models: [
    {
      id: 'f2000000-0000-4000-8000-000000000019',
      manufacturerId: 'f1000000-0000-4000-8000-000000000001',
      name: '19',
      aliases: ['G19'],
      familyId: CategoryFamilyId.SemiAutoPistols,
      active: true,
      listingCount: 7,
      variants: [
        {
          id: 'f3000000-0000-4000-8000-000000000005',
          modelId: 'f2000000-0000-4000-8000-000000000019',
          name: 'Gen 5',
          aliases: ['G5'],
          familyId: null,
          barrelInches: 4.02,
          calibers: [{ id: NINE.id, name: NINE.name, active: true }],
          active: true,
          listingCount: 7,
        },
      ],
    },
  ],
};

const page = (results: ReferenceManufacturerRow[]): ReferenceSearchResponse => ({
  total: results.length,
  page: 1,
  pageSize: 20,
  results,
  version: '42',
});

const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));
/** The reference's writes (the app shell sends writes of its own, such as the cart's). */
const writes = (fetch: { requests: RecordedRequest[] }) =>
  fetch.requests.filter((request) => request.method !== 'GET' && request.url.includes('/firearm-reference'));

/** The console's reads answered from fixed data; each write answered by `write`. */
function consoleFetch(write: (request: RecordedRequest) => Response, results = [GLOCK]) {
  return createFakeFetch((request) => {
    if (request.method !== 'GET')
      return request.url.includes('/firearm-reference') ? write(request) : jsonResponse({});
    if (request.url.includes('/firearm-reference/calibers')) return jsonResponse({ results: [NINE, FORTY] });
    if (request.url.includes('/firearm-reference')) return jsonResponse(page(results));
    return jsonResponse({ results: [] });
  });
}

const render = (path: string, fetch: ReturnType<typeof createFakeFetch>) =>
  renderApp(path, { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });

describe('the firearms reference screen', () => {
  it('lists a manufacturer with its models and variants, expanded when searched for', async () => {
    const fetch = consoleFetch(() => jsonResponse({}));
    render('/admin/firearms?keyword=glock', fetch);
    expect(await screen.findByRole('heading', { name: 'Firearms reference' })).toBeTruthy();
    const models = await screen.findByRole('table', { name: 'Models of Glock' });
    expect(within(models).getByRole('rowheader', { name: '19' })).toBeTruthy();
    expect(within(models).getByRole('rowheader', { name: /Variant of 19: Gen 5/ }).textContent).toContain(
      '4.02',
    );
    expect(models.textContent).toContain('9mm Luger');
    expect(fetch.requests.some((r) => r.url.includes('keyword=glock'))).toBe(true);
    const toggle = screen.getByRole('button', { name: 'Hide models of Glock' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show models of Glock' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('table', { name: 'Models of Glock' })).toBeNull();
  });

  it('has no accessibility violations axe can find, on the list and in a dialog', async () => {
    const fetch = consoleFetch(() => jsonResponse({}));
    render('/admin/firearms?keyword=glock', fetch);
    const section = (await screen.findByRole('heading', { name: 'Firearms reference' })).closest(
      'section',
    ) as HTMLElement;
    await screen.findByRole('table', { name: 'Models of Glock' });
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(section, rules)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Glock 19 Gen 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Glock 19 Gen 5' });
    expect((within(dialog).getByRole('checkbox', { name: '9mm Luger' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((await axe.run(dialog, rules)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('adds an alias to a model: the dialog sends the whole list and the screen says it is saved', async () => {
    const fetch = consoleFetch(() => jsonResponse(GLOCK.models[0]));
    render('/admin/firearms?keyword=glock', fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Glock 19' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Glock 19' });
    const aliases = within(dialog).getByLabelText(/^Aliases/) as HTMLInputElement;
    expect(aliases.value).toBe('G19');
    fireEvent.change(aliases, { target: { value: 'G19, Glock Nineteen ,' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await findStatus()).textContent).toBe('19 is saved.');
    const [sent] = writes(fetch);
    expect(sent?.method).toBe('PATCH');
    expect(sent?.url).toContain(`/pprAdmin/firearm-reference/models/${GLOCK.models[0]?.id}`);
    expect(bodyOf(sent as RecordedRequest)).toEqual({
      name: '19',
      aliases: ['G19', 'Glock Nineteen'],
      familyId: CategoryFamilyId.SemiAutoPistols,
    });
  });

  it('adds a variant with its calibers and barrel, and keeps what was typed when the server refuses it', async () => {
    let answer = () =>
      jsonResponse(
        { error: { code: 'conflict', message: 'This model already has a variant of that name.' } },
        409,
      );
    const fetch = consoleFetch(() => answer());
    render('/admin/firearms?keyword=glock', fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Add variant to 19' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a variant to Glock 19' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Gen 5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Barrel length/), { target: { value: '99' } });
    expect(within(dialog).getByText('Enter 1 to 40 inches.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Add variant' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(within(dialog).getByLabelText(/^Barrel length/), { target: { value: '4.02' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '.40 S&W' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add variant' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This model already has a variant of that name.',
    );
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Gen 5');
    expect(bodyOf(writes(fetch)[0] as RecordedRequest)).toEqual({
      modelId: GLOCK.models[0]?.id,
      name: 'Gen 5',
      aliases: [],
      familyId: null,
      barrelInches: 4.02,
      caliberIds: [FORTY.id],
    });

    answer = () => jsonResponse({ ...GLOCK.models[0]?.variants[0], name: 'Gen 6' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Gen 6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add variant' }));
    expect((await findStatus()).textContent).toBe('Gen 6 is added.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before deactivating, and shows why a removal is refused', async () => {
    const fetch = consoleFetch((request) =>
      request.method === 'DELETE'
        ? jsonResponse(
            {
              error: {
                code: 'conflict',
                message:
                  'This model cannot be removed: 7 listings were identified as it. Deactivate it instead.',
              },
            },
            409,
          )
        : jsonResponse(GLOCK.models[0]),
    );
    render('/admin/firearms?keyword=glock', fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Glock 19' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Glock 19?' });
    expect(writes(fetch)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect((await findStatus()).textContent).toBe('Glock 19 is deactivated.');
    expect(bodyOf(writes(fetch)[0] as RecordedRequest)).toEqual({ active: false });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Glock 19' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Glock 19?' });
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect((await within(remove).findByRole('alert')).textContent).toMatch(
      /7 listings were identified as it/,
    );
    expect(writes(fetch)[1]?.method).toBe('DELETE');
  });

  it('says when nothing matches, and shows a failed load with a retry', async () => {
    let fail = true;
    const fetch = createFakeFetch((request) =>
      request.url.includes('/firearm-reference/calibers')
        ? jsonResponse({ results: [] })
        : fail
          ? jsonResponse({ error: { code: 'internal', message: 'The database is busy.' } }, 500)
          : jsonResponse(page([])),
    );
    render('/admin/firearms?keyword=zzz', fetch);
    expect((await screen.findByRole('alert')).textContent).toContain('The database is busy.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No manufacturer, model or alias matches “zzz”.')).toBeTruthy();
  });

  it('lists the calibers on their own tab and adds one', async () => {
    const fetch = consoleFetch(() => jsonResponse({ ...FORTY, id: 'c1000000-0000-4000-8000-000000000010' }));
    render('/admin/firearms/calibers', fetch);
    const table = await screen.findByRole('table', { name: 'Calibers' });
    expect(within(table).getByRole('rowheader', { name: '9mm Luger' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Calibers' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Add caliber' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a caliber' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '10mm Auto' } });
    fireEvent.change(within(dialog).getByLabelText(/^Aliases/), { target: { value: '10mm, 10 Auto' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add caliber' }));
    expect((await findStatus()).textContent).toBe('10mm Auto is added.');
    expect(bodyOf(writes(fetch)[0] as RecordedRequest)).toEqual({
      name: '10mm Auto',
      aliases: ['10mm', '10 Auto'],
    });
  });
});

describe('the valuation option on the user detail screen', () => {
  const user: AdminUserDetail = {
    id: 'e1000000-0000-4000-8000-000000000001',
    email: 'user1@example.com',
    firstName: 'Priya',
    lastName: 'Raman',
    sellerDisplayName: null,
    roles: ['Buyer'],
    status: 'Active',
    accountOptions: 0,
    userOptions: UserOption.AttestedToTermsOfService,
    legacyListerId: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    phone: null,
    isDealer: false,
    emailConfirmed: true,
    freezeReasons: [],
    pastDueAmount: 0,
    listings: { total: 0, active: 0, frozen: 0 },
    orders: { asBuyer: 0, asSeller: 0 },
    escrow: {
      userId: 'e1000000-0000-4000-8000-000000000001',
      email: 'user1@example.com',
      balance: 0,
      pendingBalance: 0,
      entries: [],
    },
    recentListings: [],
    recentOrders: [],
    recentOffers: [],
    messageReports: [],
    signIns: [],
  };

  it('grants it after a confirmation naming the user, and offers to withdraw it once granted', async () => {
    let granted = false;
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/action')) {
        granted = bodyOf(request).allowed === true;
        return jsonResponse({ ...user, userOptions: user.userOptions | UserOption.WhatIsMyGunWorthAllowed });
      }
      return jsonResponse(
        granted ? { ...user, userOptions: user.userOptions | UserOption.WhatIsMyGunWorthAllowed } : user,
      );
    });
    render(`/admin/users/${user.id}`, fetch);
    expect((await screen.findByText('Valuations')).parentElement?.textContent).toContain('Not allowed');
    fireEvent.click(screen.getByRole('button', { name: 'Allow valuations' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Let Priya Raman (user1@example.com) see valuations?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allow valuations' }));
    expect((await findStatus()).textContent).toBe('Valuations are allowed.');
    const sent = fetch.requests.find((request) => request.url.endsWith('/action'));
    expect(sent && bodyOf(sent)).toEqual({ action: 'setValuationAccess', allowed: true });
    expect(await screen.findByRole('button', { name: 'Withdraw valuations' })).toBeTruthy();
    expect(screen.getByText('Valuations').parentElement?.textContent).toContain('Allowed (staff granted)');
  });
});
