import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../../shared/contract/users.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { alertFoldSummary } from './alert-fold.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const alert = (n: number, title: string | null, location = 'UserDashboard'): Alert => ({
  id: `a2000000-0000-4000-8000-00000000000${n}`,
  title,
  message: `Alert ${n} message`,
  severity: 'info',
  location: location as Alert['location'],
  linkUrl: null,
  linkText: null,
  dismissible: true,
  startsAt: '2026-01-05T15:00:00.000Z',
  endsAt: null,
  updates: 1,
  times: {},
});

const USER_ALERTS = [alert(1, 'Offer received'), alert(2, null), alert(3, 'Payment due')];

function alertServer() {
  return createFakeFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/users/getUserAlerts') return jsonResponse({ results: USER_ALERTS });
    if (url.pathname === '/api/users/getPublicAlerts') {
      return jsonResponse({
        results: [alert(4, 'Home notice', 'HomePage'), alert(5, 'Site news', 'HomePage')],
      });
    }
    return jsonResponse({ results: [] });
  });
}

describe('folded dashboard alerts', () => {
  it('sums up the alerts in one line: their count, then the titles they have', () => {
    expect(alertFoldSummary(USER_ALERTS)).toBe('3 alerts: Offer received, Payment due');
    expect(alertFoldSummary([alert(2, null)])).toBe('1 alert');
  });

  it('folds the dashboard alerts behind a button with their count, which opens the list', async () => {
    renderApp('/dashboard', { fetch: alertServer(), platform: createMemoryPlatform(fakeToken()) });
    const banner = await screen.findByRole('region', { name: 'Announcements' });
    const button = await within(banner).findByRole('button', { name: /^3 alerts/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(list?.tagName).toBe('UL');
    expect(within(list as HTMLElement).getAllByRole('listitem')).toHaveLength(3);

    await act(async () => fireEvent.click(button));
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('leaves the public alerts of the home page as they are', async () => {
    renderApp('/', { fetch: alertServer() });
    const banner = await screen.findByRole('region', { name: 'Announcements' });
    await within(banner).findByText('Alert 4 message');
    expect(within(banner).queryByRole('button', { name: /alerts?\b/ })).toBeNull();
  });
});
