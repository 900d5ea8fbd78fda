import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes/paths.ts';
import { REWRITE_ENTRY } from '../lib/navigation-state.ts';
import { renderApp } from '../testing/render-app.tsx';
import { PAGE_LOADERS } from './page-modules.ts';
import { loadPage, loadPageFor } from './router.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('app router', () => {
  it('has a screen for every route of the route table', () => {
    expect(Object.keys(PAGE_LOADERS).sort()).toEqual(ROUTES.map((route) => route.id).sort());
  });

  it('loads the screen of an address once, and marks it loaded so it renders at once', async () => {
    await loadPageFor('/about-us', '?x=1');
    const aboutUs = loadPage('aboutUs') as Promise<unknown> & { status?: string; value?: unknown };

    expect(loadPage('aboutUs')).toBe(aboutUs);
    expect(aboutUs.status).toBe('fulfilled');
    expect(aboutUs.value).toBeTypeOf('function');
  });

  it('loads the not-found screen for an address outside the table', async () => {
    await loadPageFor('/no/such/page', '');

    expect((loadPage('notFound') as Promise<unknown> & { status?: string }).status).toBe('fulfilled');
  });

  it('shows the not-found page for any address outside the table', async () => {
    renderApp('/no/such/page/here');

    expect(await screen.findByRole('heading', { name: "Something's missing." })).toBeTruthy();
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
