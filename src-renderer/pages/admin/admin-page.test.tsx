import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

/** Set when the console's module is imported: the guard must not import it for anyone but an admin. */
const consoleImports = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../features/admin-console/admin-console.tsx', () => {
  consoleImports.count += 1;
  return { default: () => <h1>Console stand-in</h1> };
});

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

describe('the /admin route guard', () => {
  it('sends a visitor to sign in, without importing the console', async () => {
    const { router } = renderApp('/admin');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/admin');
    expect(consoleImports.count).toBe(0);
  });

  it.each([
    ['a buyer', {}],
    ['a seller', SELLER_CLAIMS],
    // An admin viewing as a user holds that user's token, roles and all.
    ['an admin viewing as a buyer', { act: { sub: 'd1000000-0000-4000-8000-0000000000ad' } }],
  ])('shows %s the not-found page, without importing the console', async (_who, claims) => {
    renderApp('/admin', { platform: createMemoryPlatform(fakeToken(claims)) });
    expect(await screen.findByRole('heading', { name: "Something's missing." })).toBeTruthy();
    expect(screen.queryByText('Console stand-in')).toBeNull();
    expect(consoleImports.count).toBe(0);
  });

  it('imports the console once the session is an admin’s', async () => {
    renderApp('/admin', { platform: createMemoryPlatform(fakeToken({ role: ['Buyer', 'Admin'] })) });
    expect(await screen.findByText('Console stand-in')).toBeTruthy();
    expect(consoleImports.count).toBe(1);
  });
});
