import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateState } from '../../../shared/desktop-bridge.ts';
import { createDesktopPlatform } from '../../lib/platform/desktop-platform.ts';
import { createFakeDesktopBridge, UPDATES_IDLE } from '../../testing/fake-desktop-bridge.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { UpdateBanner } from './update-banner.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const READY: UpdateState = {
  ...UPDATES_IDLE,
  status: 'ready',
  version: '1.3.0',
  percent: 100,
  checkedAt: '2026-03-14T15:09:26.000Z',
};

function renderBanner(updates?: UpdateState) {
  const bridge = createFakeDesktopBridge(updates ? { updates } : {});
  const view = renderWithRouter(<UpdateBanner />, { url: '/', platform: createDesktopPlatform(bridge) });
  return { ...view, bridge };
}

describe('Restart to update', () => {
  it('stays hidden while the client is up to date, checking or downloading', async () => {
    const { bridge } = renderBanner();
    await waitFor(() => expect(bridge.calls).toContain('updates.get'));
    expect(screen.queryByRole('region', { name: 'Update ready' })).toBeNull();
    act(() => bridge.emitUpdates({ ...UPDATES_IDLE, status: 'downloading', version: '1.3.0', percent: 40 }));
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull();
  });

  it('appears once the main process says the update is downloaded and verified, and restarts into it', async () => {
    const { bridge } = renderBanner();
    await waitFor(() => expect(bridge.calls).toContain('updates.get'));
    act(() => bridge.emitUpdates(READY));

    const banner = await screen.findByRole('region', { name: 'Update ready' });
    expect(within(banner).getByText('Ironsight 1.3.0 is ready to install.')).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Restart to update' }));
    await waitFor(() => expect(bridge.calls).toContain('updates.restart'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a ready update from the first read', async () => {
    renderBanner(READY);
    expect(await screen.findByRole('button', { name: 'Restart to update' })).toBeTruthy();
  });

  it('says so when the main process refuses the restart (the update is no longer ready)', async () => {
    const { bridge } = renderBanner(READY);
    const button = await screen.findByRole('button', { name: 'Restart to update' });
    // An error withdrew the update in the main process; the page has not heard yet.
    bridge.updateState = { ...READY, status: 'error', error: 'sha512 checksum mismatch' };
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be installed now');
    expect(bridge.calls).toContain('updates.restart');
    // The main process's change arrives: no button any more, the explanation stays.
    act(() => bridge.emitUpdates(bridge.updateState));
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('download it again');
  });

  it('says so when the main process does not answer', async () => {
    const { bridge } = renderBanner(READY);
    const button = await screen.findByRole('button', { name: 'Restart to update' });
    bridge.fail('updates.restart');
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be installed now');
  });

  it('is never shown on the web', async () => {
    renderWithRouter(<UpdateBanner />, { url: '/', platform: createMemoryPlatform(null) });
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Update ready' })).toBeNull();
  });

  it('sits under the header of every page of the desktop client', async () => {
    const bridge = createFakeDesktopBridge({ token: fakeToken(SELLER_CLAIMS), updates: READY });
    const fetch = createFakeFetch(() => jsonResponse({ results: [] }));
    renderApp('/dashboard', { fetch, platform: createDesktopPlatform(bridge) });
    const banner = await screen.findByRole('region', { name: 'Update ready' });
    const header = screen.getByRole('banner');
    expect(header.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByRole('main').compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_PRECEDING,
    ).toBeTruthy();
  });

  it('has no accessibility violations axe can find', async () => {
    const { container } = renderBanner(READY);
    await screen.findByRole('region', { name: 'Update ready' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
