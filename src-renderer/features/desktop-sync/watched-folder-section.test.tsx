import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchedFolderState } from '../../../shared/desktop-bridge.ts';
import { createDesktopPlatform } from '../../lib/platform/desktop-platform.ts';
import { createFakeDesktopBridge } from '../../testing/fake-desktop-bridge.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { formatWhen } from './format.ts';
import { WatchedFolderSection } from './watched-folder-section.tsx';

afterEach(() => {
  cleanup();
});

const FOLDER = 'C:\\Users\\Dealer\\POS Exports';

const WATCHING: WatchedFolderState = {
  folder: FOLDER,
  paused: false,
  status: 'watching',
  pendingFiles: [],
  lastRun: {
    at: '2025-03-14T15:09:00.000Z',
    fileName: 'inventory-0314.csv',
    uploadId: '0b0b0b0b-0000-4000-8000-000000000001',
    status: 'Completed',
    createdCount: 12,
    updatedCount: 3,
    unchangedCount: 40,
    errorCount: 2,
    failureMessage: null,
  },
  lastError: null,
};

function renderSection(options: Parameters<typeof createFakeDesktopBridge>[0] = {}) {
  const bridge = createFakeDesktopBridge(options);
  const view = renderWithRouter(<WatchedFolderSection />, {
    url: '/dashboard/selling/tools',
    platform: createDesktopPlatform(bridge),
  });
  return { ...view, bridge };
}

/** The section's status line (the router's location probe is a status too). */
function statusLine(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Watched inventory folder' })).getByRole('status');
}

function status(): string {
  return statusLine().textContent ?? '';
}

function definition(term: string, scope: HTMLElement = document.body): string {
  const dt = within(scope)
    .getAllByRole('term')
    .find((node) => node.textContent === term);
  return dt?.nextElementSibling?.textContent ?? '';
}

describe('watched inventory folder (desktop settings)', () => {
  it('renders nothing on the web', () => {
    const { container } = renderWithRouter(<WatchedFolderSection />, { platform: createMemoryPlatform() });
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Watched inventory folder' })).toBeNull();
  });

  it('shows a loading state, then the empty state with a way to choose a folder', async () => {
    renderSection();
    expect(statusLine().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading the watched folder')).toBeTruthy();
    expect(await screen.findByText('Off: no folder is chosen.')).toBeTruthy();
    expect(definition('Folder')).toBe('No folder chosen');
    expect(screen.getByText('Choose a folder to have its inventory files sent automatically.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose folder…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause watching' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop watching' })).toBeNull();
  });

  it('renders the folder, its last run with counts and a link to the upload history', async () => {
    renderSection({ watchedFolder: WATCHING });
    expect(await screen.findByText('Watching the folder for new or changed inventory files.')).toBeTruthy();
    expect(definition('Folder')).toBe(FOLDER);
    expect(screen.getByText('inventory-0314.csv')).toBeTruthy();
    expect(screen.getByText(formatWhen(WATCHING.lastRun?.at ?? '')).getAttribute('datetime')).toBe(
      '2025-03-14T15:09:00.000Z',
    );
    expect(screen.getByText(/: Completed$/)).toBeTruthy();
    expect(definition('Created')).toBe('12');
    expect(definition('Updated')).toBe('3');
    expect(definition('Unchanged')).toBe('40');
    expect(definition('Failed')).toBe('2');
    expect(
      screen.getByRole('link', { name: 'See this upload in the upload history' }).getAttribute('href'),
    ).toBe('/dashboard/selling/tools#upload-history');
  });

  it('chooses a folder through the main process (the OS dialog), and keeps the state it returns', async () => {
    const { bridge } = renderSection({ chooseFolder: FOLDER });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose folder…' }));
    await waitFor(() => expect(definition('Folder')).toBe(FOLDER));
    expect(bridge.calls).toContain('watchedFolder.choose');
    expect(status()).toBe('Watching the folder for new or changed inventory files.');
    expect(screen.getByRole('button', { name: 'Change folder…' })).toBeTruthy();
    expect(screen.getByText('No file has been sent from this folder yet.')).toBeTruthy();
  });

  it('pauses, resumes and stops watching', async () => {
    const { bridge } = renderSection({ watchedFolder: { ...WATCHING, lastRun: null } });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause watching' }));
    await screen.findByText('Paused: nothing is sent until you resume.');
    expect(bridge.calls).toContain('watchedFolder.setPaused:true');

    fireEvent.click(screen.getByRole('button', { name: 'Resume watching' }));
    await screen.findByText('Watching the folder for new or changed inventory files.');
    expect(bridge.calls).toContain('watchedFolder.setPaused:false');

    fireEvent.click(screen.getByRole('button', { name: 'Stop watching' }));
    await screen.findByText('Off: no folder is chosen.');
    expect(bridge.calls).toContain('watchedFolder.clear');
    expect(definition('Folder')).toBe('No folder chosen');
  });

  it('follows the main process: uploads, held files, a failed run and the last error', async () => {
    const { bridge } = renderSection({ watchedFolder: { ...WATCHING, lastRun: null } });
    await screen.findByText('Watching the folder for new or changed inventory files.');

    act(() => bridge.emitWatchedFolder({ ...WATCHING, lastRun: null, status: 'uploading' }));
    expect(status()).toBe('Uploading an inventory file…');
    expect(statusLine().getAttribute('aria-live')).toBe('polite');

    act(() =>
      bridge.emitWatchedFolder({
        ...WATCHING,
        paused: true,
        status: 'paused',
        pendingFiles: ['inventory-0315.csv', 'inventory-0316.csv'],
      }),
    );
    expect(status()).toBe('Paused: 2 files are held until you resume.');
    const held = screen.getByRole('heading', { name: 'Held while paused' }).nextElementSibling as HTMLElement;
    expect(
      within(held)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['inventory-0315.csv', 'inventory-0316.csv']);

    act(() =>
      bridge.emitWatchedFolder({
        ...WATCHING,
        status: 'error',
        lastRun: {
          ...(WATCHING.lastRun as NonNullable<WatchedFolderState['lastRun']>),
          status: 'Failed',
          failureMessage: 'The file has no stock number column.',
        },
        lastError: {
          at: '2025-03-14T16:00:00.000Z',
          fileName: null,
          message: 'The folder is not there any more.',
        },
      }),
    );
    expect(status()).toBe('The folder cannot be read. See the last problem below.');
    expect(screen.getByText(/: Failed$/)).toBeTruthy();
    expect(screen.getByText('The file has no stock number column.')).toBeTruthy();
    // A failed upload has no counts to show.
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Folder']);
    expect(screen.getByRole('heading', { name: 'Last problem' })).toBeTruthy();
    expect(screen.getByText('The folder is not there any more.')).toBeTruthy();
  });

  it('says when an action fails, and offers to read the settings again when they cannot be read', async () => {
    const bridge = createFakeDesktopBridge({ watchedFolder: WATCHING });
    bridge.fail('watchedFolder.get');
    renderWithRouter(<WatchedFolderSection />, { platform: createDesktopPlatform(bridge) });
    expect((await screen.findByRole('alert')).textContent).toContain(
      "The watched folder's settings could not be read.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Watching the folder for new or changed inventory files.');

    bridge.fail('watchedFolder.choose');
    fireEvent.click(screen.getByRole('button', { name: 'Change folder…' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The folder dialog could not be opened. Please try again.',
    );
    expect(definition('Folder')).toBe(FOLDER);
  });

  it('stops listening when it leaves the page', async () => {
    const { bridge, unmount } = renderSection({ watchedFolder: WATCHING });
    await screen.findByText('Watching the folder for new or changed inventory files.');
    expect(bridge.listenerCount().watchedFolder).toBe(1);
    unmount();
    expect(bridge.listenerCount().watchedFolder).toBe(0);
  });

  it('has no accessibility violations axe can find', async () => {
    const { container, bridge } = renderSection({ watchedFolder: WATCHING });
    await screen.findByText('inventory-0314.csv');
    act(() =>
      bridge.emitWatchedFolder({
        ...WATCHING,
        pendingFiles: ['inventory-0315.csv'],
        lastError: { at: '2025-03-14T16:00:00.000Z', fileName: 'b.csv', message: 'Refused.' },
      }),
    );
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
