import { periodOf } from '../../shared/domain/membership.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  ADMIN,
  bearer,
  checkOutThroughEscrow,
  fillCard,
  logIn,
  register,
  sellerWithListing,
  setUpPayments,
  tokenOf,
} from './support/commerce.ts';
import { expect, test } from './support/test.ts';

test.describe('billing', () => {
  test('a seller upgrades the plan, lists with paid options, sees the invoice and pays it with a sandbox card', async ({
    page,
    request,
  }) => {
    // Plans, a listing, the invoice run, the invoice, two payments, the payments and cards pages.
    test.slow();
    const seller = await register(request, 'plan-seller', 'Casey');

    // A visitor sees every plan and is asked to log in to choose one.
    await page.goto('/membership');
    const plans = page.getByRole('table', { name: 'Membership plans' });
    await expect(plans.getByRole('row', { name: /Trusted Seller/ })).toContainText('$19.95 a month');
    await expect(plans.getByRole('row', { name: /Platinum Seller/ })).toContainText('Unlimited');
    await expect(page.getByRole('link', { name: 'Log in to choose a plan' })).toHaveAttribute(
      'href',
      '/login?returnUrl=%2Fmembership',
    );
    await expectNoAxeViolations(page);

    // Signed in, the buyer picks Trusted Seller: the prorated charge is stated, and the role follows.
    await logIn(page, seller, '/membership');
    await expect(plans.getByRole('row', { name: /^Buyer/ })).toContainText('Current plan');
    await plans.getByRole('button', { name: 'Choose Trusted Seller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change to Trusted Seller?' });
    await expect(dialog).toContainText(
      /\$\d+\.\d\d for the rest of \w+ \d{4} is added to your next invoice\./,
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Change to Trusted Seller' }).click();
    await expect(page.getByText(/^You are now on the Trusted Seller plan\./)).toBeVisible();
    await expect(plans.getByRole('row', { name: /Trusted Seller/ })).toContainText('Current plan');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute(
      'href',
      '/dashboard/selling/list-item',
    );
    await expectNoAxeViolations(page);

    // The seller lists on the form and promotes the listing with Featured ($4.95) and Bold (in the plan).
    const token = await tokenOf(request, seller);
    await setUpPayments(request, token);
    const title = `Billing sling ${Date.now().toString(36)}`;
    await page.goto('/dashboard/selling/list-item');
    const form = page.getByRole('form', { name: 'List an item' });
    await form.getByLabel('Category').selectOption({ label: 'Accessories' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Description' }).fill('A listing for the billing test.');
    await form.getByLabel('Price (USD)').fill('300');
    await form.getByLabel('Item zip code (optional)').fill('75207');
    const promote = form.getByRole('group', { name: 'Promote your listing' });
    await expect(promote).toContainText('Prices for your Trusted Seller plan.');
    const featured = promote.getByRole('checkbox', { name: 'Featured (badge and featured lists)' });
    await expect(featured).toHaveAccessibleDescription(
      'Puts a Featured badge on the listing and adds it to the featured listings. $4.95',
    );
    await expect(promote.getByText(/^Charged to your next invoice/)).toHaveText(
      'Charged to your next invoice: $0.00',
    );
    const bold = promote.getByRole('checkbox', { name: 'Bold title' });
    await expect(bold).toHaveAccessibleDescription(/Included in your plan$/);
    await featured.check();
    await bold.check();
    await expect(promote.getByText(/^Charged to your next invoice/)).toHaveText(
      'Charged to your next invoice: $4.95',
    );
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'List Item' }).click();
    await expect(page).toHaveURL('/dashboard/selling/listings');
    await expect(
      page.getByRole('status').filter({ hasText: `Your listing “${title}” is listed.` }),
    ).toBeVisible();

    // Editing it shows Featured as bought, not to be charged again.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    const edited = page.getByRole('form', { name: 'Edit listing' }).getByRole('group', {
      name: 'Promote your listing',
    });
    await expect(edited.getByRole('checkbox', { name: 'Featured (badge and featured lists)' })).toBeChecked();
    await expect(
      edited.getByRole('checkbox', { name: 'Featured (badge and featured lists)' }),
    ).toBeDisabled();
    await expect(edited).toContainText('Already on this listing');
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/billing/invoices');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText('Trusted Seller');
    await expect(page.getByText('You have no invoices yet.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);

    // The month's invoices are made (the billing job, run on demand by an admin).
    const adminToken = await tokenOf(request, ADMIN);
    const run = await request.post('/api/billing/invoices/run', {
      headers: bearer(adminToken),
      data: { period: periodOf(new Date()) },
    });
    expect(run.ok(), await run.text()).toBe(true);

    await page.reload();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    const row = invoices.getByRole('row', { name: /Invoice/ }).nth(1);
    await expect(row).toContainText('Open');
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: /^Invoice / }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing\/invoices\/[0-9a-f-]{36}$/);
    const invoice = page.getByRole('article', { name: /^Invoice / });
    const lines = invoice.getByRole('table', { name: 'Invoice lines' });
    await expect(lines.getByRole('row', { name: new RegExp(`Featured: ${title} \\$4\\.95`) })).toBeVisible();
    await expect(lines.getByRole('row', { name: /Buyer to Trusted Seller, prorated/ })).toBeVisible();
    // Bold is in the Trusted Seller plan: the listing has it, the invoice does not charge it.
    await expect(lines.getByRole('row', { name: /Bold/ })).toHaveCount(0);
    const due = (await invoice.getByLabel('Invoice totals').locator('dd').last().textContent()) ?? '';
    expect(due).toMatch(/^\$\d+\.\d\d$/);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

    // The PDF downloads with the session's token.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
    await expectNoAxeViolations(page);

    // A declined card keeps the form; the sandbox's approving card pays and is saved.
    const pay = page.getByRole('form', { name: 'Pay with a new card' });
    await fillCard(pay, '4000000000000002');
    await pay.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(pay.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(pay.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(pay.getByLabel('Billing city')).toHaveValue('Dallas');
    await expectNoAxeViolations(page);
    await pay.getByLabel('Card number').fill('4242424242424242');
    await pay.getByLabel('Save this card for later').check();
    await pay.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(page.getByText(`Paid ${due} with your card ending 4242. Thank you.`)).toBeVisible();
    await expect(invoice.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: /^Pay / })).toHaveCount(0);

    // The payments: the declined try and the payment, in dollars.
    await page.goto('/dashboard/billing/payments');
    const payments = page.getByRole('table', { name: 'Payments' });
    await expect(
      payments.getByRole('row', { name: new RegExp(`Visa ending 4242 \\${due} Approved`) }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The saved card.
    await page.goto('/dashboard/billing/paymentmethods');
    const cards = page.getByRole('list', { name: 'Saved cards' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards.getByRole('listitem')).toContainText('Visa ending 4242');
    await expect(cards.getByRole('listitem')).toContainText('Default');
    await page.getByRole('button', { name: 'Add a card' }).click();
    await expect(page.getByRole('form', { name: 'Add a card' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a buyer pays through escrow, the seller ships, the buyer confirms receipt, and the seller’s balance grows', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // Two users over checkout, both order screens and the payments page.
    test.slow();
    const title = `Escrow scope rings ${Date.now().toString(36)}`;
    const { seller, listingId } = await sellerWithListing(request, 'escrow-seller', { title, price: 200 });
    const buyer = await register(request, 'escrow-buyer', 'Bailey');

    // The seller's balance before.
    const sellerContext = await browser.newContext({ baseURL });
    const sellerPage = await sellerContext.newPage();
    await logIn(sellerPage, seller, '/dashboard/billing/payments');
    const balance = sellerPage.getByRole('region', { name: 'Escrow balance' });
    await expect(balance.locator('dd').first()).toHaveText('$0.00');

    // The buyer checks out through escrow.
    await logIn(page, buyer, `/${listingId}`);
    const orderLink = await checkOutThroughEscrow(page, listingId);
    const orderName = (await orderLink.textContent()) ?? '';

    // The buyer's order: the payment is held.
    await orderLink.click();
    const mine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: orderName }) });
    await expect(mine.getByText('Held by Ironsight')).toBeVisible();
    await expectNoAxeViolations(page);

    // The seller ships it and marks it delivered.
    await sellerPage.goto('/dashboard/selling/orders');
    const sale = sellerPage
      .getByRole('listitem')
      .filter({ has: sellerPage.getByRole('heading', { name: orderName }) });
    await sale.getByRole('button', { name: 'Details' }).click();
    await expect(sale.getByText('Held by Ironsight')).toBeVisible();
    const ship = sale.getByRole('form', { name: `Ship ${orderName.replace(/^Order/, 'order')}` });
    await ship.getByLabel('Carrier').selectOption('UPS');
    await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await sale.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(sale.getByText(/The payment is released to you on/)).toBeVisible();

    // The buyer inspects and confirms receipt: the funds go to the seller.
    // The order stays open across the reload (its id is in the address).
    await page.reload();
    await expect(mine.getByText(/Inspect the order: the payment goes to the seller on/)).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Open a dispute' })).toBeVisible();
    await expectNoAxeViolations(page);
    await mine.getByRole('button', { name: 'Confirm I received it' }).click();
    await expect(mine.getByText('Released to the seller')).toBeVisible();

    // The seller's escrow balance grew by the sale.
    await sellerPage.goto('/dashboard/billing/payments');
    await expect(balance.locator('dd').first()).toHaveText('$200.00');
    await expect(balance.getByRole('table', { name: 'Escrow activity' })).toBeVisible();
    await expectNoAxeViolations(sellerPage);
    await sellerContext.close();
  });
});
