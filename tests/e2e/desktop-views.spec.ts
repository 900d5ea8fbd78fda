import type { APIRequestContext } from '@playwright/test';
import type {
  DesktopBridge,
  OutboxItemView,
  OutboxSnapshot,
  QuietHours,
  UpdateState,
  WatchedFolderState,
} from '../../shared/desktop-bridge.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

// The renderer's desktop-only views (watched folder, outbox, quiet hours, "Restart to update") in
// Chromium, against the real server, with a stand-in for the preload's `window.desktop`.

// The seeded demo dealer (src-server/seed/accounts.ts).
const DEALER = { email: 'dealer@example.com', password: 'dealer-demo-2026', name: 'Dana Dealer' };

const FOLDER = '/Users/dana/POS exports';

const WATCHED_FOLDER_OFF: WatchedFolderState = {
  folder: null,
  paused: false,
  status: 'off',
  pendingFiles: [],
  lastRun: null,
  lastError: null,
};

const UPDATES_IDLE: UpdateState = {
  status: 'idle',
  offReason: null,
  currentVersion: '1.3.0',
  version: null,
  percent: null,
  checkedAt: '2026-11-29T08:00:00.000Z',
  error: null,
};

const UPDATE_READY: UpdateState = { ...UPDATES_IDLE, status: 'ready', version: '1.4.0', percent: 100 };

const PENDING: OutboxItemView = {
  id: '6f1c2b9e-0000-4000-8000-000000000001',
  kind: 'orderShipping',
  label: 'Shipping update: UPS 1Z999AA10123456784',
  resource: 'order:1042',
  queuedAt: '2026-11-29T09:15:00.000Z',
  state: 'pending',
  problem: null,
  attempts: 1,
};
const CONFLICT: OutboxItemView = {
  id: '6f1c2b9e-0000-4000-8000-000000000002',
  kind: 'listingEdit',
  label: 'Listing edit: Glock 19 Gen 5, price $549',
  resource: 'listing:77',
  queuedAt: '2026-11-29T09:20:00.000Z',
  state: 'conflict',
  problem: 'The listing was changed on the marketplace after you edited it.',
  attempts: 1,
};
const REJECTED: OutboxItemView = {
  id: '6f1c2b9e-0000-4000-8000-000000000003',
  kind: 'offerAnswer',
  label: 'Offer answer: accept $480',
  resource: 'offer:311',
  queuedAt: '2026-11-29T09:25:00.000Z',
  state: 'rejected',
  problem: 'This offer has expired.',
  attempts: 2,
};

const OUTBOX: OutboxSnapshot = {
  items: [PENDING, CONFLICT, REJECTED],
  status: 'idle',
  nextAttemptAt: null,
  persistent: true,
};

interface FakeDesktopSeed {
  token: string | null;
  apiOrigin: string;
  chooseFolder: string;
  watchedFolder: WatchedFolderState;
  outbox: OutboxSnapshot;
  updates: UpdateState;
  quietHours: QuietHours;
}

/** What the page's fake exposes to the test besides `window.desktop`. */
interface FakeDesktopHandle {
  calls: string[];
  emitWatchedFolder(state: WatchedFolderState): void;
  emitUpdates(state: UpdateState): void;
}

/**
 * The preload's `window.desktop` as plain state, installed before the app's scripts run. It runs
 * in the page (serialized by Playwright), so it uses nothing from outside its body. Every call of
 * the desktop services is recorded in `window.desktopFake.calls`; the test plays the main
 * process's events through `window.desktopFake`.
 */
function installFakeDesktop(seed: FakeDesktopSeed): void {
  const calls: string[] = [];
  let token = seed.token;
  let aside: string | null = null;
  let notifications = true;
  let folderState = seed.watchedFolder;
  let outboxState = seed.outbox;
  let updateState = seed.updates;
  let quietHours = seed.quietHours;
  const folderListeners = new Set<(state: WatchedFolderState) => void>();
  const outboxListeners = new Set<(snapshot: OutboxSnapshot) => void>();
  const updateListeners = new Set<(state: UpdateState) => void>();
  const navigateListeners = new Set<(path: string) => void>();

  // As IPC: asynchronous, answered after the caller's turn.
  async function call<T>(name: string, run: () => T): Promise<T> {
    calls.push(name);
    await Promise.resolve();
    return run();
  }
  function subscribe<T>(listeners: Set<(value: T) => void>) {
    return (listener: (value: T) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    };
  }
  function setFolder(state: WatchedFolderState): WatchedFolderState {
    folderState = state;
    for (const listener of folderListeners) listener(state);
    return state;
  }
  function setOutbox(snapshot: OutboxSnapshot): void {
    outboxState = snapshot;
    for (const listener of outboxListeners) listener(snapshot);
  }
  function setUpdates(state: UpdateState): void {
    updateState = state;
    for (const listener of updateListeners) listener(state);
  }

  const bridge: DesktopBridge = {
    platform: 'desktop',
    appVersion: seed.updates.currentVersion,
    apiOrigin: seed.apiOrigin,
    tokenVault: {
      get: async () => token,
      set: async (value) => {
        token = value;
      },
      clear: async () => {
        token = null;
      },
      isStrong: async () => true,
    },
    adminTokenVault: {
      get: async () => aside,
      set: async (value) => {
        aside = value;
      },
      clear: async () => {
        aside = null;
      },
    },
    pickFiles: (kind) => call(`pickFiles:${kind}`, () => []),
    notify: (notice) => call(`notify:${notice.title}`, () => undefined),
    reportUnreadCount: async () => undefined,
    messageNotifications: {
      get: async () => notifications,
      set: async (enabled) => {
        notifications = enabled;
      },
    },
    quietHours: {
      get: () => call('quietHours.get', () => quietHours),
      set: (hours) =>
        call(`quietHours.set:${JSON.stringify(hours)}`, () => {
          // As the main process's schema: two different HH:MM times.
          const time = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
          if (!time.test(hours.start) || !time.test(hours.end) || hours.start === hours.end) {
            throw new Error('Invalid quiet hours.');
          }
          quietHours = { enabled: hours.enabled, start: hours.start, end: hours.end };
          return quietHours;
        }),
    },
    openExternal: (url) => call(`openExternal:${url}`, () => undefined),
    watchedFolder: {
      get: () => call('watchedFolder.get', () => folderState),
      choose: () =>
        call('watchedFolder.choose', () =>
          setFolder({
            ...folderState,
            folder: seed.chooseFolder,
            status: folderState.paused ? 'paused' : 'watching',
          }),
        ),
      clear: () =>
        call('watchedFolder.clear', () =>
          setFolder({ ...folderState, folder: null, paused: false, status: 'off', pendingFiles: [] }),
        ),
      setPaused: (paused) =>
        call(`watchedFolder.setPaused:${paused}`, () =>
          setFolder({
            ...folderState,
            paused,
            status: folderState.folder === null ? 'off' : paused ? 'paused' : 'watching',
          }),
        ),
      onChange: subscribe(folderListeners),
    },
    outbox: {
      list: () => call('outbox.list', () => outboxState),
      enqueue: (action, label) =>
        call(`outbox.enqueue:${action.kind}`, () => {
          const item: OutboxItemView = {
            id: crypto.randomUUID(),
            kind: action.kind,
            label: label ?? action.kind,
            resource: 'unknown',
            queuedAt: new Date().toISOString(),
            state: 'pending',
            problem: null,
            attempts: 0,
          };
          setOutbox({ ...outboxState, items: [...outboxState.items, item] });
          return item;
        }),
      // A held action sent again waits in turn, as a pending one.
      retry: (id) =>
        call(`outbox.retry:${id}`, () =>
          setOutbox({
            ...outboxState,
            items: outboxState.items.map((item) =>
              item.id === id ? { ...item, state: 'pending', problem: null } : item,
            ),
          }),
        ),
      discard: (id) =>
        call(`outbox.discard:${id}`, () =>
          setOutbox({ ...outboxState, items: outboxState.items.filter((item) => item.id !== id) }),
        ),
      // The marketplace answers: every pending action goes through.
      sendNow: () =>
        call('outbox.sendNow', () =>
          setOutbox({
            ...outboxState,
            status: 'idle',
            items: outboxState.items.filter((item) => item.state !== 'pending'),
          }),
        ),
      onChange: subscribe(outboxListeners),
    },
    updates: {
      get: () => call('updates.get', () => updateState),
      restart: () => call('updates.restart', () => updateState.status === 'ready'),
      onChange: subscribe(updateListeners),
    },
    onNavigate: subscribe(navigateListeners),
  };

  const handle: FakeDesktopHandle = {
    calls,
    emitWatchedFolder: (state) => {
      setFolder(state);
    },
    emitUpdates: setUpdates,
  };
  Object.assign(window, { desktop: bridge, desktopFake: handle });
}

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: account });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { jwtToken: string }).jwtToken;
}

/** The dealer signed in to the desktop client: the session token waits in the (fake) keychain. */
async function openAsDesktop(
  page: Page,
  request: APIRequestContext,
  baseURL: string | undefined,
  overrides: Partial<FakeDesktopSeed> = {},
): Promise<void> {
  const seed: FakeDesktopSeed = {
    token: await tokenOf(request, DEALER),
    apiOrigin: new URL(baseURL ?? 'http://localhost:4173').origin,
    chooseFolder: FOLDER,
    watchedFolder: WATCHED_FOLDER_OFF,
    outbox: OUTBOX,
    updates: UPDATES_IDLE,
    quietHours: { enabled: false, start: '22:00', end: '07:00' },
    ...overrides,
  };
  await page.addInitScript(installFakeDesktop, seed);
}

function desktopCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...(window as unknown as { desktopFake: FakeDesktopHandle }).desktopFake.calls,
  ]);
}

async function logInOnTheWeb(page: Page) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(DEALER.email);
  await form.getByLabel('Password', { exact: true }).fill(DEALER.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/dashboard');
}

test.describe('the desktop client’s own views', () => {
  test('Seller Tools: the watched folder is chosen, paused and resumed, and shows the last run and problem', async ({
    page,
    request,
    baseURL,
  }) => {
    await openAsDesktop(page, request, baseURL);
    await page.goto('/dashboard/selling/tools');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Tools' })).toBeVisible();

    const section = page.getByRole('region', { name: 'Watched inventory folder' });
    const status = section.getByRole('status');
    await expect(status).toHaveText('Off: no folder is chosen.');
    await expect(section.getByText('No folder chosen')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Pause watching' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: 'Choose folder…' }).click();
    await expect(section.getByText(FOLDER)).toBeVisible();
    await expect(status).toHaveText('Watching the folder for new or changed inventory files.');
    await expect(section.getByRole('button', { name: 'Change folder…' })).toBeVisible();
    await expect(section.getByText('No file has been sent from this folder yet.')).toBeVisible();

    await section.getByRole('button', { name: 'Pause watching' }).click();
    await expect(status).toHaveText('Paused: nothing is sent until you resume.');
    await section.getByRole('button', { name: 'Resume watching' }).click();
    await expect(status).toHaveText('Watching the folder for new or changed inventory files.');
    await expect(section.getByRole('button', { name: 'Pause watching' })).toBeEnabled();

    expect(await desktopCalls(page)).toEqual(
      expect.arrayContaining([
        'watchedFolder.get',
        'watchedFolder.choose',
        'watchedFolder.setPaused:true',
        'watchedFolder.setPaused:false',
      ]),
    );

    // The main process reports a run that went through, then the folder becoming unreadable.
    await page.evaluate(
      ({ folder }) => {
        const fake = (window as unknown as { desktopFake: FakeDesktopHandle }).desktopFake;
        fake.emitWatchedFolder({
          folder,
          paused: false,
          status: 'error',
          pendingFiles: ['inventory-evening.csv'],
          lastRun: {
            at: '2026-11-29T14:05:00.000Z',
            fileName: 'inventory-afternoon.csv',
            uploadId: 'b5a1c3d2-0000-4000-8000-000000000042',
            status: 'Completed',
            createdCount: 12,
            updatedCount: 3,
            unchangedCount: 40,
            errorCount: 1,
            failureMessage: null,
          },
          lastError: {
            at: '2026-11-29T14:30:00.000Z',
            fileName: null,
            message: 'The folder is no longer there or cannot be read.',
          },
        });
      },
      { folder: FOLDER },
    );
    await expect(status).toHaveText('The folder cannot be read. See the last problem below.');
    await expect(section.getByRole('heading', { name: 'Waiting to be sent' })).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveText(['inventory-evening.csv']);
    await expect(section.getByText(/inventory-afternoon\.csv, sent .+: Completed/)).toBeVisible();
    for (const [term, value] of [
      ['Created', '12'],
      ['Updated', '3'],
      ['Unchanged', '40'],
      ['Failed', '1'],
    ] as const) {
      await expect(
        section.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd'),
      ).toHaveText(value);
    }
    await expect(
      section.getByRole('link', { name: 'See this upload in the upload history' }),
    ).toHaveAttribute('href', '/dashboard/selling/tools#upload-history');
    await expect(section.getByRole('heading', { name: 'Last problem' })).toBeVisible();
    await expect(section.getByText('The folder is no longer there or cannot be read.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the dashboard lists the changes waiting to be sent, with Retry and Discard, and the header counts them', async ({
    page,
    request,
    baseURL,
  }) => {
    await openAsDesktop(page, request, baseURL);
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Waiting to be sent' });
    await expect(panel.getByRole('status')).toHaveText(
      '3 changes are waiting to be sent. 2 need your attention.',
    );

    const table = panel.getByRole('table', { name: 'Changes waiting to be sent, oldest first' });
    const rows = table.getByRole('row');
    // The header row, then one per change in the order they will be sent.
    await expect(rows).toHaveCount(4);
    const pendingRow = rows.filter({ has: page.getByRole('rowheader', { name: PENDING.label }) });
    const conflictRow = rows.filter({ has: page.getByRole('rowheader', { name: CONFLICT.label }) });
    const rejectedRow = rows.filter({ has: page.getByRole('rowheader', { name: REJECTED.label }) });
    await expect(pendingRow.getByRole('cell')).toContainText(['Shipping update', /2026/, 'Waiting']);
    await expect(pendingRow.getByRole('button')).toHaveCount(0);
    await expect(conflictRow.getByRole('cell')).toContainText([
      'Listing edit',
      /2026/,
      `Conflict${CONFLICT.problem}`,
    ]);
    await expect(rejectedRow.getByRole('cell')).toContainText([
      'Offer answer',
      /2026/,
      `Refused${REJECTED.problem}`,
    ]);
    await expect(panel.getByRole('button', { name: 'Send now' })).toBeEnabled();

    // The header's count leads to this list.
    const header = page.getByRole('banner');
    const indicator = header.getByRole('link', { name: /changes? waiting to be sent/ });
    await expect(indicator).toHaveAccessibleName('3 changes waiting to be sent, 2 need your attention');
    await expect(indicator).toHaveAttribute('href', '/dashboard#waiting-to-be-sent');
    await expect(indicator).toContainText('3');
    await expectNoAxeViolations(page);

    // Retry sends the held edit again: it waits in turn like the others.
    await panel.getByRole('button', { name: `Retry: ${CONFLICT.label}` }).click();
    await expect(conflictRow.getByRole('cell').nth(2)).toHaveText('Waiting');
    await expect(conflictRow.getByRole('button')).toHaveCount(0);
    await expect(indicator).toHaveAccessibleName('3 changes waiting to be sent, 1 needs your attention');

    // Discard drops the refused answer without sending it.
    await panel.getByRole('button', { name: `Discard: ${REJECTED.label}` }).click();
    await expect(rejectedRow).toHaveCount(0);
    await expect(panel.getByRole('status')).toHaveText('2 changes are waiting to be sent.');
    await expect(indicator).toHaveAccessibleName('2 changes waiting to be sent');
    await expect(indicator).toContainText('2');

    expect(await desktopCalls(page)).toEqual(
      expect.arrayContaining(['outbox.list', `outbox.retry:${CONFLICT.id}`, `outbox.discard:${REJECTED.id}`]),
    );
    expect(await desktopCalls(page)).not.toContain(`outbox.retry:${PENDING.id}`);

    // Send now: once everything has gone through the header's sign goes away.
    await panel.getByRole('button', { name: 'Send now' }).click();
    await expect(panel.getByRole('status')).toHaveText('Everything has been sent.');
    await expect(panel.getByText('Nothing is waiting.', { exact: false })).toBeVisible();
    await expect(indicator).toHaveCount(0);
    expect(await desktopCalls(page)).toContain('outbox.sendNow');
    await expectNoAxeViolations(page);
  });

  test('Account settings: the quiet hours are checked and saved through the desktop client', async ({
    page,
    request,
    baseURL,
  }) => {
    await openAsDesktop(page, request, baseURL);
    await page.goto('/dashboard/accountsettings');
    const section = page.getByRole('region', { name: 'Quiet hours' });
    await expect(section.getByText('Off: notifications are shown at any time.')).toBeVisible();
    await expectNoAxeViolations(page);

    await section.getByRole('checkbox', { name: 'Turn on quiet hours' }).check();
    await section.getByLabel('From').fill('21:30');
    await section.getByLabel('Until').fill('21:30');
    await section.getByRole('button', { name: 'Save quiet hours' }).click();
    await expect(section.getByText('Quiet hours must start and end at different times.')).toBeVisible();
    expect((await desktopCalls(page)).filter((name) => name.startsWith('quietHours.set'))).toEqual([]);

    await section.getByLabel('Until').fill('06:45');
    await section.getByRole('button', { name: 'Save quiet hours' }).click();
    await expect(
      section.getByText('Saved. No notifications from 21:30 to 06:45 the next morning.'),
    ).toBeVisible();
    await expect(
      section.getByText('No notifications from 21:30 to 06:45 the next morning.', { exact: true }),
    ).toBeVisible();
    expect(await desktopCalls(page)).toContain(
      `quietHours.set:${JSON.stringify({ enabled: true, start: '21:30', end: '06:45' })}`,
    );
    await expectNoAxeViolations(page);
  });

  test('"Restart to update" appears once an update is ready, and restarts the app', async ({
    page,
    request,
    baseURL,
  }) => {
    await openAsDesktop(page, request, baseURL, { outbox: { ...OUTBOX, items: [] } });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Update ready' });
    await expect(banner).toHaveCount(0);

    // The main process finishes downloading and verifying a newer version.
    await page.evaluate(
      (state) => (window as unknown as { desktopFake: FakeDesktopHandle }).desktopFake.emitUpdates(state),
      UPDATE_READY,
    );
    await expect(banner).toContainText('Ironsight 1.4.0 is ready to install.');
    await expectNoAxeViolations(page);
    await banner.getByRole('button', { name: 'Restart to update' }).click();
    await expect.poll(() => desktopCalls(page)).toContain('updates.restart');
    await expect(banner.getByRole('alert')).toHaveCount(0);
  });

  test('the banner shows at once when the update was ready before the app started', async ({
    page,
    request,
    baseURL,
  }) => {
    await openAsDesktop(page, request, baseURL, { updates: UPDATE_READY });
    await page.goto('/dashboard/accountsettings');
    const banner = page.getByRole('region', { name: 'Update ready' });
    await expect(banner.getByRole('button', { name: 'Restart to update' })).toBeVisible();
    await banner.getByRole('button', { name: 'Restart to update' }).click();
    await expect.poll(() => desktopCalls(page)).toContain('updates.restart');
  });
});

test('on the web the desktop-only sections are not shown', async ({ page }) => {
  await logInOnTheWeb(page);
  expect(await page.evaluate(() => 'desktop' in window)).toBe(false);
  const header = page.getByRole('banner');

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('button', { name: `Account menu for ${DEALER.name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Waiting to be sent' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: /waiting to be sent/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Update ready' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/dashboard/selling/tools');
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Tools' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Watched inventory folder' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Watched inventory folder' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/dashboard/accountsettings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quiet hours' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Turn on quiet hours' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
