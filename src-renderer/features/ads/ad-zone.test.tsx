import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_AD_LOCATION } from '../../../shared/domain/ads.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { AdZone } from './ad-zone.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CREATIVE = {
  id: '0b7c8f6e-2d1a-4c3b-9e8f-7a6b5c4d3e21',
  imageUrl: '/ads/product_focus_1.png',
  linkUrl: '/brand/glock',
  altText: 'Glock pistols on Ironsight',
  width: 300,
  height: 250,
};

const zoneFetch = (ads: unknown[]) =>
  createFakeFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/ads/zone') {
      return jsonResponse({ page: url.searchParams.get('page'), zone: url.searchParams.get('zone'), ads });
    }
    return jsonResponse({}, 204);
  });

describe('an ad zone', () => {
  it('shows its creative as a sponsored link at the zone’s reserved size', async () => {
    renderWithRouter(<AdZone page="home" zone="product_focus_1" />, { fetch: zoneFetch([CREATIVE]) });
    const image = await screen.findByAltText('Glock pistols on Ironsight');
    expect(image.getAttribute('width')).toBe('300');
    expect(image.getAttribute('height')).toBe('250');
    expect(image.closest('a')?.getAttribute('href')).toBe('/brand/glock');
  });

  it('loads its image when scrolled near, or at once and early on the first screen', async () => {
    renderWithRouter(<AdZone page="home" zone="product_focus_1" />, { fetch: zoneFetch([CREATIVE]) });
    const later = await screen.findByAltText('Glock pistols on Ironsight');
    expect(later.getAttribute('loading')).toBe('lazy');
    expect(later.getAttribute('fetchpriority')).toBeNull();
    cleanup();
    renderWithRouter(<AdZone page="home" zone="product_focus_1" firstScreen />, {
      fetch: zoneFetch([CREATIVE]),
    });
    const first = await screen.findByAltText('Glock pistols on Ironsight');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
  });

  it('an image that fails to load leaves its zone and its words, never a broken image', async () => {
    renderWithRouter(<AdZone page="home" zone="product_focus_1" />, { fetch: zoneFetch([CREATIVE]) });
    fireEvent.error(await screen.findByAltText('Glock pistols on Ironsight'));
    await waitFor(() => expect(screen.queryByAltText('Glock pistols on Ironsight')).toBeNull());
    const words = screen.getByText('Glock pistols on Ironsight');
    expect(words.closest('[data-ad-zone="product_focus_1"]')).toBeTruthy();
    expect(words.closest('a')?.getAttribute('href')).toBe('/brand/glock');
  });

  it('an unknown location warns "Invalid location" and renders nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = zoneFetch([CREATIVE]);
    const { container } = renderWithRouter(<AdZone page="home" zone="no_such_zone" />, { fetch });
    await waitFor(() => expect(warn).toHaveBeenCalledWith(INVALID_AD_LOCATION, expect.anything()));
    expect(container.querySelector('[data-ad-zone]')).toBeNull();
    expect(fetch.requests.some((request) => request.url.includes('/api/ads/zone'))).toBe(false);
  });
});
