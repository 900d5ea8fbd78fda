import { expectNoAxeViolations } from './support/axe.ts';
import {
  ADMIN,
  bearer,
  checkOutThroughEscrow,
  logIn,
  register,
  sellerWithListing,
} from './support/commerce.ts';
import { expect, test } from './support/test.ts';

test.describe('escrow disputes', () => {
  test('a buyer disputes an escrow order, staff refund it from Admin › Disputes, and the buyer’s order shows refunded', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // Checkout, the buyer's order page twice, and the console.
    test.slow();
    const title = `Dispute bipod ${Date.now().toString(36)}`;
    const { token: sellerToken, listingId } = await sellerWithListing(request, 'dispute-seller', {
      title,
      price: 200,
    });
    const buyer = await register(request, 'dispute-buyer', 'Bailey');

    // The buyer pays through escrow.
    await logIn(page, buyer, `/${listingId}`);
    const orderLink = await checkOutThroughEscrow(page, listingId);
    const orderName = (await orderLink.textContent()) ?? '';
    const orderNumber = orderName.replace(/^Order /, '');
    const orderId = new URL((await orderLink.getAttribute('href')) ?? '', baseURL).searchParams.get('order');
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    // The seller ships it (the billing journey ships from the seller's screen).
    const shipped = await request.post(`/api/orders/ship/${orderId}`, {
      headers: bearer(sellerToken),
      data: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.ok(), await shipped.text()).toBe(true);

    // The buyer disputes it from the order page: the payment stays held.
    await orderLink.click();
    const mine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: orderName }) });
    await page.reload();
    await mine.getByRole('button', { name: 'Open a dispute' }).click();
    const disputeDialog = page.getByRole('dialog', { name: `Dispute order ${orderNumber}?` });
    await disputeDialog.getByLabel('What is wrong with the order?').fill('The legs do not lock in place.');
    await disputeDialog.getByRole('button', { name: 'Open the dispute' }).click();
    await expect(mine.getByText('Held while the dispute is reviewed')).toBeVisible();

    // Staff find it under Admin › Disputes and refund the buyer after the confirmation.
    const staff = await browser.newContext({ baseURL });
    try {
      const admin = await staff.newPage();
      await logIn(admin, ADMIN, '/admin');
      await admin
        .getByRole('navigation', { name: 'Admin console' })
        .getByRole('link', { name: 'Disputes' })
        .click();
      await expect(admin).toHaveURL('/admin/disputes');
      const open = admin.getByRole('table', { name: 'Open disputes' });
      const row = open.getByRole('row', { name: new RegExp(orderNumber) });
      await expect(row).toContainText('Bailey Tester');
      await expect(row).toContainText(buyer.email);
      await expect(row).toContainText('$200.00');
      await expect(row).toContainText('The legs do not lock in place.');
      await expectNoAxeViolations(admin);

      await row.getByRole('button', { name: `Refund buyer of order ${orderNumber}` }).click();
      const confirm = admin.getByRole('dialog', {
        name: `Refund $200.00 to Bailey Tester (${buyer.email})?`,
      });
      await expect(confirm).toContainText(`Order ${orderNumber}`);
      // Keyboard first: the note has focus; Tab reaches the decision.
      await expect(confirm.getByLabel('Staff note')).toBeFocused();
      await expectNoAxeViolations(admin);
      await admin.keyboard.type('Photos show the locking lever is broken.');
      await admin.keyboard.press('Tab');
      await admin.keyboard.press('Tab');
      await expect(confirm.getByRole('button', { name: 'Refund buyer' })).toBeFocused();
      await admin.keyboard.press('Enter');
      const done = admin
        .getByRole('status')
        .filter({ hasText: `Refunded $200.00 to Bailey Tester for order ${orderNumber}.` });
      await expect(done).toBeVisible();
      await expect(done).toBeFocused();
      await expect(confirm).toHaveCount(0);
      await expect(open.getByRole('row', { name: new RegExp(orderNumber) })).toHaveCount(0);

      // The resolved list shows the outcome and who decided.
      await admin
        .getByRole('navigation', { name: 'Disputes shown' })
        .getByRole('button', { name: 'Resolved' })
        .click();
      const resolved = admin
        .getByRole('table', { name: 'Resolved disputes' })
        .getByRole('row', { name: new RegExp(orderNumber) });
      await expect(resolved).toContainText('Refunded to the buyer');
      await expect(resolved).toContainText(ADMIN.email);
      await expect(resolved).toContainText('Photos show the locking lever is broken.');
      await expectNoAxeViolations(admin);
    } finally {
      await staff.close();
    }

    // The buyer's order shows the refund.
    await page.reload();
    await expect(mine.getByText('Refunded to the buyer')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
