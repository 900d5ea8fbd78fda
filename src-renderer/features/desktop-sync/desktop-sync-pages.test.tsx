import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopPlatform } from '../../lib/platform/desktop-platform.ts';
import { createFakeDesktopBridge, outboxItem } from '../../testing/fake-desktop-bridge.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

/** The server's side: a seller with nothing yet (no uploads, feeds, credentials, orders). */
function server() {
  return createFakeFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/users/sellerapi') return jsonResponse({ credentials: [], created: null });
    return jsonResponse({ results: [] });
  });
}

function desktop() {
  const bridge = createFakeDesktopBridge({
    token: fakeToken(SELLER_CLAIMS),
    outbox: { items: [outboxItem()], status: 'waiting', nextAttemptAt: null, persistent: true },
  });
  return { bridge, platform: createDesktopPlatform(bridge) };
}

describe('where the desktop views are', () => {
  it('Seller Tools has the watched folder in the desktop client, after the bulk upload', async () => {
    renderApp('/dashboard/selling/tools', { fetch: server(), platform: desktop().platform });
    const folder = await screen.findByRole('region', { name: 'Watched inventory folder' });
    expect(await within(folder).findByText('Off: no folder is chosen.')).toBeTruthy();
    const bulk = screen.getByRole('heading', { name: 'Bulk inventory upload' });
    expect(bulk.compareDocumentPosition(folder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the dashboard lists the outbox, and the header counts it, in the desktop client', async () => {
    renderApp('/dashboard', { fetch: server(), platform: desktop().platform });
    const outbox = await screen.findByRole('region', { name: 'Waiting to be sent' });
    expect(await within(outbox).findByRole('table')).toBeTruthy();
    const header = screen.getByRole('banner');
    const link = await within(header).findByRole('link', { name: '1 change waiting to be sent' });
    expect(link.getAttribute('href')).toBe('/dashboard#waiting-to-be-sent');
  });

  it('the account settings have the quiet hours after the message notifications, in the desktop client', async () => {
    renderApp('/dashboard/accountsettings', { fetch: server(), platform: desktop().platform });
    const quiet = await screen.findByRole('region', { name: 'Quiet hours' });
    expect(await within(quiet).findByText('Off: notifications are shown at any time.')).toBeTruthy();
    const notifications = screen.getByRole('heading', { name: 'Desktop notifications' });
    expect(notifications.compareDocumentPosition(quiet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the web has neither', async () => {
    renderApp('/dashboard/selling/tools', {
      fetch: server(),
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    await screen.findByRole('heading', { name: 'Bulk inventory upload' });
    expect(screen.queryByRole('region', { name: 'Watched inventory folder' })).toBeNull();
    expect(screen.queryByRole('link', { name: /waiting to be sent/ })).toBeNull();
  });
});
