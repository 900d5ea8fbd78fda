import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { formatAlertTime } from './alert-time.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const DEADLINE = '2026-12-03T12:00:00.000Z';

describe('times in alerts', () => {
  it.each([
    ['America/Chicago', 'Dec 3, 2026, 6:00 AM CST'],
    ['America/New_York', 'Dec 3, 2026, 7:00 AM EST'],
    ['Europe/London', 'Dec 3, 2026, 12:00 PM GMT'],
    ['Asia/Tokyo', 'Dec 3, 2026, 9:00 PM GMT+9'],
  ])('are written in the reader’s zone (%s)', (zone, text) => {
    expect(formatAlertTime(DEADLINE, zone)).toBe(text);
  });

  it('use the browser’s own zone when none is given', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatAlertTime(DEADLINE)).toBe(formatAlertTime(DEADLINE, zone));
  });

  it('show the deadline an offer alert names, and how many updates it gathers, on the dashboard', async () => {
    const fetch = createFakeFetch((request) => {
      const url = new URL(request.url, 'http://localhost');
      if (url.pathname === '/api/users/getUserAlerts') {
        return jsonResponse({
          results: [
            {
              id: 'a1000000-0000-4000-8000-000000000009',
              title: 'Offer',
              message:
                'Counter-offer on Glock 19. Sam countered your offer. Accept or decline by {deadline}.',
              severity: 'info',
              location: 'UserDashboard',
              linkUrl: '/dashboard/buying/offers',
              linkText: 'See your offers',
              dismissible: true,
              startsAt: '2026-12-01T15:30:00.000Z',
              endsAt: null,
              updates: 3,
              times: { deadline: DEADLINE },
            },
          ],
        });
      }
      return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    });
    renderApp('/dashboard', { fetch, platform: createMemoryPlatform(fakeToken()) });
    const region = await screen.findByRole('region', { name: 'Announcements' });
    const deadline = await screen.findByText(formatAlertTime(DEADLINE));
    expect(deadline.tagName).toBe('TIME');
    expect(deadline.getAttribute('datetime')).toBe(DEADLINE);
    expect(region.textContent).not.toContain('{deadline}');
    expect(region.textContent).toContain('Accept or decline by ');
    expect(region.textContent).toContain(`3 updates, latest ${formatAlertTime('2026-12-01T15:30:00.000Z')}`);
  });
});
