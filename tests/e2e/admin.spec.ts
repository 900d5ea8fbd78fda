import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };

/** The console's own code: a chunk named after its module. */
const CONSOLE_CHUNK = /\/assets\/admin-console-[^/]*\.js$/;

async function submitLogin(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

/** A fresh account through registration, so freezing it touches no other test's data. */
async function registered(page: Page, firstName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now().toString(36)}@example.com`;
  const password = 'Console-Check-2026!';
  const res = await page.request.post('/api/users/register', {
    data: { firstName, lastName: 'Consoletest', email, password, acceptTerms: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { email, password, name: `${firstName} Consoletest` };
}

test.describe('admin console', () => {
  test('a buyer opening /admin sees the not-found page and never downloads the console', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login');
    await submitLogin(page, BUYER);
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: "Something's missing." })).toBeVisible();
    // The console chunk exists in the build (it is what an admin loads), and the buyer never asked for it.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => CONSOLE_CHUNK.test(url))).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('a visitor opening /admin is sent to sign in, without the console', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/admin');
    await expect(page).toHaveURL('/login?returnUrl=%2Fadmin');
    expect(scripts.filter((url) => CONSOLE_CHUNK.test(url))).toEqual([]);
  });

  test('an admin finds a user, views as them and returns, adds credit, and freezes them', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const user = await registered(page, 'Quinn');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    await page.goto('/login?returnUrl=%2Fadmin');
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin');

    // The search box has focus on open; the arrow key moves into the results, Enter opens one.
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await expect(search).toBeFocused();
    // The admin's session loaded the console's chunk (the one the buyer above never fetched).
    expect(scripts.some((url) => CONSOLE_CHUNK.test(url))).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.type(user.email);
    await page.keyboard.press('Enter');
    const results = page.getByRole('list', { name: 'Users found' });
    await expect(results.getByRole('link')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await expect(results.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: user.name })).toBeVisible();
    await expectNoAxeViolations(page);

    // View as the user: their dashboard under the bar, which survives a reload; then back.
    await page.getByRole('button', { name: 'View as user' }).click();
    const viewAs = page.getByRole('dialog', { name: `View the site as ${user.name} (${user.email})?` });
    await expectNoAxeViolations(page);
    await viewAs.getByRole('button', { name: 'View as this user' }).click();
    await expect(page).toHaveURL('/dashboard');
    const bar = page.getByRole('region', { name: 'Viewing as another user' });
    await expect(bar).toContainText(`Viewing as ${user.name}`);
    await page.reload();
    await expect(bar).toContainText(user.email);
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: 'Return to my session' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toBeFocused();

    // Add credit.
    await page.keyboard.type(user.email);
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Users found' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Add credit' }).click();
    const credit = page.getByRole('dialog', { name: `Add credit to ${user.name} (${user.email})` });
    await credit.getByLabel('Amount (USD)').fill('25');
    await credit.getByLabel('Description').fill('Goodwill for a late shipment');
    await credit.getByRole('button', { name: 'Add credit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added $25.00' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Escrow and credit' })).toContainText(
      'Goodwill for a late shipment',
    );

    // Freeze for non-payment: the user's next sign-in takes the past-due path.
    await page.getByRole('button', { name: 'Freeze…' }).click();
    const freeze = page.getByRole('dialog', { name: `Freeze ${user.name} (${user.email})?` });
    await freeze.getByLabel('Reason').selectOption('NonPayment');
    await freeze.getByRole('button', { name: 'Freeze account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The account is frozen.' })).toBeVisible();

    const theirs = await browser.newContext();
    try {
      const theirPage = await theirs.newPage();
      await theirPage.goto('/login');
      await expect(theirPage.locator('html')).toHaveAttribute('data-app-ready', 'true');
      await submitLogin(theirPage, user);
      await expect(theirPage.getByRole('dialog', { name: 'Past Due Balance Notice' })).toBeVisible();
    } finally {
      await theirs.close();
    }

    // Every step is in the audit log.
    await page
      .getByRole('navigation', { name: 'Admin console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const table = page.getByRole('table');
    for (const action of ['Viewed as the user', 'Added credit', 'Froze the account']) {
      await expect(table.getByRole('cell', { name: action, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('the moderation, disputes, alerts, short links, brands, articles, ads and mail screens pass axe', async ({
    page,
  }) => {
    // Eight screens, each loaded and checked by axe: three times the usual time.
    test.slow();
    await page.goto('/login?returnUrl=%2Fadmin%2Fmoderation');
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin/moderation');
    await expect(page.getByRole('heading', { name: 'Reported listings' })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const [label, heading] of [
      ['Disputes', 'Disputes'],
      ['Alerts', 'Public and category alerts'],
      ['Short links', 'Short links'],
      ['Brands', 'Brands'],
      ['Articles', 'Articles'],
      ['Ads', 'Ads'],
      ['Mail outbox', 'Mail outbox'],
    ] as const) {
      await page
        .getByRole('navigation', { name: 'Admin console' })
        .getByRole('link', { name: label })
        .click();
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    // The outbox holds the confirmation mail of the accounts registered above.
    await page.getByRole('table').getByRole('button').first().click();
    await expect(page.getByRole('button', { name: 'Back to the outbox' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an admin writes an article in the console, finds it on the digest, and deletes it', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const title = `Range Day Notes ${Date.now().toString(36)}`;
    const slug = title.toLowerCase().replaceAll(' ', '-');
    await page.goto('/login?returnUrl=%2Fadmin%2Farticles');
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin/articles');

    const form = page.getByRole('form', { name: 'New article' });
    await form.getByLabel('Title').fill(title);
    await expect(form.getByLabel('Slug')).toHaveValue(slug);
    await form.getByLabel('Description').fill('What we learned at the range this week.');
    const body = form.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.type('Bring ');
    await form.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('eye and ear protection');
    await form.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' every time.');
    await form.getByLabel('Author', { exact: true }).fill('Dana Whitfield');
    await form.getByRole('button', { name: 'Publish article' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${title}” is saved.` })).toBeVisible();
    await expect(page.getByRole('form', { name: `Edit “${title}”` })).toBeVisible();
    await expectNoAxeViolations(page);

    // The newest article leads the digest; its page shows the body with the bold kept.
    await page.goto('/digest');
    const link = page.getByRole('link', { name: title });
    await expect(link.first()).toBeVisible();
    await link.first().click();
    await expect(page).toHaveURL(`/digest/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'eye and ear protection' })).toBeVisible();

    // Deleted from the console after confirming, it is gone from its address.
    await page.goto('/admin/articles');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(title);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: `Delete “${title}”` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the article “${title}”?` });
    await confirm.getByRole('button', { name: 'Delete article' }).click();
    await expect(page.getByText('No article matches.')).toBeVisible();
    const gone = await page.goto(`/digest/${slug}`);
    expect(gone?.status()).toBe(404);
  });
  test('an admin schedules an article: it waits off the digest until its date, then appears', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const title = `Holiday Hours ${Date.now().toString(36)}`;
    const slug = title.toLowerCase().replaceAll(' ', '-');
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (at: Date) =>
      `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    await page.goto('/login?returnUrl=%2Fadmin%2Farticles');
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin/articles');

    const form = page.getByRole('form', { name: 'New article' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('When the shop is open over the holidays.');
    await form.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('Open every day but the 25th.');
    await form.getByLabel('Author', { exact: true }).fill('Dana Whitfield');
    await form.getByLabel('Publish at').fill(local(new Date(Date.now() + 2 * 86_400_000)));
    await form.getByRole('button', { name: 'Schedule article' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `“${title}” is saved and scheduled` }),
    ).toBeVisible();

    // Listed in the console as scheduled, without a link; its address answers not found meanwhile.
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(title);
    await page.getByRole('button', { name: 'Find' }).click();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(/^Scheduled for /)).toBeVisible();
    await expect(row.getByRole('link', { name: title })).toHaveCount(0);
    expect((await page.request.get(`/digest/${slug}`)).status()).toBe(404);

    // Moved to a moment already past, it is on the digest.
    await row.getByRole('button', { name: `Edit “${title}”` }).click();
    const editor = page.getByRole('form', { name: `Edit “${title}”` });
    await editor.getByLabel('Publish at').fill(local(new Date(Date.now() - 60_000)));
    await editor.getByRole('button', { name: 'Save article' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${title}” is saved.` })).toBeVisible();
    await page.getByRole('link', { name: 'Read it on the digest' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const published = await page.goto(`/digest/${slug}`);
    expect(published?.status()).toBe(200);
  });
});
