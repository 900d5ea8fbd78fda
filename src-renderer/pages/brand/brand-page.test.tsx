import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Brand } from '../../../shared/contract/brands.ts';
import type { SearchResponse } from '../../../shared/contract/listing-search.ts';
import { brandPageMeta } from '../../../shared/page-meta-builders.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { listingCard } from '../../testing/listing-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const BRAND: Brand = {
  id: '0b7c8f6e-2d1a-4c3b-9e8f-7a6b5c4d3e2f',
  slug: 'glock',
  name: 'Glock',
  keywords: ['glock', 'glock 19'],
  logoUrl: null,
  shopUrl: '/search?keyword=glock',
  metaTitle: null,
  metaDescription: 'Glock pistols from private sellers and dealers.',
  focus: {
    name: 'Glock',
    heroSubtext: 'Austrian pistols, from the G17 to the G48.',
    products: [{ name: 'G19', imageUrl: '/media/brands/g19.svg', imageAlt: 'G19', actionUrl: '/search' }],
  },
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const SEARCH: SearchResponse = {
  total: 1,
  totalCapped: false,
  page: 1,
  pageSize: 24,
  results: [listingCard()],
  facets: { family: [{ id: 18, count: 1 }], condition: [], listingType: [] },
};

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('brand page', () => {
  it('keeps the head of the shared brand metadata, as the server writes it on the first load', async () => {
    // The server's first load of another page left its tags behind.
    document.head.innerHTML =
      '<meta property="og:type" content="product"><script type="application/ld+json">{}</script>';
    const fetch = createFakeFetch((request) =>
      jsonResponse(request.url.startsWith('/api/brands/') ? BRAND : SEARCH),
    );
    renderApp('/brand/glock', { fetch });
    await screen.findByRole('heading', { level: 1, name: 'Glock' });
    const meta = brandPageMeta(BRAND, window.location.origin);
    await waitFor(() => expect(document.title).toBe(meta.title));
    expect(content('meta[name="description"]')).toBe(meta.description);
    expect(content('meta[name="keywords"]')).toBe(meta.keywords);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(meta.canonical);
    expect(content('meta[property="og:type"]')).toBe('website');
    expect(content('meta[property="og:image"]')).toBe(meta.openGraph?.image);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
  });
});
