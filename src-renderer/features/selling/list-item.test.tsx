import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingLifecycleMessage } from '../../../shared/contract/listings.ts';
import {
  LISTING_INELIGIBILITY_LINKS,
  LISTING_INELIGIBILITY_MESSAGES,
  type ListingEligibility,
} from '../../../shared/contract/users.ts';
import { ListingOption, UPC_MESSAGES } from '../../../shared/domain/listing.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { glock19, glock19Valuation } from '../../testing/identification-fixtures.ts';
import { LISTING_ID, listingDetail } from '../../testing/listing-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const SELLER_ID = String(SELLER_CLAIMS.unique_name);

const CAN_LIST: ListingEligibility = {
  canList: true,
  isSeller: true,
  hasAcceptedPaymentSetup: true,
  isFrozen: false,
  reason: null,
  message: null,
  link: null,
};

type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

function server(routes: Routes) {
  return createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const route = Object.entries(routes).find(([prefix]) => path.startsWith(prefix))?.[1];
    return route?.(request) ?? jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

function renderAsSeller(url: string, routes: Routes) {
  const fetch = server({
    '/api/users/listing-eligibility': () => jsonResponse(CAN_LIST),
    '/api/brands': () => jsonResponse({ results: [] }),
    ...routes,
  });
  const view = renderApp(url, { fetch, platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)) });
  return { ...view, fetch };
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

function type(scope: ReturnType<typeof within>, label: string | RegExp, value: string) {
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
}

const photo = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

async function addPhotos(form: ReturnType<typeof within>, files: File[]) {
  await act(async () => {
    fireEvent.change(form.getByLabelText('Choose photos'), { target: { files } });
  });
}

/** The photos in order, read from each one's Remove button. */
const photoNames = (form: ReturnType<typeof within>) =>
  within(form.getByRole('list', { name: 'Photos, main photo first' }))
    .getAllByRole('button', { name: /^Remove / })
    .map((button) => button.getAttribute('aria-label')?.replace(/^Remove /, ''));

describe('listing eligibility', () => {
  it('sends a seller without a payment setup to set up payments instead of the form', async () => {
    renderAsSeller('/dashboard/selling/list-item', {
      '/api/users/listing-eligibility': () =>
        jsonResponse({
          ...CAN_LIST,
          canList: false,
          hasAcceptedPaymentSetup: false,
          reason: 'NoPaymentSetup',
          message: LISTING_INELIGIBILITY_MESSAGES.NoPaymentSetup,
          link: LISTING_INELIGIBILITY_LINKS.NoPaymentSetup,
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Set up payments before listing' })).toBeTruthy();
    expect(screen.getByText(LISTING_INELIGIBILITY_MESSAGES.NoPaymentSetup)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up payments' }).getAttribute('href')).toBe(
      '/dashboard/selling/livecheckout',
    );
    expect(screen.queryByRole('form', { name: 'List an item' })).toBeNull();
  });

  it('sends a member who is not a seller to the memberships', async () => {
    renderAsSeller('/dashboard/selling/list-item', {
      '/api/users/listing-eligibility': () =>
        jsonResponse({
          ...CAN_LIST,
          canList: false,
          isSeller: false,
          reason: 'NotSeller',
          message: LISTING_INELIGIBILITY_MESSAGES.NotSeller,
          link: LISTING_INELIGIBILITY_LINKS.NotSeller,
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Become a seller to list items' })).toBeTruthy();
    expect(screen.getByText(LISTING_INELIGIBILITY_MESSAGES.NotSeller)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See memberships' }).getAttribute('href')).toBe('/membership');
  });

  it('tells a frozen account why it cannot list, in the server’s words and with its link', async () => {
    renderAsSeller('/dashboard/selling/list-item', {
      '/api/users/listing-eligibility': () =>
        jsonResponse({
          ...CAN_LIST,
          canList: false,
          isFrozen: true,
          reason: 'AccountFrozen',
          message: 'Your account is frozen until the March invoice is paid.',
          link: LISTING_INELIGIBILITY_LINKS.AccountFrozen,
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Your account is frozen' })).toBeTruthy();
    expect(screen.getByText('Your account is frozen until the March invoice is paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to account settings' }).getAttribute('href')).toBe(
      '/dashboard/accountsettings',
    );
  });
});

describe('selling links for non-sellers', () => {
  it('lead a buyer from the dashboard navigation to the memberships', async () => {
    const fetch = server({
      '/api/users/listing-eligibility': () =>
        jsonResponse({ ...CAN_LIST, canList: false, isSeller: false, reason: 'NotSeller' }),
    });
    renderApp('/dashboard/selling/list-item', { fetch, platform: createMemoryPlatform(fakeToken()) });
    const nav = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getByRole('link', { name: 'List an Item' }).getAttribute('href')).toBe('/membership');
    expect(nav.getByRole('link', { name: 'Listings' }).getAttribute('href')).toBe('/membership');
    expect(nav.getByRole('link', { name: 'Favorites' }).getAttribute('href')).toBe(
      '/dashboard/buying/favorites',
    );
  });
});

describe('listing form', () => {
  it('shows the schema’s messages tied to their fields and focuses the first one', async () => {
    const { fetch } = renderAsSeller('/dashboard/selling/list-item', {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    type(form, 'UPC (optional)', '12ab');
    await click(form.getByRole('button', { name: 'List Item' }));

    const category = form.getByLabelText('Category');
    await waitFor(() => expect(document.activeElement).toBe(category));
    expect(category.getAttribute('aria-invalid')).toBe('true');
    const upc = form.getByLabelText('UPC (optional)');
    const upcMessages = (upc.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(upcMessages).toContain(UPC_MESSAGES.digits);
    expect(form.getByLabelText('Price (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(fetch.requests.some((request) => request.url.includes('/listings/add'))).toBe(false);
  });

  it('checks a UPC-A’s check digit before sending', async () => {
    const { fetch } = renderAsSeller('/dashboard/selling/list-item', {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    type(form, 'UPC (optional)', '764503037109');
    await click(form.getByRole('button', { name: 'List Item' }));
    expect(await form.findByText(UPC_MESSAGES.checkDigit)).toBeTruthy();
    expect(form.getByLabelText('UPC (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(fetch.requests.some((request) => request.url.includes('/listings/add'))).toBe(false);
  });

  it('makes the title from the fields until the seller writes one, and says when an FFL transfer is needed', async () => {
    renderAsSeller('/dashboard/selling/list-item', {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    fireEvent.change(form.getByLabelText('Category'), { target: { value: '18' } });
    expect(await form.findByText(/FFL transfer required/)).toBeTruthy();
    type(form, 'Manufacturer (optional)', 'Glock');
    type(form, 'Model (optional)', '19 Gen5');
    type(form, 'Caliber (optional)', '9mm');
    await waitFor(() =>
      expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Glock 19 Gen5 9mm - New in box'),
    );
    fireEvent.change(form.getByLabelText('Condition'), { target: { value: 'Used' } });
    await waitFor(() =>
      expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Glock 19 Gen5 9mm - Used'),
    );

    fireEvent.change(form.getByLabelText('Category'), { target: { value: '10' } });
    expect(await form.findByText(/No FFL transfer required/)).toBeTruthy();
    expect(form.queryByLabelText('Caliber (optional)')).toBeNull();
    await waitFor(() =>
      expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Glock 19 Gen5 - Used'),
    );

    type(form, 'Title', 'My own title');
    type(form, 'Model (optional)', '17');
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('My own title');
  });

  it('restores a draft kept in the browser, and discards it on request', async () => {
    localStorage.setItem(
      'listingDraft',
      JSON.stringify({
        savedAt: '2026-11-02T15:00:00.000Z',
        values: { title: 'Ruger 10/22 Carbine', familyId: 19, price: 329, description: '<b>Clean</b>' },
      }),
    );
    renderAsSeller('/dashboard/selling/list-item', {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    expect(form.getByText(/Draft restored from/)).toBeTruthy();
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Ruger 10/22 Carbine');
    expect((form.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('329');
    expect(form.getByRole('textbox', { name: 'Description' }).innerHTML).toBe('<b>Clean</b>');

    await click(form.getByRole('button', { name: 'Discard draft' }));
    expect(form.queryByText(/Draft restored from/)).toBeNull();
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(form.getByRole('textbox', { name: 'Description' }).innerHTML).toBe('');
    expect(localStorage.getItem('listingDraft')).toBeNull();
  });

  it('leaves no draft behind when nothing was typed', async () => {
    renderAsSeller('/dashboard/selling/list-item', {});
    await screen.findByRole('form', { name: 'List an item' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(localStorage.getItem('listingDraft')).toBeNull();
  });

  it('does not offer another seller’s listing for editing', async () => {
    renderAsSeller(`/dashboard/selling/list-item?id=${LISTING_ID}`, {
      '/api/listings/get': () => jsonResponse({ results: [listingDetail()] }),
    });
    expect(await screen.findByRole('heading', { name: 'We could not open this listing' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit listing' })).toBeNull();
  });

  it('keeps typing as a draft', async () => {
    renderAsSeller('/dashboard/selling/list-item', {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    type(form, 'Model (optional)', '870 Express');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('listingDraft') ?? '{}').values?.model).toBe('870 Express'),
    );
  });

  it('reorders photos with buttons, makes one the main photo and removes one', async () => {
    renderAsSeller('/dashboard/selling/list-item', {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    expect(form.getByText(/Up to 20 photos/)).toBeTruthy();
    await addPhotos(form, [photo('front.jpg'), photo('left.jpg'), photo('serial.jpg')]);
    expect(photoNames(form)).toEqual(['front.jpg', 'left.jpg', 'serial.jpg']);

    const moveLeft = form.getByRole('button', { name: 'Move left.jpg earlier' });
    await click(moveLeft);
    expect(photoNames(form)).toEqual(['left.jpg', 'front.jpg', 'serial.jpg']);
    // Focus stays with the moved photo (its other move button once it reached the top).
    expect(document.activeElement).toBe(form.getByRole('button', { name: 'Move left.jpg later' }));

    await click(form.getByRole('button', { name: 'Make serial.jpg the main photo' }));
    expect(photoNames(form)).toEqual(['serial.jpg', 'left.jpg', 'front.jpg']);
    expect(screen.getByText('serial.jpg is now the main photo.')).toBeTruthy();

    await click(form.getByRole('button', { name: 'Remove left.jpg' }));
    expect(photoNames(form)).toEqual(['serial.jpg', 'front.jpg']);
  });

  it('adds photos from the desktop’s own file picker, asking it for listing photos', async () => {
    const asked: string[] = [];
    const platform = {
      ...createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
      kind: 'desktop' as const,
      pickFiles: async (kind: string) => {
        asked.push(kind);
        return [photo('bench.jpg')];
      },
    };
    const fetch = server({
      '/api/users/listing-eligibility': () => jsonResponse(CAN_LIST),
      '/api/brands': () => jsonResponse({ results: [] }),
    });
    renderApp('/dashboard/selling/list-item', { fetch, platform });
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    await click(form.getByRole('button', { name: 'Browse this computer' }));
    await waitFor(() => expect(photoNames(form)).toEqual(['bench.jpg']));
    expect(asked).toEqual(['listingPhotos']);
  });

  it('refuses files that are not photos and photos past the limit', async () => {
    renderAsSeller('/dashboard/selling/list-item', {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    const many = Array.from({ length: 21 }, (_, index) => photo(`p${index + 1}.jpg`));
    await addPhotos(form, [new File(['a,b'], 'stock.csv', { type: 'text/csv' }), ...many]);
    expect(photoNames(form)).toHaveLength(20);
    const refused = within(form.getByRole('alert'));
    expect(refused.getByText('stock.csv is not a photo the site takes (JPEG, PNG or WebP).')).toBeTruthy();
    expect(refused.getByText('p21.jpg was left out: a listing has at most 20 photos.')).toBeTruthy();
  });

  it('deletes an already uploaded photo on the server, and keeps it when that fails', async () => {
    const deleted: string[] = [];
    renderAsSeller(`/dashboard/selling/list-item?id=${LISTING_ID}`, {
      '/api/listings/get': () => jsonResponse({ results: [listingDetail({ userId: SELLER_ID })] }),
      '/api/listings/delete-image/': (request) => {
        deleted.push(request.url);
        return request.url.endsWith('11111111-1111-4111-8111-111111111111')
          ? jsonResponse({ success: true })
          : jsonResponse({ error: { code: 'internal', message: 'x' } }, 500);
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Edit listing' }));
    expect((form.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('549.99');
    expect(photoNames(form)).toEqual(['Photo 1', 'Photo 2']);
    await addPhotos(form, [photo('grip.jpg')]);
    expect(photoNames(form)).toEqual(['Photo 1', 'Photo 2', 'grip.jpg']);
    await click(form.getByRole('button', { name: 'Remove grip.jpg' }));

    await click(form.getByRole('button', { name: 'Remove Photo 1' }));
    await waitFor(() => expect(photoNames(form)).toEqual(['Photo 2']));
    await click(form.getByRole('button', { name: 'Remove Photo 2' }));
    expect(await form.findByText('Photo 2 could not be removed. Please try again.')).toBeTruthy();
    expect(photoNames(form)).toEqual(['Photo 2']);
    expect(deleted).toEqual([
      '/api/listings/delete-image/11111111-1111-4111-8111-111111111111',
      '/api/listings/delete-image/22222222-2222-4222-8222-222222222222',
    ]);
  });

  it('sends the listing with its new photos in order, then confirms it on My listings', async () => {
    let sent: FormData | null = null;
    const { router } = renderAsSeller('/dashboard/selling/list-item', {
      '/api/listings/add': (request) => {
        sent = request.body as FormData;
        return jsonResponse(listingDetail({ title: 'Glock 19 Gen5 9mm', price: 525 }));
      },
      '/api/listings/getall': () => jsonResponse(NO_LISTINGS),
    });
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    fireEvent.change(form.getByLabelText('Category'), { target: { value: '18' } });
    type(form, 'Manufacturer (optional)', 'Glock');
    type(form, 'Model (optional)', '19 Gen5');
    type(form, 'Caliber (optional)', '9mm');
    type(form, 'Price (USD)', '525');
    type(form, 'UPC (optional)', '764503037108');
    const editor = form.getByRole('textbox', { name: 'Description' });
    editor.innerHTML = 'Two magazines.';
    fireEvent.input(editor);
    await click(form.getByLabelText('Will accept a trade'));
    await click(form.getByLabelText('Accepts offers'));
    await click(form.getByLabelText('California (CA)'));
    await addPhotos(form, [photo('front.jpg'), photo('back.jpg')]);
    await click(form.getByRole('button', { name: 'Move back.jpg earlier' }));
    await click(form.getByRole('button', { name: 'List Item' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/selling/listings'));
    expect(
      await screen.findByText('Your listing “Glock 19 Gen5 9mm” is listed.', { exact: false }),
    ).toBeTruthy();
    const body = sent as FormData | null;
    expect(JSON.parse(String(body?.get('request')))).toMatchObject({
      title: 'Glock 19 Gen5 9mm - New in box',
      familyId: 18,
      manufacturer: 'Glock',
      caliber: '9mm',
      price: 525,
      upc: '764503037108',
      description: 'Two magazines.',
      listingOptions: 512,
      acceptsOffers: true,
      excludedShipToStates: ['CA'],
      condition: 'NewInBox',
      quantity: 1,
    });
    expect(body?.getAll('images').map((file) => (file as File).name)).toEqual(['back.jpg', 'front.jpg']);
    expect(localStorage.getItem('listingDraft')).toBeNull();
  });

  it('shows an upload bar for each new photo while the listing is sent, and keeps the photos on failure', async () => {
    let answer: (response: Response) => void = () => {};
    renderAsSeller('/dashboard/selling/list-item', {
      '/api/listings/add': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    fireEvent.change(form.getByLabelText('Category'), { target: { value: '1' } });
    type(form, 'Title', 'Magpul sling');
    type(form, 'Price (USD)', '39');
    const editor = form.getByRole('textbox', { name: 'Description' });
    editor.innerHTML = 'New.';
    fireEvent.input(editor);
    await addPhotos(form, [photo('sling.jpg'), photo('clip.jpg')]);
    expect(form.queryByRole('progressbar')).toBeNull();

    await click(form.getByRole('button', { name: 'List Item' }));
    expect(await form.findByRole('progressbar', { name: 'Upload of sling.jpg' })).toBeTruthy();
    expect(form.getByRole('progressbar', { name: 'Upload of clip.jpg' })).toBeTruthy();
    expect(form.getByRole('button', { name: 'Saving...' })).toBeTruthy();

    await act(async () => {
      answer(jsonResponse({ error: { code: 'payload_too_large', message: 'A photo is too large.' } }, 413));
    });
    expect((await form.findByRole('alert')).textContent).toBe('A photo is too large.');
    expect(form.queryByRole('progressbar')).toBeNull();
    expect(photoNames(form)).toEqual(['sling.jpg', 'clip.jpg']);
  });

  it('puts the server’s field messages on the form and keeps what was typed', async () => {
    renderAsSeller('/dashboard/selling/list-item', {
      '/api/listings/add': () =>
        jsonResponse(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the listing.',
              fields: { upc: 'The UPC check digit does not match.' },
            },
          },
          400,
        ),
    });
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    fireEvent.change(form.getByLabelText('Category'), { target: { value: '2' } });
    type(form, 'Title', 'Federal 9mm 115gr FMJ 50rd');
    type(form, 'Price (USD)', '18.99');
    type(form, 'UPC (optional)', '123456789012');
    const editor = form.getByRole('textbox', { name: 'Description' });
    editor.innerHTML = 'Brass cased.';
    fireEvent.input(editor);
    await click(form.getByRole('button', { name: 'List Item' }));
    expect(await form.findByText('The UPC check digit does not match.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('UPC (optional)')));
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Federal 9mm 115gr FMJ 50rd');
    expect(editor.innerHTML).toBe('Brass cased.');
  });

  it('saves the order of saved photos, the main one first, with the edit', async () => {
    const requests: unknown[] = [];
    const listing = listingDetail({ userId: SELLER_ID });
    renderAsSeller(`/dashboard/selling/list-item?id=${LISTING_ID}`, {
      '/api/listings/getall': () => jsonResponse(NO_LISTINGS),
      '/api/listings/get': () => jsonResponse({ results: [listing] }),
      '/api/listings/add': (request) => {
        requests.push(JSON.parse(String((request.body as FormData).get('request'))));
        return jsonResponse(listing);
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Edit listing' }));
    expect((form.getByLabelText('Category') as HTMLSelectElement).value).toBe('18');
    await click(form.getByRole('button', { name: 'Make Photo 2 the main photo' }));
    expect(photoNames(form)).toEqual(['Photo 2', 'Photo 1']);
    await click(form.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      id: LISTING_ID,
      imageOrder: ['22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111'],
    });
  });

  it('puts a new photo chosen as the main one first with a second save naming every photo', async () => {
    const requests: { body: Record<string, unknown>; files: string[] }[] = [];
    const listing = listingDetail({ userId: SELLER_ID });
    const NEW_IMAGE = '33333333-3333-4333-8333-333333333333';
    const { router } = renderAsSeller(`/dashboard/selling/list-item?id=${LISTING_ID}`, {
      '/api/listings/getall': () => jsonResponse(NO_LISTINGS),
      '/api/listings/get': () => jsonResponse({ results: [listing] }),
      '/api/listings/add': (request) => {
        const form = request.body as FormData;
        requests.push({
          body: JSON.parse(String(form.get('request'))),
          files: form.getAll('images').map((file) => (file as File).name),
        });
        return jsonResponse({
          ...listing,
          images: [...listing.images, { id: NEW_IMAGE, src: '/files/new.jpg' }],
        });
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Edit listing' }));
    await addPhotos(form, [photo('grip.jpg')]);
    await click(form.getByRole('button', { name: 'Make grip.jpg the main photo' }));
    expect(photoNames(form)).toEqual(['grip.jpg', 'Photo 1', 'Photo 2']);
    await click(form.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/selling/listings'));
    expect(requests.map((request) => request.files)).toEqual([['grip.jpg'], []]);
    expect(requests[0]?.body.imageOrder).toEqual([
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
    ]);
    expect(requests[1]?.body.imageOrder).toEqual([
      NEW_IMAGE,
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
    ]);
  });

  it('shows why an account may not list when the save is refused, with the link, and keeps the form', async () => {
    renderAsSeller('/dashboard/selling/list-item', {
      '/api/listings/add': () =>
        jsonResponse(
          {
            error: { code: 'forbidden', message: LISTING_INELIGIBILITY_MESSAGES.NoPaymentSetup },
            reason: 'NoPaymentSetup',
          },
          403,
        ),
    });
    const form = await fillMinimalListing();
    await click(form.getByRole('button', { name: 'List Item' }));
    const alert = within(await form.findByRole('alert'));
    expect(alert.getByText(/Set up payments before listing/)).toBeTruthy();
    expect(alert.getByText(new RegExp(LISTING_INELIGIBILITY_MESSAGES.NoPaymentSetup))).toBeTruthy();
    expect(alert.getByRole('link', { name: 'Set up payments' }).getAttribute('href')).toBe(
      '/dashboard/selling/livecheckout',
    );
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Magpul sling');
    expect(photoNames(form)).toEqual(['sling.jpg']);
  });

  it('shows the photo limit refusal by the photos and keeps them', async () => {
    renderAsSeller('/dashboard/selling/list-item', {
      '/api/listings/add': () =>
        jsonResponse({ error: { code: 'bad_request', message: ListingLifecycleMessage.TooManyImages } }, 400),
    });
    const form = await fillMinimalListing();
    await click(form.getByRole('button', { name: 'List Item' }));
    expect(await form.findByText(ListingLifecycleMessage.TooManyImages)).toBeTruthy();
    expect(photoNames(form)).toEqual(['sling.jpg']);
    expect((form.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('39');
  });
});

describe('promote your listing', () => {
  /** The promotion fieldset of the form, and a reader of what a checkbox's description says. */
  async function promotion(formName: string) {
    const form = within(await screen.findByRole('form', { name: formName }));
    const group = within(form.getByRole('group', { name: 'Promote your listing' }));
    const describedBy = (name: string) =>
      (group.getByRole('checkbox', { name }).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    return { form, group, describedBy };
  }

  const sentBodies = (requests: RecordedRequest[]) =>
    requests
      .filter((request) => request.url.includes('/listings/add'))
      .map((request) => JSON.parse(String((request.body as FormData).get('request'))));

  it('offers each paid option with what it does and its price, totals the choice and sends it as flags', async () => {
    const { fetch } = renderAsSeller('/dashboard/selling/list-item', {
      '/api/listings/add': () => jsonResponse(listingDetail({ userId: SELLER_ID })),
      '/api/listings/getall': () => jsonResponse(NO_LISTINGS),
    });
    const { form, group, describedBy } = await promotion('List an item');
    expect(describedBy('Featured (badge and featured lists)')).toEqual([
      'Puts a Featured badge on the listing and adds it to the featured listings.',
      '$4.95',
    ]);
    expect(describedBy('Shown on the home page')[1]).toBe('$9.95');
    expect(describedBy('Highlighted border')[1]).toBe('$0.75');
    expect(describedBy('Bold title')).toEqual([
      'Sets the listing’s title in bold on its card in search results and lists.',
      '$1.00',
    ]);
    expect(describedBy('Highlighted card')[1]).toBe('$1.50');
    // Extra photos and the local listing fee are not offered: the server charges neither by itself.
    expect(group.getAllByRole('checkbox')).toHaveLength(5);
    expect(group.getByText(/cannot be removed and is not refunded/)).toBeTruthy();
    expect(group.getByText('Charged to your next invoice', { exact: false }).textContent).toBe(
      'Charged to your next invoice: $0.00',
    );

    await click(group.getByRole('checkbox', { name: 'Featured (badge and featured lists)' }));
    await click(group.getByRole('checkbox', { name: 'Highlighted border' }));
    expect(group.getByText('Charged to your next invoice', { exact: false }).textContent).toBe(
      'Charged to your next invoice: $5.70',
    );
    await click(group.getByRole('checkbox', { name: 'Highlighted border' }));
    expect(group.getByText('Charged to your next invoice', { exact: false }).textContent).toBe(
      'Charged to your next invoice: $4.95',
    );

    fireEvent.change(form.getByLabelText('Category'), { target: { value: '1' } });
    type(form, 'Title', 'Magpul sling');
    type(form, 'Price (USD)', '39');
    const editor = form.getByRole('textbox', { name: 'Description' });
    editor.innerHTML = 'New.';
    fireEvent.input(editor);
    await click(form.getByRole('button', { name: 'List Item' }));
    await waitFor(() => expect(sentBodies(fetch.requests)).toHaveLength(1));
    expect(sentBodies(fetch.requests)[0]).toMatchObject({ paidOptions: ListingOption.Featured });
  });

  it('says which options the seller’s plan includes and charges nothing for them', async () => {
    const fetch = server({
      '/api/users/listing-eligibility': () => jsonResponse(CAN_LIST),
      '/api/brands': () => jsonResponse({ results: [] }),
    });
    renderApp('/dashboard/selling/list-item', {
      fetch,
      platform: createMemoryPlatform(fakeToken({ ...SELLER_CLAIMS, role: ['Buyer', 'PlatinumSeller'] })),
    });
    const { group, describedBy } = await promotion('List an item');
    expect(group.getByText(/Prices for your Platinum Seller plan/)).toBeTruthy();
    expect(describedBy('Highlighted border')[1]).toBe('Included in your plan');
    expect(describedBy('Featured (badge and featured lists)')[1]).toBe('$4.95');
    await click(group.getByRole('checkbox', { name: 'Highlighted border' }));
    expect(group.getByText('Charged to your next invoice', { exact: false }).textContent).toBe(
      'Charged to your next invoice: $0.00',
    );
  });

  it('shows the options a listing already has as chosen, not charged again', async () => {
    const listing = listingDetail({
      userId: SELLER_ID,
      listingOptions: ListingOption.Featured | ListingOption.WillAcceptTrade,
    });
    const { fetch } = renderAsSeller(`/dashboard/selling/list-item?id=${LISTING_ID}`, {
      '/api/listings/get': () => jsonResponse({ results: [listing] }),
      '/api/listings/add': () => jsonResponse(listing),
      '/api/listings/getall': () => jsonResponse(NO_LISTINGS),
    });
    const { form, group, describedBy } = await promotion('Edit listing');
    const featured = group.getByRole('checkbox', { name: 'Featured (badge and featured lists)' });
    expect((featured as HTMLInputElement).checked).toBe(true);
    expect((featured as HTMLInputElement).disabled).toBe(true);
    expect(describedBy('Featured (badge and featured lists)')[1]).toBe('Already on this listing');
    expect(
      (group.getByRole('checkbox', { name: 'Shown on the home page' }) as HTMLInputElement).checked,
    ).toBe(false);
    await click(group.getByRole('checkbox', { name: 'Shown on the home page' }));
    expect(group.getByText('Charged to your next invoice', { exact: false }).textContent).toBe(
      'Charged to your next invoice: $9.95',
    );
    await click(form.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sentBodies(fetch.requests)).toHaveLength(1));
    expect(sentBodies(fetch.requests)[0]).toMatchObject({
      paidOptions: ListingOption.Featured | ListingOption.Homepage,
    });
  });

  it('keeps the chosen options when the server refuses the save', async () => {
    renderAsSeller('/dashboard/selling/list-item', {
      '/api/listings/add': () =>
        jsonResponse({ error: { code: 'internal', message: 'Your listing could not be saved.' } }, 500),
    });
    const form = await fillMinimalListing();
    const group = within(form.getByRole('group', { name: 'Promote your listing' }));
    await click(group.getByRole('checkbox', { name: 'Featured (badge and featured lists)' }));
    await click(form.getByRole('button', { name: 'List Item' }));
    expect(await form.findByRole('alert')).toBeTruthy();
    expect(
      (group.getByRole('checkbox', { name: 'Featured (badge and featured lists)' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(group.getByText('Charged to your next invoice', { exact: false }).textContent).toBe(
      'Charged to your next invoice: $4.95',
    );
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Magpul sling');
  });
});

const NO_LISTINGS = {
  total: 0,
  page: 1,
  pageSize: 20,
  results: [],
  counts: { active: 0, sold: 0, closed: 0, frozen: 0, outOfStock: 0, all: 0 },
};

async function fillMinimalListing() {
  const form = within(await screen.findByRole('form', { name: 'List an item' }));
  fireEvent.change(form.getByLabelText('Category'), { target: { value: '1' } });
  type(form, 'Title', 'Magpul sling');
  type(form, 'Price (USD)', '39');
  const editor = form.getByRole('textbox', { name: 'Description' });
  editor.innerHTML = 'New.';
  fireEvent.input(editor);
  await addPhotos(form, [photo('sling.jpg')]);
  return form;
}

describe('an identified firearm and its recent sales on the listing form', () => {
  const PREFILLED =
    '/dashboard/selling/list-item?manufacturer=Glock&model=19+Gen+5&caliber=9mm+Luger&familyId=18&condition=Used';

  const value = (form: ReturnType<typeof within>, label: string | RegExp) =>
    (form.getByLabelText(label) as HTMLInputElement).value;

  it('starts a new listing with the item fields of “List this firearm”', async () => {
    renderAsSeller(PREFILLED, {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    expect(value(form, 'Category')).toBe('18');
    expect(value(form, 'Manufacturer (optional)')).toBe('Glock');
    expect(value(form, 'Model (optional)')).toBe('19 Gen 5');
    expect(value(form, 'Caliber (optional)')).toBe('9mm Luger');
    // The condition is checked in Chromium (tests/e2e/identify.spec.ts): happy-dom's select loses it.
    await waitFor(() => expect(value(form, 'Title')).toMatch(/^Glock 19 Gen 5 9mm Luger - /));
  });

  it('puts the identified item fields over a kept draft’s, keeping the rest of the draft', async () => {
    localStorage.setItem(
      'listingDraft',
      JSON.stringify({
        savedAt: '2026-11-02T15:00:00.000Z',
        values: { title: 'Ruger 10/22', manufacturer: 'Ruger', model: '10/22', familyId: 19, price: 329 },
      }),
    );
    renderAsSeller(PREFILLED, {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    expect(value(form, 'Manufacturer (optional)')).toBe('Glock');
    expect(value(form, 'Category')).toBe('18');
    expect(value(form, 'Price (USD)')).toBe('329');
  });

  it('links to identification from a new listing', async () => {
    renderAsSeller('/dashboard/selling/list-item', {});
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    expect(form.getByRole('link', { name: 'Identify your firearm from photos' }).getAttribute('href')).toBe(
      '/identify',
    );
  });

  it('says how the price stands against recent sales of the item, asking once typing stops', async () => {
    const { fetch } = renderAsSeller(PREFILLED, {
      '/api/firearms/price-hint': () =>
        jsonResponse({ identity: glock19(), valuation: glock19Valuation({ salesUsed: 12 }) }),
    });
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    expect(await form.findByText('Recent sales: median $549 from 12 sales of the model.')).toBeTruthy();
    type(form, 'Price (USD)', '648');
    expect(
      form.getByText('Priced 18% above recent sales (median $549 from 12 sales of the model).'),
    ).toBeTruthy();
    type(form, 'Price (USD)', '520');
    expect(
      form.getByText('Priced 5% below recent sales (median $549 from 12 sales of the model).'),
    ).toBeTruthy();
    const hints = fetch.requests.filter((request) => request.url.includes('/firearms/price-hint'));
    expect(hints).toHaveLength(1);
    expect(JSON.parse(String(hints[0]?.body))).toEqual({
      title: expect.stringMatching(/^Glock 19 Gen 5 9mm Luger - /),
      manufacturer: 'Glock',
      model: '19 Gen 5',
      caliber: '9mm Luger',
      familyId: 18,
    });
  });

  it('says nothing beside the price for an item without recent sales', async () => {
    const { fetch } = renderAsSeller(PREFILLED, {
      '/api/firearms/price-hint': () => jsonResponse({ identity: null, valuation: null }),
    });
    const form = within(await screen.findByRole('form', { name: 'List an item' }));
    await waitFor(() =>
      expect(fetch.requests.some((request) => request.url.includes('/firearms/price-hint'))).toBe(true),
    );
    type(form, 'Price (USD)', '648');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form.queryByText(/recent sales/i)).toBeNull();
  });
});
