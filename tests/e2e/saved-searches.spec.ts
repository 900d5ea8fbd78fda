import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

// The seeded demo accounts (src-server/seed/accounts.ts).
const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: account });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { jwtToken: string }).jwtToken;
}

async function logIn(page: Page, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(BUYER.email);
  await form.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(returnUrl);
}

/** The .eml files the server wrote to its outbox (the e2e server's DATA_DIR, see playwright.config.ts). */
async function outboxMail(): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  // Quoted-printable soft breaks and escapes undone, so links and words read whole.
  return Promise.all(
    names.map(async (name) =>
      (await readFile(path.join(dir, name), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    ),
  );
}

test.describe('saved searches and alerts', () => {
  test('save a search → a matching listing appears → the alert job runs → the dashboard banner and a digest e-mail; the link unsubscribes without login', async ({
    page,
    request,
    browser,
  }) => {
    // A journey of two users over many screens: more than one page's time budget on a busy machine.
    test.slow();
    const word = `Zq${Date.now().toString(36)}`;

    // The buyer saves the search from /search with a name and a frequency.
    await logIn(page, `/search?keyword=${word}`);
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill(`Carbines ${word}`);
    await dialog.getByLabel('Alert me about new matches').selectOption('Immediately');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByText(`Saved “Carbines ${word}”.`)).toBeVisible();

    // The saved-searches dashboard lists it; a rename sticks.
    await page.getByRole('link', { name: 'Manage your saved searches' }).click();
    await expect(page).toHaveURL('/dashboard/buying/savedsearches');
    const list = page.getByRole('list', { name: 'Your saved searches' });
    await expect(list.getByRole('heading', { name: `Carbines ${word}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: `Rename Carbines ${word}` }).click();
    await page.getByLabel(`New name for “Carbines ${word}”`).fill(`My carbines ${word}`);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByRole('heading', { name: `My carbines ${word}` })).toBeVisible();
    await expect(page.getByLabel('Alerts').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The demo seller lists a matching carbine through the listing API.
    const sellerToken = await tokenOf(request, SELLER);
    const added = await request.post('/api/listings/add', {
      headers: { authorization: `Bearer ${sellerToken}` },
      multipart: {
        request: JSON.stringify({
          title: `Ironsight ${word} carbine`,
          description: '<p>A carbine for the alerts test.</p>',
          familyId: CategoryFamilyId.SemiAutoRifles,
          manufacturer: 'Ironsight Arms',
          model: word,
          caliber: '5.56 NATO',
          condition: 'NewInBox',
          quantity: 1,
          price: 899,
          zipCode: '75207',
        }),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);

    // The alert job runs (an admin's run on demand; it also runs on its own schedule).
    const adminToken = await tokenOf(request, ADMIN);
    const run = await request.post('/api/alerts/run', { headers: { authorization: `Bearer ${adminToken}` } });
    expect(run.ok(), await run.text()).toBe(true);

    // The banner on the dashboard.
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Announcements' });
    await expect(banner.getByText(`1 new listing for “My carbines ${word}”`)).toBeVisible();
    await expect(banner.getByRole('link', { name: 'See the search' }).first()).toBeVisible();

    // One digest e-mail in the outbox, with an unsubscribe link.
    let digest: string | undefined;
    await expect
      .poll(async () => {
        digest = (await outboxMail()).find((mail) => mail.includes(`Ironsight ${word} carbine`));
        return digest !== undefined;
      })
      .toBe(true);
    expect(digest).toMatch(/^To: buyer@example\.com$/m);
    const link = /(http:\/\/localhost:\d+\/alerts\/unsubscribe\?token=[^\s>]+)/.exec(digest ?? '')?.[1];
    expect(link).toBeDefined();

    // A second run sends nothing more about it.
    const again = await request.post('/api/alerts/run', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(again.ok()).toBe(true);
    expect((await outboxMail()).filter((mail) => mail.includes(`Ironsight ${word} carbine`))).toHaveLength(1);

    // The link works in a browser that is not signed in.
    const visitor = await browser.newContext();
    const stranger = await visitor.newPage();
    await stranger.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Alert E-mails' })).toBeVisible();
    await expectNoAxeViolations(stranger);
    await stranger.getByRole('button', { name: 'Stop alert e-mails' }).click();
    await expect(stranger.getByText('buyer@example.com gets no more alert e-mails')).toBeVisible();
    await visitor.close();

    // Buyer Tools shows e-mails off; the buyer turns them back on with local-listing alerts.
    await page.goto('/dashboard/buying/tools');
    const settings = page.getByRole('form', { name: 'Alert settings' });
    const digestBox = settings.getByLabel(/E-mail me one digest/);
    await expect(digestBox).not.toBeChecked();
    await expectNoAxeViolations(page);
    await digestBox.check();
    await settings.getByLabel('Alert me about new local listings near me').check();
    await settings.getByLabel('ZIP code').fill('75207');
    await settings.getByLabel('Distance').selectOption('25');
    await settings.getByRole('button', { name: 'Save alert settings' }).click();
    await expect(page.getByText('Your alert settings are saved.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('form', { name: 'Alert settings' }).getByLabel('ZIP code')).toHaveValue(
      '75207',
    );
  });
});
