import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expect, test } from './support/test.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };

test.describe('a listing staff froze', () => {
  test('its page says it is not available, offers no Buy now, and shows its short listing number', async ({
    page,
    request,
  }) => {
    const tokenOf = async (account: { email: string; password: string }) => {
      const login = await request.post('/api/auth/login', { data: account });
      expect(login.ok()).toBe(true);
      return ((await login.json()) as { jwtToken: string }).jwtToken;
    };
    const word = `Fz${Date.now().toString(36)}`;
    const title = `Ironsight Optics ${word} scope`;
    const added = await request.post('/api/listings/add', {
      headers: { authorization: `Bearer ${await tokenOf(SELLER)}` },
      multipart: {
        request: JSON.stringify({
          title,
          description: '<p>A scope for the freeze test.</p>',
          familyId: CategoryFamilyId.Optics,
          manufacturer: 'Ironsight Optics',
          model: word,
          condition: 'NewInBox',
          quantity: 2,
          price: 249,
          shippingCost: 10,
          zipCode: '75207',
        }),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const listing = (await added.json()) as { id: string; listingUrl: string; listingNumber: number };

    await page.goto(listing.listingUrl);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy now' })).toBeEnabled();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByText(String(listing.listingNumber), { exact: true })).toBeVisible();
    await expect(details.getByText(listing.id)).toHaveCount(0);

    const frozen = await request.post(`/api/pprAdmin/listings/${listing.id}/freeze`, {
      headers: { authorization: `Bearer ${await tokenOf(ADMIN)}` },
      data: { reason: 'Payment asked outside checkout.' },
    });
    expect(frozen.ok(), await frozen.text()).toBe(true);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('This listing is not available.')).toBeVisible();
    await expect(page.getByText(/In stock/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  });
});
