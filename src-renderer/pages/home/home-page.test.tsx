import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_SUCCESS_MESSAGE } from '../../../shared/contract/newsletter.ts';
import { NEWSLETTER_FAILURE_MESSAGE } from '../../../shared/domain/constants.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('home page', () => {
  it('greets with the hero and its three ways in', async () => {
    renderApp('/');

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Buy Guns. Sell Guns. Learn about Guns.',
    });
    const hero = within(heading.closest('section') as HTMLElement);
    expect(hero.getByRole('link', { name: 'Buy guns online' }).getAttribute('href')).toBe('/firearms');
    expect(hero.getByRole('link', { name: 'Search local guns' }).getAttribute('href')).toBe(
      '/search?listingType=local',
    );
    expect(hero.getByRole('link', { name: 'Learn about guns' }).getAttribute('href')).toBe('/digest');
    await waitFor(() => expect(document.title).toBe('Buy Guns Online and Sell Guns Online | Ironsight'));
  });

  it('lists the cities of Find Guns Near You', async () => {
    renderApp('/');

    const cities = await screen.findByRole('heading', { level: 2, name: 'Find Guns Near You' });
    const list = within(cities.closest('section') as HTMLElement);
    expect(list.getByRole('link', { name: 'Houston, TX' }).getAttribute('href')).toBe('/guns-houston');
    expect(list.getAllByRole('link')).toHaveLength(20);
  });
});

const ARTICLE = {
  id: '0b7c8f6e-2d1a-4c3b-9e8f-7a6b5c4d3e21',
  slug: 'glock-buyers-guide',
  title: "Glock Buyer's Guide",
  link: '/digest/glock-buyers-guide',
  date: '2026-03-01T00:00:00.000Z',
  featuredImage: null,
  featuredImageSizes: [],
  authorName: 'Dana Whitfield',
  authorAvatar: null,
  description: 'Models, prices and what to look for.',
  readingTime: 2,
  brandTags: ['glock'],
};

/** What the server answers each of the home page's calls with. */
function homeFetch(
  overrides: { signup?: (body: string) => Response; ads?: boolean; adsFailures?: number } = {},
) {
  let adFailuresLeft = overrides.adsFailures ?? 0;
  return createFakeFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/content/site-stats') {
      return jsonResponse({ foundedYear: 1997, yearsInBusiness: 29, users: 31_234, articles: 38 });
    }
    if (url.pathname === '/api/wp/get') return jsonResponse({ results: [ARTICLE], total: 1 });
    if (url.pathname === '/api/ads/zone') {
      const zone = url.searchParams.get('zone') ?? '';
      if (adFailuresLeft > 0) {
        adFailuresLeft -= 1;
        return jsonResponse({ error: { code: 'ServiceUnavailable', message: 'Busy' } }, 503);
      }
      const ads =
        overrides.ads === false
          ? []
          : [
              {
                id: `0b7c8f6e-2d1a-4c3b-9e8f-7a6b5c4d3e2${zone.length % 10}`,
                imageUrl: `/ads/${zone}.png`,
                linkUrl: '/brand/glock',
                altText: `Deal in ${zone}`,
                width: 300,
                height: 250,
              },
            ];
      return jsonResponse({ page: url.searchParams.get('page'), zone, ads });
    }
    if (url.pathname === '/api/users/signupForNewsLetter') {
      return (
        overrides.signup?.(String(request.body)) ?? jsonResponse({ error: { code: 'x', message: 'x' } }, 500)
      );
    }
    return jsonResponse({ results: [] });
  });
}

describe('home page blocks from data', () => {
  it('shows the social proof computed by the server, not fixed figures', async () => {
    renderApp('/', { fetch: homeFetch() });
    expect(await screen.findByText('29 years', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('in business since 1997')).toBeTruthy();
    expect(screen.getByText('31,000+')).toBeTruthy();
    expect(screen.getByText('38')).toBeTruthy();
  });

  it('shows the brand digest, Product Focus zones and the hero zones', async () => {
    renderApp('/', { fetch: homeFetch() });
    const digest = await screen.findByRole(
      'heading',
      { level: 2, name: 'News and Reviews for Glock' },
      { timeout: 5000 },
    );
    const section = within(digest.closest('section') as HTMLElement);
    expect((await section.findByRole('link', { name: "Glock Buyer's Guide" })).getAttribute('href')).toBe(
      '/digest/glock-buyers-guide',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Product Focus' })).toBeTruthy();
    expect(await screen.findByAltText('Deal in rev_home_hero_1')).toBeTruthy();
    expect(screen.getByAltText('Deal in product_focus_3_mob')).toBeTruthy();
  });

  it('a zone whose ads cannot be read shows nothing and the page stays', async () => {
    renderApp('/', { fetch: homeFetch({ adsFailures: Number.POSITIVE_INFINITY }) });
    await screen.findByRole('heading', { level: 2, name: 'Product Focus' });
    await waitFor(() => expect(document.querySelectorAll('[data-ad-zone]')).toHaveLength(0), {
      timeout: 8000,
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Online Listings' })).toBeTruthy();
  });

  it('an empty zone takes no room', async () => {
    renderApp('/', { fetch: homeFetch({ ads: false }) });
    await screen.findByRole('heading', { level: 2, name: 'Product Focus' });
    await waitFor(() => expect(document.querySelectorAll('[data-ad-zone]')).toHaveLength(0));
  });

  it('the newsletter sends nothing for an empty address, then shows the server’s success text', async () => {
    const fetch = homeFetch({
      signup: () => jsonResponse({ success: true, message: NEWSLETTER_SUCCESS_MESSAGE }),
    });
    renderApp('/', { fetch });
    const input = (await screen.findByLabelText('Email address')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch.requests.some((request) => request.url.includes('signupForNewsLetter'))).toBe(false);
    fireEvent.change(input, { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(NEWSLETTER_SUCCESS_MESSAGE)).toBeTruthy();
  });

  it('a failed sign-up shows the failure text and keeps what was typed', async () => {
    renderApp('/', {
      fetch: homeFetch({ signup: () => jsonResponse({ error: { code: 'bad', message: 'Bad' } }, 400) }),
    });
    const input = (await screen.findByLabelText('Email address')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(NEWSLETTER_FAILURE_MESSAGE)).toBeTruthy();
    expect(input.value).toBe('not-an-email');
  });

  it('answers the FAQ', async () => {
    renderApp('/', { fetch: homeFetch() });
    await screen.findByRole('heading', { level: 2, name: 'Frequently Asked Questions' });
    expect(screen.getByText('What is an FFL transfer?')).toBeTruthy();
  });
});
