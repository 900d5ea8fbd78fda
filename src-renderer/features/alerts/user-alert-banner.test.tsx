import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { DISMISSED_ALERTS_KEY } from './dismissed-alerts.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const alert = (id: string, title: string, location: string) => ({
  id,
  title,
  message: `${title} message`,
  severity: 'info',
  location,
  linkUrl: null,
  linkText: null,
  dismissible: true,
  startsAt: '2026-01-05T15:00:00.000Z',
  endsAt: null,
});

const ALERT_IDS = {
  home: 'a1000000-0000-4000-8000-000000000001',
  category: 'a1000000-0000-4000-8000-000000000002',
  user: 'a1000000-0000-4000-8000-000000000003',
};

function alertServer() {
  return createFakeFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/users/getPublicAlerts') {
      const location = url.searchParams.get('location');
      const results =
        location === 'HomePage'
          ? [alert(ALERT_IDS.home, 'Home notice', 'HomePage')]
          : location === 'SearchByCategory'
            ? [alert(ALERT_IDS.category, 'Category notice', 'SearchByCategory')]
            : [];
      return jsonResponse({ results });
    }
    if (url.pathname === '/api/users/getUserAlerts') {
      return jsonResponse({ results: [alert(ALERT_IDS.user, 'Your notice', 'UserDashboard')] });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

describe('the user-alert banner', () => {
  it('shows the category alerts on a category page and none on other pages', async () => {
    const fetch = alertServer();
    const { router } = renderApp('/firearms/rifles', { fetch });
    expect(await screen.findByText('Category notice message')).toBeTruthy();
    await act(() => router.navigate('/about-us'));
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
  });

  it('shows the user’s own alerts on the dashboard', async () => {
    renderApp('/dashboard', { fetch: alertServer(), platform: createMemoryPlatform(fakeToken()) });
    expect(await screen.findByText('Your notice message')).toBeTruthy();
  });

  it('dismisses an alert after the fade and remembers it', async () => {
    renderApp('/firearms', { fetch: alertServer() });
    await screen.findByText('Category notice message');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Category notice' }));
    await waitFor(() => expect(screen.queryByText('Category notice message')).toBeNull());
    expect(JSON.parse(localStorage.getItem(DISMISSED_ALERTS_KEY) ?? '[]')).toEqual([ALERT_IDS.category]);
    cleanup();

    renderApp('/firearms', { fetch: alertServer() });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Category notice message')).toBeNull();
  });

  it('opens a path through the router and an https link in a new tab without opener access', async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse({
        results: [
          {
            ...alert(ALERT_IDS.category, 'Dealers', 'SearchByCategory'),
            linkUrl: '/ffl',
            linkText: 'Find a dealer',
          },
          {
            ...alert(ALERT_IDS.home, 'Guide', 'SearchByCategory'),
            linkUrl: 'https://help.ironsight.example/shipping',
            linkText: 'Read the guide',
          },
        ],
      }),
    );
    const { router } = renderApp('/firearms/rifles', { fetch });
    const external = await screen.findByRole('link', { name: 'Read the guide' });
    expect(external.getAttribute('href')).toBe('https://help.ironsight.example/shipping');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')?.split(' ')).toContain('noopener');

    const internal = screen.getByRole('link', { name: 'Find a dealer' });
    expect(internal.getAttribute('target')).toBeNull();
    fireEvent.click(internal);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ffl'));
  });

  it('never renders a link that breaks the alert link rule', async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse({
        results: [
          {
            ...alert(ALERT_IDS.category, 'Bad', 'SearchByCategory'),
            linkUrl: 'javascript:alert(1)',
            linkText: 'Click',
          },
          {
            ...alert(ALERT_IDS.home, 'Worse', 'SearchByCategory'),
            linkUrl: '//evil.example',
            linkText: 'Here',
          },
        ],
      }),
    );
    renderApp('/firearms/rifles', { fetch });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Click' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Here' })).toBeNull();
    expect(document.querySelector('a[href^="javascript:"], a[href^="//"]')).toBeNull();
  });
});
