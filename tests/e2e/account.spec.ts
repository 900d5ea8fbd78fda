import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026', name: 'Blake Buyer' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026', name: 'Sam Seller' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };

async function logIn(page: Page, account: { email: string; password: string }, returnUrl?: string) {
  await page.goto(returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(returnUrl ?? '/dashboard');
}

test.describe('header and account menu', () => {
  test('a visitor sees Login, and Sell leads to the sell-guns page', async ({ page }) => {
    await page.goto('/about-us');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute(
      'href',
      '/login?returnUrl=%2Fabout-us',
    );
    await expect(header.getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute(
      'href',
      '/sell-guns',
    );
    await expect(header.getByRole('link', { name: /^Messages/ })).toHaveCount(0);
  });

  test('a seller’s menu: greeting, email, List an Item, the four groups, settings, help and log out', async ({
    page,
  }) => {
    await logIn(page, SELLER);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute(
      'href',
      '/dashboard/selling/list-item',
    );
    await header.getByRole('button', { name: `Account menu for ${SELLER.name}` }).click();
    const menu = page.getByRole('dialog', { name: 'Account' });
    await expect(menu.getByText(`Hi, ${SELLER.name}`)).toBeVisible();
    await expect(menu.getByText(SELLER.email)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'List an Item' })).toHaveAttribute(
      'href',
      '/dashboard/selling/list-item',
    );
    for (const group of ['Buying', 'Selling', 'Messages', 'Billing']) {
      await expect(menu.getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'false');
    }
    await menu.getByRole('button', { name: 'Selling' }).click();
    await expect(menu.getByRole('link', { name: 'Listings' })).toHaveAttribute(
      'href',
      '/dashboard/selling/listings',
    );
    await menu.getByRole('button', { name: 'Billing' }).click();
    await expect(menu.getByRole('link', { name: 'Payment Methods' })).toHaveAttribute(
      'href',
      '/dashboard/billing/paymentmethods',
    );
    await expect(menu.getByRole('link', { name: 'Help' })).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page);

    await menu.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL('/dashboard/accountsettings');
    await expect(menu).toBeHidden();
  });

  test('the menu closes when the mouse leaves it', async ({ page }) => {
    await logIn(page, BUYER);
    await page.getByRole('button', { name: `Account menu for ${BUYER.name}` }).click();
    const menu = page.getByRole('dialog', { name: 'Account' });
    await menu.hover();
    await page.mouse.move(5, 700);
    await expect(menu).toBeHidden();
  });

  test('a non-seller’s Selling and List an Item lead to membership', async ({ page }) => {
    await logIn(page, BUYER);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute(
      'href',
      '/sell-guns',
    );
    await page.getByRole('button', { name: `Account menu for ${BUYER.name}` }).click();
    const menu = page.getByRole('dialog', { name: 'Account' });
    await expect(menu.getByRole('link', { name: 'List an Item' })).toHaveAttribute('href', '/membership');
    await menu.getByRole('link', { name: 'Selling' }).click();
    await expect(page).toHaveURL('/membership');
  });

  test('log out clears the session and goes to /login; the dashboard then asks to log in', async ({
    page,
  }) => {
    await logIn(page, BUYER);
    await page.getByRole('button', { name: `Account menu for ${BUYER.name}` }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('gatoken'))).toBeNull();
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'gatoken')).toBe(false);
    await page.goto('/dashboard/accountsettings');
    await expect(page).toHaveURL('/login?returnUrl=%2Fdashboard%2Faccountsettings');
  });

  test('an unreadable stored token counts as signed out and is cleared', async ({ page }) => {
    await page.goto('/about-us');
    await page.evaluate(() => localStorage.setItem('gatoken', 'not-a-token'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?returnUrl=%2Fdashboard');
    expect(await page.evaluate(() => localStorage.getItem('gatoken'))).toBeNull();
  });

  test('the admin area needs the admin role', async ({ page }) => {
    await logIn(page, BUYER);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: "Something's missing." })).toBeVisible();
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logIn(page, ADMIN, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  });
});

test.describe('account settings', () => {
  test('the profile is saved and the header greets with the new name', async ({ page }) => {
    await logIn(page, SELLER, '/dashboard/accountsettings');
    const form = page.getByRole('form', { name: 'Profile' });
    await expect(form.getByLabel('First name')).toHaveValue('Sam');
    await form.getByLabel('First name').fill('Samuel');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect(form.getByText('Your profile is saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Samuel Seller' })).toBeVisible();
    await form.getByLabel('First name').fill('Sam');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('button', { name: `Account menu for ${SELLER.name}` })).toBeVisible();
  });
});

test.describe('user-alert banner', () => {
  test('home shows public alerts; a dismissed alert stays dismissed', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Announcements' });
    const dismiss = banner.getByRole('button', { name: 'Dismiss Scheduled maintenance' });
    await expect(dismiss).toBeVisible();
    // The banner is a part hydrated once its code is there: until then the server's button is inert.
    await expect(page.locator('html')).toHaveAttribute('data-parts', 'loaded');
    await dismiss.click();
    await expect(banner.getByText('Scheduled maintenance')).toBeHidden();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Announcements' }).getByText('Welcome to Ironsight'),
    ).toBeVisible();
    await expect(page.getByText('Scheduled maintenance')).toBeHidden();
  });

  test('the dashboard shows the user’s own alerts; other pages none', async ({ page }) => {
    await logIn(page, BUYER);
    await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Announcements' })).toHaveCount(0);
  });
});
