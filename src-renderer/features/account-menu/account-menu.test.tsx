import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

function unreadServer(unreadCount: number | null) {
  return createFakeFetch((request) =>
    request.url.includes('/api/messages/getUnreadMessagesCount') && unreadCount !== null
      ? jsonResponse({ unreadCount })
      : jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404),
  );
}

async function openMenu(name: string) {
  const trigger = await screen.findByRole('button', { name: `Account menu for ${name}` });
  await act(async () => {
    fireEvent.click(trigger);
  });
  return within(await screen.findByRole('dialog', { name: 'Account' }));
}

describe('the account menu', () => {
  it('greets a seller by name with the email, List an Item and the four groups', async () => {
    renderApp('/about-us', { platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)) });
    const menu = await openMenu('Sam Seller');
    expect(menu.getByText('Hi, Sam Seller')).toBeTruthy();
    expect(menu.getByText('seller@example.com')).toBeTruthy();
    expect(menu.getByRole('link', { name: 'List an Item' }).getAttribute('href')).toBe(
      '/dashboard/selling/list-item',
    );
    for (const group of ['Buying', 'Selling', 'Messages', 'Billing']) {
      expect(menu.getByRole('button', { name: group }).getAttribute('aria-expanded')).toBe('false');
    }
    await act(async () => {
      fireEvent.click(menu.getByRole('button', { name: 'Messages' }));
    });
    expect(menu.getByRole('link', { name: 'Inbox' }).getAttribute('href')).toBe('/dashboard/messages/inbox');
    expect(menu.getByRole('link', { name: 'Account Settings' }).getAttribute('href')).toBe(
      '/dashboard/accountsettings',
    );
    const help = menu.getByRole('link', { name: 'Help' });
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('href')).toMatch(/^https:\/\/help\./);
    // The initials the avatar draws on small screens.
    expect(document.querySelector('[data-initials="SS"]')).not.toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe(
      '/dashboard/selling/list-item',
    );
  });

  it('sends a non-seller to membership from Selling and List an Item; Sell goes to sell-guns', async () => {
    renderApp('/about-us', { platform: createMemoryPlatform(fakeToken()) });
    const menu = await openMenu('Blake Buyer');
    expect(menu.getByRole('link', { name: 'List an Item' }).getAttribute('href')).toBe('/membership');
    expect(menu.getByRole('link', { name: 'Selling' }).getAttribute('href')).toBe('/membership');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe(
      '/sell-guns',
    );
  });

  it('closes when the mouse leaves it', async () => {
    renderApp('/about-us', { platform: createMemoryPlatform(fakeToken()) });
    await openMenu('Blake Buyer');
    await act(async () => {
      fireEvent.mouseLeave(screen.getByRole('dialog', { name: 'Account' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull());
  });

  it('Log Out clears the token and goes to /login', async () => {
    const platform = createMemoryPlatform(fakeToken());
    const { router } = renderApp('/about-us', { platform });
    const menu = await openMenu('Blake Buyer');
    await act(async () => {
      fireEvent.click(menu.getByRole('button', { name: 'Log Out' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await platform.getToken()).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('re-reads the stored token on every navigation, so a new seller role shows at once', async () => {
    const platform = createMemoryPlatform(fakeToken());
    const { router } = renderApp('/about-us', { platform });
    await screen.findByRole('button', { name: 'Account menu for Blake Buyer' });
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe('/sell-guns');

    await platform.setToken(fakeToken({ role: ['Buyer', 'BasicSeller'] }));
    await act(() => router.navigate('/membership'));
    await waitFor(() =>
      expect(banner.getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe(
        '/dashboard/selling/list-item',
      ),
    );
  });

  it('shows Login for a visitor and for an expired token', async () => {
    const expired = fakeToken({ exp: Math.floor(Date.now() / 1000) - 10 });
    const platform = createMemoryPlatform(expired);
    renderApp('/about-us', { platform });
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    await waitFor(async () => expect(await platform.getToken()).toBeNull());
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });
});

describe('the unread messages button', () => {
  it('shows the count, capped at 99+, and links to the inbox', async () => {
    renderApp('/about-us', { platform: createMemoryPlatform(fakeToken()), fetch: unreadServer(120) });
    const link = await screen.findByRole('link', { name: 'Messages, 99+ unread' });
    expect(link.getAttribute('href')).toBe('/dashboard/messages/inbox');
    expect(link.textContent).toContain('99+');
  });

  it('is hidden with no unread messages, when the count fails, and for visitors (who never ask)', async () => {
    renderApp('/about-us', { platform: createMemoryPlatform(fakeToken()), fetch: unreadServer(0) });
    await screen.findByRole('button', { name: 'Account menu for Blake Buyer' });
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    cleanup();

    renderApp('/about-us', { platform: createMemoryPlatform(fakeToken()), fetch: unreadServer(null) });
    await screen.findByRole('button', { name: 'Account menu for Blake Buyer' });
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    cleanup();

    const fetch = unreadServer(5);
    renderApp('/about-us', { fetch });
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(fetch.requests.some((request) => request.url.includes('getUnreadMessagesCount'))).toBe(false);
  });
});

describe('the dashboard', () => {
  it('shows the summary counts of the user', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.includes('/api/userdashboard/summary/')
        ? jsonResponse({
            buying: { favorites: 3, savedSearches: 2, openOrders: 1, offers: 0 },
            selling: null,
            messages: { unread: 4 },
            billing: { pastDueAmount: 0, escrowBalance: 12.5 },
          })
        : jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404),
    );
    renderApp('/dashboard', { fetch, platform: createMemoryPlatform(fakeToken()) });
    const buying = within(await screen.findByRole('region', { name: 'Buying' }));
    expect(buying.getByRole('link', { name: 'Favorites' }).closest('div')?.textContent).toContain('3');
    expect(screen.queryByRole('region', { name: 'Selling' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Billing' })).getByText('$12.50')).toBeTruthy();
  });
});

describe('dashboard access', () => {
  it('sends a visitor to /login with the page as return URL', async () => {
    const { router } = renderApp('/dashboard/buying/orders?tab=open');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnUrl=%2Fdashboard%2Fbuying%2Forders%3Ftab%3Dopen');
  });

  it('opens for a signed-in user', async () => {
    renderApp('/dashboard/buying/orders', { platform: createMemoryPlatform(fakeToken()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
  });

  it('keeps the admin area to admins', async () => {
    renderApp('/admin', { platform: createMemoryPlatform(fakeToken()) });
    expect(await screen.findByRole('heading', { level: 1, name: "Something's missing." })).toBeTruthy();
    cleanup();
    renderApp('/admin', { platform: createMemoryPlatform(fakeToken({ role: 'Admin' })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
  });
});
