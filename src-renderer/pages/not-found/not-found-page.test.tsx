import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SELLER_ID = '3f1c2b7e-8a4d-4c5e-9b1a-2d3e4f5a6b7c';

function robots(): string | null {
  return document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null;
}

/** A response the test releases when it wants, to observe the page while a look-up is pending. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('not-found page', () => {
  it('shows 404, the message and a link home, and asks search engines not to index it', async () => {
    renderApp('/404');

    expect(await screen.findByText('404')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: "Something's missing." })).toBeTruthy();
    expect(
      screen.getByText("Sorry, we can't find that page. You'll find lots to explore on the home page."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Homepage' }).getAttribute('href')).toBe('/');
    expect(robots()).toBe('noindex,nofollow');
    expect(document.title).toBe('Page Not Found | Ironsight');
  });

  it('shows 404 for an unknown address once the redirect checks find nothing', async () => {
    const { router } = renderApp('/no/such/page/here');

    expect(await screen.findByRole('heading', { name: "Something's missing." })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no/such/page/here');
    expect(robots()).toBe('noindex,nofollow');
  });

  it('removes the noindex when the visitor goes on to a real page', async () => {
    const { router } = renderApp('/404');
    await screen.findByRole('heading', { name: "Something's missing." });

    await router.navigate('/about-us');

    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeTruthy();
    expect(robots()).toBeNull();
  });

  it('shows a skeleton while a legacy lister link is looked up, then opens that seller’s listings', async () => {
    const answer = deferred<Response>();
    const fetch = createFakeFetch(() => answer.promise);
    const { router } = renderApp('/Search/Lister/4321?utm_source=mail', { fetch });

    // The skeleton is the busy status region (the shell keeps empty live regions of its own).
    await waitFor(() => {
      const busy = screen
        .getAllByRole('status')
        .find((element) => element.getAttribute('aria-busy') === 'true');
      if (!busy) throw new Error('No busy status yet.');
    });
    expect(screen.queryByText('404')).toBeNull();
    // The request leaves once the API client has loaded the contract.
    await waitFor(() =>
      expect(fetch.requests[0]?.url).toBe('/api/users/getUserIdFromLegacyListerID?legacyListerID=4321'),
    );

    answer.resolve(jsonResponse({ userId: SELLER_ID }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('uid')).toBe(SELLER_ID);
    expect(query.get('utm_source')).toBe('mail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Listings' })).toBeTruthy();
  });

  it('shows 404 when the legacy lister id is unknown', async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse({ error: { code: 'not_found', message: 'No user has that lister id.' } }, 404),
    );
    const { router } = renderApp('/search.aspx?lid=999', { fetch });

    expect(await screen.findByRole('heading', { name: "Something's missing." })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/search.aspx');
  });

  it('follows a short link to its target inside the app', async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse({
        items: [
          {
            id: '0b6f1d2c-3e4a-4b5c-8d9e-0f1a2b3c4d5e',
            shortCode: 'spring-rifles',
            fullLink: '/firearms/rifles',
            clicks: 0,
            createdAt: '2026-03-01T12:00:00.000Z',
          },
        ],
      }),
    );
    const { router } = renderApp('/l/spring-rifles', { fetch });

    await waitFor(() => expect(router.state.location.pathname).toBe('/firearms/rifles'));
    expect(fetch.requests[0]?.url).toBe('/api/shortlinks/getByShortCode/spring-rifles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rifles for Sale' })).toBeTruthy();
  });

  it('sends a legacy page address to its page now, replacing it in history', async () => {
    const { router } = renderApp('/Pistols.htm?cmc=fall');

    await waitFor(() => expect(router.state.location.pathname).toBe('/firearms/handguns'));
    expect(router.state.location.search).toBe('?cmc=fall');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('treats a listing address whose id is not an id as missing', async () => {
    renderApp('/not-a-listing-id/some-title');

    expect(await screen.findByRole('heading', { name: "Something's missing." })).toBeTruthy();
  });
});
