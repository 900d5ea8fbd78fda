import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxSnapshot } from '../../../shared/desktop-bridge.ts';
import { createDesktopPlatform } from '../../lib/platform/desktop-platform.ts';
import { createFakeDesktopBridge, OUTBOX_EMPTY, outboxItem } from '../../testing/fake-desktop-bridge.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { formatWhen } from './format.ts';
import { OutboxIndicator } from './outbox-indicator.tsx';
import { OutboxPanel } from './outbox-panel.tsx';

afterEach(() => {
  cleanup();
});

const SHIPPING = outboxItem();
const CONFLICT = outboxItem({
  id: '6f1c2b9e-0000-4000-8000-000000000002',
  kind: 'listingEdit',
  label: 'Listing edit: Glock 19 Gen 5, price $549.99',
  resource: 'listing:88',
  queuedAt: '2025-03-14T15:10:00.000Z',
  state: 'conflict',
  problem: 'The listing was changed meanwhile (price).',
  attempts: 1,
});
const REJECTED = outboxItem({
  id: '6f1c2b9e-0000-4000-8000-000000000003',
  kind: 'offerAnswer',
  label: 'Offer answer: accept $500',
  resource: 'offer:7',
  state: 'rejected',
  problem: 'The offer has expired.',
  attempts: 1,
});
const MESSAGE = outboxItem({
  id: '6f1c2b9e-0000-4000-8000-000000000004',
  kind: 'message',
  label: 'Message to Sam: Is it still available?',
  resource: 'conversation:31',
});

const WAITING: OutboxSnapshot = {
  items: [SHIPPING, CONFLICT, REJECTED],
  status: 'waiting',
  nextAttemptAt: '2025-03-14T15:20:00.000Z',
  persistent: true,
};

function renderPanel(options: Parameters<typeof createFakeDesktopBridge>[0] = {}) {
  const bridge = createFakeDesktopBridge(options);
  const view = renderWithRouter(
    <>
      <OutboxIndicator />
      <OutboxPanel />
    </>,
    { url: '/dashboard', platform: createDesktopPlatform(bridge) },
  );
  return { ...view, bridge };
}

function panel(): HTMLElement {
  return screen.getByRole('region', { name: 'Waiting to be sent' });
}

function status(): string {
  return within(panel()).getByRole('status').textContent ?? '';
}

/** The table's rows as the dealer reads them: change, kind, state. */
function rows(): string[][] {
  return within(panel())
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const [change, kind, , state] = Array.from(row.querySelectorAll('th, td'));
      return [change?.textContent ?? '', kind?.textContent ?? '', state?.textContent ?? ''];
    });
}

describe('pending outbox (desktop)', () => {
  it('renders nothing on the web, neither the panel nor the header count', () => {
    const { container } = renderWithRouter(
      <>
        <OutboxIndicator />
        <OutboxPanel />
      </>,
      { platform: createMemoryPlatform() },
    );
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows a loading state, then says when nothing is waiting, without a header count', async () => {
    renderPanel();
    expect(within(panel()).getByText('Loading the changes waiting to be sent')).toBeTruthy();
    await waitFor(() => expect(status()).toBe('Everything has been sent.'));
    expect(
      screen.getByText(
        'Nothing is waiting. Changes you make while offline will wait here until they can be sent.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('lists the queued changes with kind, time, state and the reason one is held', async () => {
    renderPanel({ outbox: WAITING });
    await screen.findByRole('table');
    expect(status()).toBe(
      `The marketplace cannot be reached; 3 changes are waiting to be sent. Next try ${formatWhen(
        '2025-03-14T15:20:00.000Z',
      )}. 2 need your attention.`,
    );
    expect(rows()).toEqual([
      ['Shipping update: UPS 1Z999AA10123456784', 'Shipping update', 'Waiting'],
      [
        'Listing edit: Glock 19 Gen 5, price $549.99',
        'Listing edit',
        'ConflictThe listing was changed meanwhile (price).',
      ],
      ['Offer answer: accept $500', 'Offer answer', 'RefusedThe offer has expired.'],
    ]);
    const made = within(panel()).getByText(formatWhen(CONFLICT.queuedAt));
    expect(made.getAttribute('datetime')).toBe(CONFLICT.queuedAt);
    // Retry and Discard only for the held ones.
    expect(
      screen.getAllByRole('button', { name: /^Retry: / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Retry: ${CONFLICT.label}`, `Retry: ${REJECTED.label}`]);
    expect(screen.getAllByRole('button', { name: /^Discard: / })).toHaveLength(2);
    expect(screen.queryByText(/kept in memory only/)).toBeNull();
  });

  it('shows the count in the header while changes wait, leading to the list', async () => {
    const { bridge } = renderPanel({ outbox: WAITING });
    const link = await screen.findByRole('link', {
      name: '3 changes waiting to be sent, 2 need your attention',
    });
    expect(link.getAttribute('href')).toBe('/dashboard#waiting-to-be-sent');
    expect(panel().id).toBe('waiting-to-be-sent');
    expect(link.textContent).toContain('3');

    act(() => bridge.emitOutbox({ ...WAITING, items: [SHIPPING] }));
    expect(screen.getByRole('link', { name: '1 change waiting to be sent' })).toBeTruthy();

    act(() => bridge.emitOutbox(OUTBOX_EMPTY));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('retries and discards a held change, and starts sending now, through the bridge', async () => {
    const { bridge } = renderPanel({ outbox: WAITING });
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: `Retry: ${CONFLICT.label}` }));
    await waitFor(() => expect(bridge.calls).toContain(`outbox.retry:${CONFLICT.id}`));

    fireEvent.click(await screen.findByRole('button', { name: `Discard: ${REJECTED.label}` }));
    await waitFor(() => expect(bridge.calls).toContain(`outbox.discard:${REJECTED.id}`));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send now' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(bridge.calls).toContain('outbox.sendNow'));
    // After each action the list is read again (the main process's event may come first).
    expect(bridge.calls.filter((call) => call === 'outbox.list').length).toBeGreaterThanOrEqual(4);
  });

  it('follows the main process: sending, sent, new changes, signed out, memory only', async () => {
    const { bridge } = renderPanel({
      outbox: { ...WAITING, items: [SHIPPING], status: 'idle', nextAttemptAt: null },
    });
    await screen.findByRole('table');
    expect(status()).toBe('1 change is waiting to be sent.');

    act(() =>
      bridge.emitOutbox({ ...WAITING, items: [SHIPPING, MESSAGE], status: 'sending', nextAttemptAt: null }),
    );
    expect(status()).toBe('Sending: 2 changes are waiting to be sent.');
    expect(rows().map((row) => row[2])).toEqual(['Sending', 'Sending']);
    expect(screen.getByRole('button', { name: 'Send now' })).toHaveProperty('disabled', true);

    act(() => bridge.emitOutbox({ ...OUTBOX_EMPTY }));
    expect(status()).toBe('Everything has been sent.');
    expect(screen.queryByRole('table')).toBeNull();

    act(() =>
      bridge.emitOutbox({ items: [MESSAGE], status: 'signedOut', nextAttemptAt: null, persistent: false }),
    );
    expect(status()).toBe('Sign in to send them: 1 change is waiting to be sent.');
    expect(screen.getByText(/kept in memory only: they are lost if you quit the app/)).toBeTruthy();
  });

  it('says when an action fails, and when the list cannot be read', async () => {
    const bridge = createFakeDesktopBridge({ outbox: WAITING });
    bridge.fail('outbox.list');
    renderWithRouter(<OutboxPanel />, { platform: createDesktopPlatform(bridge) });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The changes waiting to be sent could not be read.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');

    bridge.fail('outbox.discard');
    fireEvent.click(screen.getByRole('button', { name: `Discard: ${CONFLICT.label}` }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `“${CONFLICT.label}” could not be discarded. Please try again.`,
    );
  });

  it('has no accessibility violations axe can find', async () => {
    const { container } = renderPanel({ outbox: { ...WAITING, persistent: false } });
    await screen.findByRole('table');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
