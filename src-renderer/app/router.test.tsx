import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CITY_SLUG_LIST, ROUTES } from '../../shared/routes/paths.ts';
import { REWRITE_ENTRY } from '../lib/navigation-state.ts';
import { renderApp } from '../testing/render-app.tsx';
import type { PageHandle } from './page-modules.ts';
import { createAppRoutes, loadMatchedRoutes, routerPaths } from './router.tsx';

function flatten(routes: readonly RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

const pageRoutes = flatten(createAppRoutes()).filter((route) => route.handle !== undefined);

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('app router', () => {
  it('has a page for every route of the route table', () => {
    const routeIds = new Set(pageRoutes.map((route) => (route.handle as PageHandle).routeId));

    expect([...routeIds].sort()).toEqual(ROUTES.map((route) => route.id).sort());
  });

  it('serves every pattern of the table at its own path', () => {
    const paths = new Set(pageRoutes.map((route) => route.path));

    for (const route of ROUTES) {
      for (const path of routerPaths(route.pattern)) expect(paths.has(path), path).toBe(true);
    }
  });

  it('loads the screen of an address before hydration, and only that one', async () => {
    const routes = createAppRoutes();
    await loadMatchedRoutes(routes, '/about-us?x=1');
    const pages = flatten(routes).filter((route) => route.handle !== undefined);
    const aboutUs = pages.find((route) => (route.handle as PageHandle).routeId === 'aboutUs');
    expect(aboutUs?.lazy).toBeUndefined();
    expect(aboutUs?.Component).toBeTypeOf('function');
    const home = pages.find((route) => (route.handle as PageHandle).routeId === 'home');
    expect(home?.lazy).toBeDefined();
  });

  it('loads every page except the not-found page lazily', () => {
    for (const route of pageRoutes) {
      const routeId = (route.handle as PageHandle).routeId;
      if (routeId === 'notFound') expect(route.Component).toBeDefined();
      else expect(route.lazy, routeId).toBeDefined();
    }
  });

  it('gives each city of Find Guns Near You its own path', () => {
    expect(routerPaths('/guns-:city')).toEqual(CITY_SLUG_LIST.map((slug) => `/guns-${slug}`));
    expect(routerPaths('/:productId/:title?')).toEqual(['/:productId/:title?']);
  });

  it('shows the not-found page for any address outside the table', () => {
    const catchAll = flatten(createAppRoutes()).find((route) => route.path === '*');

    expect(catchAll?.Component?.name).toBe('NotFoundPage');
  });

  it('opens a page of the table inside the app shell', async () => {
    renderApp('/sell-guns');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sell guns on Ironsight' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sell Guns Online | Ironsight'));
  });

  it('reads page parameters in canonical form from the shared table', async () => {
    renderApp('/Guns-Houston');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guns for Sale in Houston, TX' }),
    ).toBeTruthy();
  });

  it('treats a route whose values are not allowed as missing', async () => {
    renderApp('/listing');

    expect(await screen.findByRole('heading', { name: "Something's missing." })).toBeTruthy();
  });

  it('reloads the page when a link leads to the address already shown', async () => {
    const { router } = renderApp('/about-us');
    const before = await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const keyBefore = router.state.location.key;

    await act(() => router.navigate('/about-us'));

    const after = await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(router.state.location.key).not.toBe(keyBefore);
    expect(after).not.toBe(before);
  });

  it('keeps the page mounted when the entry shown is only rewritten', async () => {
    const { router } = renderApp('/about-us');
    const before = await screen.findByRole('heading', { level: 1, name: 'About Us' });

    await act(() => router.navigate('/about-us', { replace: true, state: REWRITE_ENTRY }));

    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBe(before);
  });

  it('updates a page in place when only its query changes', async () => {
    const { router } = renderApp('/search?keyword=glock');
    const before = await screen.findByRole('heading', { level: 1, name: 'Results for "glock"' });

    await act(() => router.navigate('/search?keyword=sig'));

    const after = await screen.findByRole('heading', { level: 1, name: 'Results for "sig"' });
    expect(after).toBe(before);
  });
});
