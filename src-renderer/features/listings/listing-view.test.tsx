import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingOption } from '../../../shared/domain/listing.ts';
import { onLoginRequest } from '../../lib/session/login-request.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { glock19, glock19Valuation, VALUATION_SUMMARY } from '../../testing/identification-fixtures.ts';
import { LISTING_ID, listingDetail } from '../../testing/listing-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { FFL_NOTICE } from './listing-view.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const answering = (results: unknown[]) => createFakeFetch(() => jsonResponse({ results }));
const robots = () => document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null;

describe('listing page', () => {
  it('shows the listing with its facts, seller, shipping and the FFL notice for a firearm', async () => {
    const fetch = answering([listingDetail()]);
    renderApp(`/${LISTING_ID}/glock-19`, { fetch });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Glock 19 Gen 5 9mm 15rd Pistol' }),
    ).toBeTruthy();
    expect(JSON.parse(String(fetch.requests[0]?.body))).toEqual({ filters: { listingIds: [LISTING_ID] } });
    expect(screen.getByText(FFL_NOTICE)).toBeTruthy();
    expect(screen.getByText('In stock · 3 available')).toBeTruthy();
    const shipping = within(screen.getByRole('region', { name: 'Shipping and delivery' }));
    expect(shipping.getByText('$25.00')).toBeTruthy();
    expect(shipping.getByText('24 Hour Shipping')).toBeTruthy();
    expect(shipping.getByText('CA, NY')).toBeTruthy();
    const seller = within(screen.getByRole('region', { name: 'Seller' }));
    expect(seller.getByText('Licensed dealer (FFL)', { exact: false })).toBeTruthy();
    expect(seller.getByText('1,200 completed sales')).toBeTruthy();
    expect(document.title).toBe('Glock 19 Gen 5 9mm 15rd Pistol | Ironsight');
    expect(robots()).toBe('index,follow');
    const product = JSON.parse(
      document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
    );
    expect(product).toMatchObject({
      '@type': 'Product',
      offers: { availability: 'https://schema.org/InStock' },
    });
    expect(document.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('product');
    // Contact details stay out of the description metadata.
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).not.toMatch(
      /555|example\.com/,
    );
  });

  it('pages through the photos with the keyboard', async () => {
    renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail()]) });
    const photos = within(await screen.findByRole('group', { name: 'Choose a photo' }));
    const [first, second] = photos.getAllByRole('button');
    expect(first?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowRight' });
    expect(second?.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(second);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(first?.getAttribute('aria-pressed')).toBe('true');
  });

  it('is out of stock and not indexed when the quantity is 0', async () => {
    renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail({ quantity: 0 })]) });
    expect(await screen.findByText('Out of stock')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(robots()).toBe('noindex,nofollow');
    expect(document.querySelector('script[type="application/ld+json"]')?.textContent).toContain('OutOfStock');
  });

  it.each([
    ['frozen by staff', { listingOptions: ListingOption.FrozenDueToFraud }, 'This listing is not available.'],
    ['sold', { isSold: true }, 'This listing has sold.'],
    ['closed', { isActive: false }, 'This listing has ended.'],
    ['past its end date', { listingEndDate: '2020-01-01T00:00:00.000Z' }, 'This listing has ended.'],
  ] as const)(
    'a listing %s says why it cannot be bought, has no Buy now and is not indexed',
    async (_state, change, message) => {
      renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail(change)]) });
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.queryByText(/In stock/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
      expect(robots()).toBe('noindex,nofollow');
    },
  );

  it('shows the listing number', async () => {
    renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail({ listingNumber: 1_000_042 })]) });
    const details = within(await screen.findByRole('region', { name: 'Details' }));
    expect(details.getByText('Listing number').nextElementSibling?.textContent).toBe('1000042');
  });

  it('offers only the units accepted offers do not hold', async () => {
    renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail({ quantity: 3, available: 1 })]) });
    expect(await screen.findByText('In stock · 1 available')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();

    renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail({ quantity: 2, available: 0 })]) });
    expect(await screen.findByText('On hold for an accepted offer')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(true);
    // The stock is only held: the listing stays indexed as the seller's.
    expect(robots()).toBe('index,follow');
  });

  it('replaces the first load’s structured data when another page takes over', async () => {
    document.head.innerHTML =
      '<meta property="og:title" content="Old listing"><script type="application/ld+json">{"name":"Old"}</script>';
    const { router } = renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail()]) });
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'Glock 19 Gen 5 9mm 15rd Pistol | Ironsight',
    );
    await router.navigate('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(
      document.querySelectorAll('script[type="application/ld+json"], meta[property^="og:"]'),
    ).toHaveLength(0);
  });

  it('shows no FFL notice for a family that ships to the buyer', async () => {
    renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail({ family: 'Optics', familyId: 10 })]) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(FFL_NOTICE)).toBeNull();
  });

  it('lets a guest write to the seller, keeps the message and asks them to log in to send it', async () => {
    const requests: string[] = [];
    const stop = onLoginRequest((request) => {
      requests.push(request.reason ?? '');
      request.settle(false);
    });
    try {
      const { router } = renderApp(`/${LISTING_ID}`, { fetch: answering([listingDetail()]) });
      fireEvent.click(await screen.findByRole('button', { name: 'Contact seller' }));
      const form = await screen.findByRole('form', { name: 'Message the seller' });
      fireEvent.change(within(form).getByLabelText('Message'), {
        target: { value: 'Is it still available?' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Log in and send' }));
      await waitFor(() => expect(requests).toEqual(['Log in to send your message to the seller.']));
      expect(
        await screen.findByText('Your message is saved in this browser and will be sent when you log in.'),
      ).toBeTruthy();
      expect(JSON.parse(localStorage.getItem('gaPendingMessage') ?? '{}')).toMatchObject({
        listingId: LISTING_ID,
        body: 'Is it still available?',
      });
      expect(router.state.location.pathname).toBe(`/${LISTING_ID}`);
    } finally {
      stop();
    }
  });

  it('shows the not-found page for an unknown listing', async () => {
    renderApp(`/${LISTING_ID}`, { fetch: answering([]) });
    expect(await screen.findByRole('heading', { name: "Something's missing." })).toBeTruthy();
  });

  it('replaces a legacy address with the listing’s own', async () => {
    const fetch = answering([listingDetail()]);
    const { router } = renderApp('/listing?p=123456', { fetch });
    await waitFor(() => expect(router.state.location.pathname).toBe(listingDetail().listingUrl));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(JSON.parse(String(fetch.requests[0]?.body))).toEqual({ filters: { legacyIds: [123456] } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Glock 19 Gen 5 9mm 15rd Pistol' }),
    ).toBeTruthy();
  });

  describe('recent sales of the listed firearm', () => {
    const withRecentSales = (recentSales: unknown) =>
      createFakeFetch((request) =>
        request.url.includes('/recent-sales')
          ? jsonResponse(recentSales)
          : jsonResponse({ results: [listingDetail()] }),
      );

    it('shows the median and the sales it comes from, in words and as a chart', async () => {
      const fetch = withRecentSales({ identity: glock19(), valuation: glock19Valuation() });
      renderApp(`/${LISTING_ID}`, { fetch });
      const block = within(await screen.findByRole('region', { name: 'Recent sales' }));
      expect(block.getByText('Recent sales of this model: median $549 from 6 sales.')).toBeTruthy();
      expect(block.getByText(VALUATION_SUMMARY)).toBeTruthy();
      expect(block.getByRole('img', { name: VALUATION_SUMMARY })).toBeTruthy();
      expect(fetch.requests.map((request) => new URL(request.url, 'http://localhost').pathname)).toContain(
        `/api/listings/${LISTING_ID}/recent-sales`,
      );
    });

    it('names the maker’s items when the value falls back to them', async () => {
      const valuation = glock19Valuation({ level: 'manufacturerFamily', subject: 'Glock semi-auto pistols' });
      renderApp(`/${LISTING_ID}`, { fetch: withRecentSales({ identity: glock19(), valuation }) });
      expect(
        await screen.findByText('Recent sales of Glock semi-auto pistols: median $549 from 6 sales.'),
      ).toBeTruthy();
    });

    it.each([
      ['a listing not identified', { identity: null, valuation: null }],
      ['an identity without sales', { identity: glock19(), valuation: null }],
      [
        'no sale in the window',
        { identity: glock19(), valuation: glock19Valuation({ value: null, range: null, salesUsed: 0 }) },
      ],
    ])('shows nothing for %s', async (_case, answer) => {
      const fetch = withRecentSales(answer);
      renderApp(`/${LISTING_ID}`, { fetch });
      await screen.findByRole('region', { name: 'Details' });
      await waitFor(() =>
        expect(fetch.requests.some((request) => request.url.includes('/recent-sales'))).toBe(true),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region', { name: 'Recent sales' })).toBeNull();
    });
  });
});
