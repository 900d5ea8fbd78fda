import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { QUIET_HOURS_MESSAGES } from '../../../shared/quiet-hours.ts';
import { createDesktopPlatform } from '../../lib/platform/desktop-platform.ts';
import { createFakeDesktopBridge } from '../../testing/fake-desktop-bridge.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { describeQuietHours, QuietHoursSettings } from './quiet-hours-settings.tsx';

afterEach(() => {
  cleanup();
});

function renderSettings(options: Parameters<typeof createFakeDesktopBridge>[0] = {}) {
  const bridge = createFakeDesktopBridge(options);
  const view = renderWithRouter(<QuietHoursSettings />, {
    url: '/dashboard/accountsettings',
    platform: createDesktopPlatform(bridge),
  });
  return { ...view, bridge };
}

const region = () => screen.getByRole('region', { name: 'Quiet hours' });
const from = () => within(region()).getByLabelText('From') as HTMLInputElement;
const until = () => within(region()).getByLabelText('Until') as HTMLInputElement;
const turnedOn = () =>
  within(region()).getByRole('checkbox', { name: 'Turn on quiet hours' }) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));

describe('quiet hours (desktop settings)', () => {
  it('renders nothing on the web', () => {
    const { container } = renderWithRouter(<QuietHoursSettings />, { platform: createMemoryPlatform() });
    expect(container.querySelector('section')).toBeNull();
  });

  it('loads the kept hours: off, 22:00 to 07:00 by default', async () => {
    const { bridge } = renderSettings();
    expect(screen.getByText('Loading the quiet hours')).toBeTruthy();
    expect(await screen.findByText('Off: notifications are shown at any time.')).toBeTruthy();
    expect(turnedOn().checked).toBe(false);
    expect(from().value).toBe('22:00');
    expect(until().value).toBe('07:00');
    expect(from().type).toBe('time');
    expect(bridge.calls).toEqual(['quietHours.get']);
  });

  it('turns them on across midnight and saves them with the main process', async () => {
    const { bridge } = renderSettings();
    await screen.findByText('Off: notifications are shown at any time.');
    fireEvent.click(turnedOn());
    type(from(), '21:30');
    type(until(), '06:45');
    save();
    expect(
      await within(region()).findByText('Saved. No notifications from 21:30 to 06:45 the next morning.'),
    ).toBeTruthy();
    expect(bridge.calls).toContain('quietHours.set:21:30-06:45');
    expect(bridge.quietHoursValue).toEqual({ enabled: true, start: '21:30', end: '06:45' });
    // The summary line follows what is kept.
    expect(
      within(region()).getAllByText('No notifications from 21:30 to 06:45 the next morning.', {
        exact: false,
      }),
    ).toHaveLength(2);
  });

  it('shows the kept hours when they are on, and a stretch within one day without “next morning”', async () => {
    renderSettings({ quietHours: { enabled: true, start: '12:00', end: '13:30' } });
    expect(await screen.findByText('No notifications from 12:00 to 13:30.')).toBeTruthy();
    expect(turnedOn().checked).toBe(true);
    expect(describeQuietHours({ enabled: true, start: '23:00', end: '06:00' })).toBe(
      'No notifications from 23:00 to 06:00 the next morning.',
    );
  });

  it('refuses the same start and end, or an empty time, under the field, without calling the main process', async () => {
    const { bridge } = renderSettings();
    await screen.findByText('Off: notifications are shown at any time.');
    type(until(), '22:00');
    save();
    expect(await within(region()).findByText(QUIET_HOURS_MESSAGES.sameTimes)).toBeTruthy();
    expect(until().getAttribute('aria-invalid')).toBe('true');
    type(from(), '');
    expect(within(region()).queryByText(QUIET_HOURS_MESSAGES.sameTimes)).toBeNull();
    save();
    expect(await within(region()).findByText('Enter a time such as 22:00.')).toBeTruthy();
    expect(from().getAttribute('aria-invalid')).toBe('true');
    expect(bridge.calls.filter((name) => name.startsWith('quietHours.set'))).toEqual([]);
  });

  it('says so when saving fails, keeping what was typed', async () => {
    const { bridge } = renderSettings();
    await screen.findByText('Off: notifications are shown at any time.');
    fireEvent.click(turnedOn());
    bridge.fail('quietHours.set');
    save();
    expect((await within(region()).findByRole('alert')).textContent).toBe(
      'The quiet hours could not be saved. Please try again.',
    );
    expect(turnedOn().checked).toBe(true);
    expect(bridge.quietHoursValue.enabled).toBe(false);
  });

  it('offers to try again when the hours cannot be read', async () => {
    const bridge = createFakeDesktopBridge();
    bridge.fail('quietHours.get');
    renderWithRouter(<QuietHoursSettings />, { platform: createDesktopPlatform(bridge) });
    expect(await screen.findByText('The quiet hours could not be read.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Off: notifications are shown at any time.')).toBeTruthy();
  });

  it('has no accessibility violations axe can find', async () => {
    const { container } = renderSettings();
    await screen.findByText('Off: notifications are shown at any time.');
    type(until(), '22:00');
    save();
    await within(region()).findByText(QUIET_HOURS_MESSAGES.sameTimes);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
