import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

// The seeded demo accounts (src-server/seed/accounts.ts).
const ACCOUNTS = {
  buyer: { email: 'buyer@example.com', password: 'buyer-demo-2026' },
  newSeller: { email: 'newseller@example.com', password: 'newseller-demo-2026' },
  pastDue: { email: 'pastdue@example.com', password: 'pastdue-demo-2026' },
  expired: { email: 'expired@example.com', password: 'expired-demo-2026' },
  pending: { email: 'pending@example.com', password: 'pending-demo-2026' },
  locked: { email: 'locked@example.com', password: 'locked-demo-2026' },
  // Only the forgot-password test signs in as the dealer: it changes the password.
  dealer: { email: 'dealer@example.com', password: 'dealer-demo-2026' },
};

async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The newest mail to `to` in the e2e server's outbox (that holds `containing`, when given). */
async function readMail(to: string, containing?: RegExp): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
    for (const file of files.sort().reverse()) {
      const text = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
      if (!text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      if (!containing || containing.test(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} in ${outbox}`);
}

test.describe('login page', () => {
  test('is accessible and an invalid submit shows every message without sending anything', async ({
    page,
  }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) logins.push(request.url());
    });
    await page.goto('/login');
    await expect(page).toHaveTitle('Log In | Ironsight');
    await expectNoAxeViolations(page);

    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(form.getByText('Email is required.')).toBeVisible();
    await expect(form.getByText('Password is required.')).toBeVisible();
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Email').blur();
    await expect(form.getByText('Enter a valid email.')).toBeVisible();
    expect(logins).toEqual([]);

    await expect(form.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(form.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    const password = form.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('wrong credentials say "Invalid email or password" and keep what was typed', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, ACCOUNTS.buyer.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByLabel('Email')).toHaveValue(ACCOUNTS.buyer.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('not-the-password');
    await expect(page).toHaveURL('/login');
  });

  test('a buyer signs in and lands on the dashboard, with history replaced', async ({ page }) => {
    await page.goto('/about-us');
    await page.goto('/login');
    await submitLogin(page, ACCOUNTS.buyer.email, ACCOUNTS.buyer.password);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Blake Buyer' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('gatoken'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'gatoken')).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL('/about-us');
  });

  test('a dashboard page sends a visitor to log in and back to it afterwards', async ({ page }) => {
    await page.goto('/dashboard/buying/orders?tab=open');
    await expect(page).toHaveURL('/login?returnUrl=%2Fdashboard%2Fbuying%2Forders%3Ftab%3Dopen');
    await submitLogin(page, ACCOUNTS.buyer.email, ACCOUNTS.buyer.password);
    await expect(page).toHaveURL('/dashboard/buying/orders?tab=open');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  });

  test('an unsafe return URL falls back to the dashboard', async ({ page }) => {
    await page.goto('/login?returnUrl=https%3A%2F%2Fevil.example%2Fphish');
    await submitLogin(page, ACCOUNTS.buyer.email, ACCOUNTS.buyer.password);
    await expect(page).toHaveURL('/dashboard');
  });

  test('an expired password leads to the password-expired page; after the change the user logs in', async ({
    page,
  }) => {
    const newPassword = 'fresh lantern orchard 2026';
    await page.goto('/login');
    await submitLogin(page, ACCOUNTS.expired.email, ACCOUNTS.expired.password);
    await expect(page).toHaveURL('/password-expired?email=expired%40example.com');
    await expect(page.getByRole('heading', { level: 1, name: 'Password Expired' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Change expired password' });
    await expect(form.getByLabel('Email')).toHaveValue(ACCOUNTS.expired.email);
    await form.getByLabel('Current password').fill(ACCOUNTS.expired.password);
    await form.getByLabel('New password').fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();

    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Your password was changed. Log in with your new password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(ACCOUNTS.expired.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('an account pending registration is sent to /register and completes it there', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, ACCOUNTS.pending.email, ACCOUNTS.pending.password);
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Registration' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create an account' });
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(ACCOUNTS.pending.email);
    await expect(form.getByLabel('First name')).toHaveValue('Perry');
    await form.getByLabel('Password', { exact: true }).fill('pending no more 2026');
    await form.getByLabel(/I accept the terms/).check();
    await form.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a locked account is sent to /register without a session', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, ACCOUNTS.locked.email, ACCOUNTS.locked.password);
    await expect(page).toHaveURL('/register');
    await expect(page.getByText(/This account is locked/)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('gatoken'))).toBeNull();
  });

  test('a seller without payment setup is offered to set it up now', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, ACCOUNTS.newSeller.email, ACCOUNTS.newSeller.password);
    const dialog = page.getByRole('dialog', { name: 'No Accepted Payment Method' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Set up now' }).click();
    await expect(page).toHaveURL('/dashboard/selling/livecheckout');
  });

  test('a seller without payment setup may skip and carries on to the return URL', async ({ page }) => {
    await page.goto('/login?returnUrl=%2Fdashboard%2Fmessages%2Finbox');
    await submitLogin(page, ACCOUNTS.newSeller.email, ACCOUNTS.newSeller.password);
    const dialog = page.getByRole('dialog', { name: 'No Accepted Payment Method' });
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL('/dashboard/messages/inbox');
  });

  test('a frozen account pays its past-due balance in the modal, then lands on the dashboard', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitLogin(page, ACCOUNTS.pastDue.email, ACCOUNTS.pastDue.password);
    const dialog = page.getByRole('dialog', { name: 'Past Due Balance Notice' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('$149.95');
    await expect(dialog.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(dialog.getByText('Card number is required.')).toBeVisible();
    await expect(dialog.getByText('Expiration date is required.')).toBeVisible();

    await dialog.getByLabel('First name').fill('Pat');
    await dialog.getByLabel('Last name').fill('Pastdue');
    await dialog.getByLabel('Card number').pressSequentially('4000000000000002');
    await expect(dialog.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await dialog.getByLabel('Expiration (MM/YY)').pressSequentially('1230');
    await expect(dialog.getByLabel('Expiration (MM/YY)')).toHaveValue('12/30');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByLabel('Address', { exact: true }).fill('100 Main St');
    await dialog.getByLabel('City').fill('Dallas');
    await dialog.getByLabel('State').selectOption('TX');
    await dialog.getByLabel('Zip code').fill('75201');

    // A declined card: the processor's message is shown as given, and the form keeps its values.
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');

    await dialog.getByLabel('Card number').fill('');
    await dialog.getByLabel('Card number').pressSequentially('4242424242424242');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('button', { name: 'Account menu for Pat Pastdue' })).toBeVisible();
  });
});

test.describe('login modal', () => {
  test('opens on a login request, signs in without leaving the page and tells the opener', async ({
    page,
  }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    // What requestLogin() of src-renderer/lib/session/login-request.ts sends; the opener awaits settle().
    await page.evaluate(() => {
      const win = window as Window & { loginResult?: boolean };
      window.dispatchEvent(
        new CustomEvent('ironsight:login-request', {
          cancelable: true,
          detail: {
            reason: 'Log in to save favorites.',
            settle: (signedIn: boolean) => (win.loginResult = signedIn),
          },
        }),
      );
    });
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog.getByText('Log in to save favorites.')).toBeVisible();
    await expectNoAxeViolations(page);
    await submitLogin(page, ACCOUNTS.buyer.email, ACCOUNTS.buyer.password);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/about-us');
    expect(await page.evaluate(() => (window as Window & { loginResult?: boolean }).loginResult)).toBe(true);
    await expect(page.getByRole('button', { name: 'Account menu for Blake Buyer' })).toBeVisible();
  });
});

test.describe('registration', () => {
  test('is accessible, checks the email while typing, and shows the password rules', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByText(/At least 8 characters; 15 or more recommended/)).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(ACCOUNTS.buyer.email);
    await expect(
      page.getByText('An account already uses this email. Log in, or reset your password.'),
    ).toBeVisible();
  });

  test('a new account gets a confirmation email; its link confirms the address; the user logs in again', async ({
    page,
  }) => {
    const email = `new-${Date.now()}@example.com`;
    const password = 'copper kettle mountain river';
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name').fill('Newman');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill('password');
    await form.getByLabel(/I accept the terms/).check();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      form.getByText('This password is too common and easy to guess. Choose a different one.'),
    ).toBeVisible();

    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(`We sent a confirmation link to ${email}.`)).toBeVisible();

    const mail = await readMail(email);
    const link = /https?:\/\/\S+\/register\?userId=\S+&confirm=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link ?? '');
    await page.goto(`${pathname}${search}`);
    await expect(page.getByText('Your email address is confirmed. Thank you!')).toBeVisible();

    await page.getByRole('button', { name: 'Account menu for Robin Newman' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, email, password);
    await expect(page).toHaveURL('/dashboard');
  });
});

test.describe('forgot password', () => {
  test('the emailed link sets a new password, and the user logs in with it', async ({ page, request }) => {
    // An account of its own: the demo accounts keep their passwords for the other suites.
    const email = `reset-${Date.now()}@example.com`;
    const registered = await request.post('/api/users/register', {
      data: {
        firstName: 'Rita',
        lastName: 'Reset',
        email,
        password: 'amber canyon whistle 2026',
        acceptTerms: true,
      },
    });
    expect(registered.status()).toBe(200);
    const newPassword = 'quiet harbor lantern 2026';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    // The address changes as the navigation starts; the form is there once the page is.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

    // The account's confirmation mail is there too: the reset mail is the one with the link.
    const resetLink = /https?:\/\/\S+\/forgot-password\?token=[\w-]+/;
    const link = resetLink.exec(await readMail(email, resetLink))?.[0];
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link ?? '');
    await page.goto(`${pathname}${search}`);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByText(/Your password was changed/)).toBeVisible();
    await page.getByRole('link', { name: 'Log in with your new password' }).click();
    await submitLogin(page, email, newPassword);
    await expect(page).toHaveURL('/dashboard');
  });

  test('answers the same for any email', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText('If an account exists for nobody-here@example.com, we have sent it a link'),
    ).toBeVisible();
  });
});
