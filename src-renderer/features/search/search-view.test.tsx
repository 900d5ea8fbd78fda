import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/contract/listing-search.ts';
import { ListingType } from '../../../shared/domain/listing.ts';
import { EMPTY_GUID } from '../../../shared/domain/uuid.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { listingCard } from '../../testing/listing-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

function searchAnswer(overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    total: 50,
    totalCapped: false,
    page: 1,
    pageSize: 24,
    results: [listingCard()],
    facets: {
      family: [
        { id: 18, count: 30 },
        { id: 17, count: 20 },
      ],
      condition: [
        { value: 'Used', count: 35 },
        { value: 'NewInBox', count: 15 },
      ],
      listingType: [{ value: ListingType.National, count: 50 }],
    },
    ...overrides,
  };
}

const bodies = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.url.startsWith('/api/listings/search'))
    .map((request) => JSON.parse(String(request.body)));

describe('search page', () => {
  it('searches for the URL, then a filter changes the URL, and back restores it', async () => {
    const fetch = createFakeFetch(() => jsonResponse(searchAnswer()));
    const { router } = renderApp('/search?keyword=glock&condition=Used', { fetch });

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "glock"' })).toBeTruthy();
    await screen.findByText('50 listings · page 1 of 3');
    expect(bodies(fetch.requests)[0]).toMatchObject({ keyword: 'glock', conditions: ['Used'] });
    expect(document.title).toBe('glock for Sale – Search Results | Ironsight');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost:3000/search?keyword=glock&condition=Used',
    );
    expect(document.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
    expect(document.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      'http://localhost:3000/search?keyword=glock&condition=Used',
    );

    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    const used = filters.getByRole('radio', { name: /Used/ }) as HTMLInputElement;
    expect(used.checked).toBe(true);
    expect(filters.getByText('20')).toBeTruthy();
    fireEvent.click(filters.getByRole('checkbox', { name: /Revolvers/ }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?keyword=glock&familyIDs=17&condition=Used'),
    );
    await waitFor(() => expect(bodies(fetch.requests).at(-1)).toMatchObject({ familyIds: [17] }));
    // The other families stay listed, so a second one can be added.
    fireEvent.click(filters.getByRole('checkbox', { name: /Semi Auto Pistols/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?keyword=glock&familyIDs=17,18&condition=Used'),
    );
    await waitFor(() => expect(bodies(fetch.requests).at(-1)).toMatchObject({ familyIds: [17, 18] }));
    await act(() => router.navigate(-1));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?keyword=glock&condition=Used');
    await waitFor(() =>
      expect((filters.getByRole('checkbox', { name: /Revolvers/ }) as HTMLInputElement).checked).toBe(false),
    );
  });

  it('starts a changed search again at page 1 and links the pages', async () => {
    const fetch = createFakeFetch(() => jsonResponse(searchAnswer({ page: 2 })));
    const { router } = renderApp('/search?keyword=glock&page=2', { fetch });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('link', { name: /Next/ }).getAttribute('href')).toBe(
      '/search?keyword=glock&page=3',
    );
    expect(
      within(pages)
        .getByRole('link', { name: /Previous/ })
        .getAttribute('href'),
    ).toBe('/search?keyword=glock');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=glock&sort=price-asc'));
  });

  it('sorts by ending soonest and narrows to auctions from the page', async () => {
    const fetch = createFakeFetch(() => jsonResponse(searchAnswer()));
    const { router } = renderApp('/search?keyword=scope', { fetch });
    await screen.findByText('50 listings · page 1 of 3');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getByRole('option', { name: 'Ending soonest' })).toBeTruthy();
    fireEvent.change(sort, { target: { value: 'ending-soonest' } });
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=scope&sort=ending-soonest'));
    await waitFor(() => expect(bodies(fetch.requests).at(-1)).toMatchObject({ sort: 'ending-soonest' }));

    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    fireEvent.click(filters.getByRole('radio', { name: /Auction/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?keyword=scope&listingType=auction&sort=ending-soonest'),
    );
    await waitFor(() =>
      expect(bodies(fetch.requests).at(-1)).toMatchObject({ listingType: ListingType.Auction }),
    );
  });

  it('searches completed auctions with the toggle and shows what each sold for', async () => {
    const sold = listingCard({
      listingType: ListingType.Auction,
      displayPrice: 255,
      price: 255,
      auction: { endsAt: '2026-11-27T10:00:00.000Z', bidCount: 3, sold: true },
    });
    const fetch = createFakeFetch(() => jsonResponse(searchAnswer({ total: 1, results: [sold] })));
    const { router } = renderApp('/search?keyword=scope', { fetch });
    await screen.findByText('1 listing');
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    fireEvent.click(filters.getByRole('checkbox', { name: /Completed auctions/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=scope&completed=true'));
    await waitFor(() => expect(bodies(fetch.requests).at(-1)).toMatchObject({ completed: true }));
    expect(await screen.findByText('1 sold auction')).toBeTruthy();
    expect(screen.getByText('Sold for $255.00 · Nov 27, 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Completed auctions \(remove filter\)/ })).toBeTruthy();
    // Nothing in them ends any more.
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).queryByRole('option', { name: 'Ending soonest' })).toBeNull();
  });

  it('says "1,000+" and shows no facet counts when too many listings match to count', async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse(searchAnswer({ total: 1000, totalCapped: true, facets: null })),
    );
    renderApp('/search?keyword=glock', { fetch });

    await screen.findByText('1,000+ listings · page 1 of 42');
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    // Every option stays listed, without a count.
    expect(filters.getByRole('checkbox', { name: /Revolvers/ })).toBeTruthy();
    expect(filters.queryByText(/^\d[\d,]*$/)).toBeNull();
  });

  it('says which spelling it searched for when the typed keyword found nothing', async () => {
    const fetch = createFakeFetch(() => jsonResponse(searchAnswer({ correctedKeyword: 'glock' })));
    renderApp('/search?keyword=glcok', { fetch });

    const note = await screen.findByText(/^Showing results for/);
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toBe('Showing results for glock. No listings matched “glcok”.');
    await screen.findByText('50 listings · page 1 of 3');
  });

  it('says what to do next when nothing matches', async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse(
        searchAnswer({ total: 0, results: [], facets: { family: [], condition: [], listingType: [] } }),
      ),
    );
    const { router } = renderApp('/search?keyword=xyzzy&condition=Used', { fetch });
    expect(await screen.findByRole('heading', { name: 'No listings match this search.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers to try again when the search fails', async () => {
    let fail = true;
    const fetch = createFakeFetch(() =>
      fail
        ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)
        : jsonResponse(searchAnswer()),
    );
    renderApp('/search?keyword=glock', { fetch });
    expect(await screen.findByRole('heading', { name: 'We couldn’t load these listings.' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('50 listings · page 1 of 3')).toBeTruthy();
  });

  it('searches a firearms section over its families, keeping the section in the address', async () => {
    const fetch = createFakeFetch(() => jsonResponse(searchAnswer()));
    renderApp('/firearms/handguns', { fetch });
    await screen.findByText('50 listings · page 1 of 3');
    expect(bodies(fetch.requests)[0].familyIds).toEqual([11, 18, 22, 17]);
    expect(document.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
  });

  it('searches a city page around the city ZIP', async () => {
    const fetch = createFakeFetch(() => jsonResponse(searchAnswer()));
    renderApp('/guns-houston', { fetch });
    await screen.findByText('50 listings · page 1 of 3');
    expect(bodies(fetch.requests)[0]).toMatchObject({ zipCode: '77002', distance: 50 });
    expect(document.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      'http://localhost:3000/guns-houston',
    );
  });

  it('searches new this week over the last 7 days without distributor catalogues', async () => {
    const fetch = createFakeFetch(() => jsonResponse(searchAnswer()));
    renderApp('/newthisweek', { fetch });
    await screen.findByText('50 listings · page 1 of 3');
    // The same search as the home page's New This Week link: no distributor catalogues.
    expect(bodies(fetch.requests)[0]).toMatchObject({ listingStartDate: 7, distributorId: EMPTY_GUID });
    expect(document.title).toBe('New This Week | Ironsight');
  });

  it('builds a search address from the advanced search form', async () => {
    const { router } = renderApp('/advanced-search');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Keywords' }), {
      target: { value: 'ruger' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Revolvers' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Zip code' }), { target: { value: '75207' } });
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?keyword=ruger&familyIDs=17&zipCode=75207&distance=50');
  });

  it('keeps the advanced search form on its page with a message until the prices are in order', async () => {
    const { router } = renderApp('/advanced-search');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Minimum price ($)' }), {
      target: { value: '500' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Maximum price ($)' }), {
      target: { value: '100' },
    });
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The maximum price must not be below the minimum price.',
    );
    expect(router.state.location.pathname).toBe('/advanced-search');
    fireEvent.change(screen.getByRole('textbox', { name: 'Maximum price ($)' }), {
      target: { value: '900' },
    });
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?minPrice=500&maxPrice=900');
  });
});
