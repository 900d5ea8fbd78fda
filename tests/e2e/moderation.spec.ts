import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };

async function submitLogin(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

test.describe('reporting a listing', () => {
  test('a guest logs in to report a listing from its page, and staff find it in the moderation queue', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const word = `Rp${Date.now().toString(36)}`;
    const title = `Ironsight Optics ${word} red dot`;
    const login = await request.post('/api/auth/login', { data: SELLER });
    expect(login.ok()).toBe(true);
    const { jwtToken: token } = (await login.json()) as { jwtToken: string };
    const added = await request.post('/api/listings/add', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        request: JSON.stringify({
          title,
          description: '<p>A red dot for the report test.</p>',
          familyId: CategoryFamilyId.Optics,
          manufacturer: 'Ironsight Optics',
          model: word,
          condition: 'NewInBox',
          quantity: 1,
          price: 199,
          shippingCost: 10,
          zipCode: '75207',
        }),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { listingUrl } = (await added.json()) as { listingUrl: string };

    await page.goto(listingUrl);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Report this listing' }).click();
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
    await submitLogin(page, BUYER);

    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose what is wrong with this listing.')).toBeVisible();
    await dialog.getByLabel('What is wrong?').selectOption({ label: 'Suspected fraud or scam' });
    await dialog.getByLabel('Details').fill(`The ${word} seller asks for payment outside checkout.`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Thank you. Ironsight staff will review this listing.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const staffContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const staff = await staffContext.newPage();
    await staff.goto(`/login?returnUrl=${encodeURIComponent('/admin/moderation')}`);
    await submitLogin(staff, ADMIN);
    await expect(staff).toHaveURL('/admin/moderation');
    const reported = staff.getByRole('listitem').filter({ hasText: title });
    await expect(reported).toContainText(
      `Suspected fraud or scam: “The ${word} seller asks for payment outside checkout.”`,
    );
    await expectNoAxeViolations(staff);
    await staffContext.close();
  });
});
