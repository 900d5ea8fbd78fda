import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN, bearer, checkOutWithDealer, logIn, register, tokenOf } from './support/commerce.ts';
import { endAuctionIn } from './support/database.ts';
import { expect, test } from './support/test.ts';

const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };
const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };
const LIST_ITEM = '/dashboard/selling/list-item';
const MY_LISTINGS = '/dashboard/selling/listings';

test.describe('auctions', () => {
  test('a seller lists an auction with a reserve; a second bidder outbids the first by proxy, and each sees where they stand, on the page and in their lists', async ({
    page,
    browser,
  }) => {
    // A listing form, two bidders in two browsers and their pages: more than one page's budget.
    test.setTimeout(90_000);
    const model = `Au${Date.now().toString(36)}`;
    const title = `Ironsight Optics ${model} 3-9x40 scope`;

    // The seller lists it: Auction switches the form to a starting bid, one item and auction lengths.
    await logIn(page, SELLER, LIST_ITEM);
    await expect(page).toHaveURL(LIST_ITEM);
    const form = page.getByRole('form', { name: 'List an item' });
    await form.getByLabel('Category').selectOption({ label: 'Optics' });
    await form.getByLabel('Manufacturer (optional)').fill('Ironsight Optics');
    await form.getByLabel('Model (optional)').fill(model);
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Description' }).fill('A scope for the auction test.');
    await form.getByLabel('Listing type').selectOption({ label: 'Auction' });
    await expect(form.getByLabel('Duration')).toHaveValue('7');
    await expect(form.getByLabel('Accepts offers')).toHaveCount(0);
    await form.getByLabel('Starting bid (USD)').fill('100');
    await form.getByLabel('Reserve (USD) (optional)').fill('50');
    await form.getByRole('button', { name: 'List Item' }).click();
    // A reserve under the starting bid is refused by its field, and nothing typed is lost.
    await expect(form.getByText('The reserve must be at least the starting bid.')).toBeVisible();
    await expect(form.getByLabel('Starting bid (USD)')).toHaveValue('100');
    await form.getByLabel('Reserve (USD) (optional)').fill('300');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'List Item' }).click();
    await expect(page).toHaveURL(MY_LISTINGS);
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('link', { name: title, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const sellerView = page.getByRole('region', { name: 'Auction' });
    await expect(sellerView.getByText('Reserve not met')).toBeVisible();
    // The seller cannot bid on their own auction, and it has no Buy now.
    await expect(sellerView.getByRole('button', { name: 'Place bid' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
    const listingUrl = page.url();

    // A buyer bids a $250 maximum: they lead at the starting bid.
    const buyerContext = await browser.newContext({ baseURL: new URL(listingUrl).origin });
    const buyerPage = await buyerContext.newPage();
    // An account of its own: its bids page lists this auction alone, whatever the demo buyers bid on.
    const first = await register(buyerPage.request, 'first-bidder', 'Alma');
    await logIn(buyerPage, first, new URL(listingUrl).pathname);
    const auction = buyerPage.getByRole('region', { name: 'Auction' });
    await expect(auction.getByText('Starting bid')).toBeVisible();
    await auction.getByLabel('Your maximum bid (USD)').fill('90');
    await auction.getByRole('button', { name: 'Place bid' }).click();
    await expect(auction.getByText('Your maximum bid must be at least $100.00.')).toBeVisible();
    await auction.getByLabel('Your maximum bid (USD)').fill('250');
    await auction.getByRole('button', { name: 'Place bid' }).click();
    await expect(auction.getByRole('status')).toHaveText('You are the high bidder. Your maximum: $250.00.');
    await expect(auction.getByText('$100.00').first()).toBeVisible();
    await expectNoAxeViolations(buyerPage);

    // Another account bids $400: it leads at the reserve, and the first bidder's page says outbid.
    const otherContext = await browser.newContext({ baseURL: new URL(listingUrl).origin });
    const otherPage = await otherContext.newPage();
    const other = await register(otherPage.request, 'bidder', 'Oscar');
    await logIn(otherPage, other, new URL(listingUrl).pathname);
    const otherAuction = otherPage.getByRole('region', { name: 'Auction' });
    await otherAuction.getByLabel('Your maximum bid (USD)').fill('400');
    await otherAuction.getByRole('button', { name: 'Place bid' }).click();
    await expect(otherAuction.getByRole('status')).toHaveText(
      'You are the high bidder. Your maximum: $400.00.',
    );
    await expect(otherAuction.getByText('Reserve met')).toBeVisible();
    await expect(otherAuction.getByText('$300.00').first()).toBeVisible();

    // The first bidder's page hears it on the auction's live channel, sooner than its 5 s fallback poll.
    await expect(auction.getByRole('status')).toHaveText('You have been outbid.', { timeout: 4_000 });
    const history = auction.getByRole('table', { name: /Bid history/ });
    await expect(history.getByRole('row')).toHaveCount(4);
    await expect(history.getByRole('row').nth(1)).toContainText('O***r (1)');
    await expect(history.getByRole('row').nth(1)).toContainText('$300.00');
    await expectNoAxeViolations(buyerPage);

    // The bidding and selling lists say the same.
    await buyerPage.goto('/dashboard/buying/bids');
    const bidRow = buyerPage.getByRole('row').filter({ hasText: title });
    await expect(bidRow).toContainText('Outbid');
    await expect(bidRow).toContainText('$300.00');
    await expectNoAxeViolations(buyerPage);
    await page.goto('/dashboard/selling/auctions');
    const sellerRow = page.getByRole('row').filter({ hasText: title });
    await expect(sellerRow).toContainText('Running, reserve met');
    await expect(sellerRow.getByRole('cell').nth(2)).toHaveText('3');
    await expectNoAxeViolations(page);
    await buyerContext.close();
    await otherContext.close();
  });

  test('soft close: a bid in the last 2 minutes moves the end, both bidders see it live, the job ends it and the winner checks out with an FFL dealer', async ({
    page,
    browser,
    request,
  }) => {
    // Two bidders in two browsers, a wait for the ending job (every 15 s) and a checkout.
    test.setTimeout(150_000);
    const word = `Sc${Date.now().toString(36)}`;
    const title = `Ironsight Arms ${word} 9mm pistol`;
    const token = await tokenOf(request, SELLER);
    const added = await request.post('/api/listings/add', {
      headers: bearer(token),
      multipart: {
        request: JSON.stringify({
          title,
          description: '<p>A pistol for the soft-close test.</p>',
          familyId: CategoryFamilyId.SemiAutoPistols,
          manufacturer: 'Ironsight Arms',
          model: word,
          caliber: '9mm Luger',
          condition: 'NewInBox',
          quantity: 1,
          price: 300,
          zipCode: '75207',
          listingType: 1,
          durationDays: 1,
        }),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { id: listingId, listingUrl } = (await added.json()) as { id: string; listingUrl: string };
    const path = new URL(listingUrl, 'http://localhost').pathname;

    // Two bidders, each with an account of their own, on the auction's page.
    const first = await register(page.request, 'late-bidder', 'Lena');
    await logIn(page, first, path);
    const otherContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const otherPage = await otherContext.newPage();
    const other = await register(otherPage.request, 'last-bidder', 'Luis');
    await logIn(otherPage, other, path);

    // The end is brought to a minute from now, as time would (the server's clock cannot be moved).
    const end = await endAuctionIn(listingId, 60);
    await page.goto(path);
    await otherPage.goto(path);
    const auction = page.getByRole('region', { name: 'Auction' });
    const otherAuction = otherPage.getByRole('region', { name: 'Auction' });
    const endOf = async (region: typeof auction) =>
      Date.parse((await region.locator('time').getAttribute('datetime')) ?? '');
    await expect(
      auction.getByText('A bid in the last 2 minutes moves the end to 2 minutes after it.'),
    ).toBeVisible();
    await expect(auction.locator('time')).toHaveText(/^0m \d\ds$/);
    expect(await endOf(auction)).toBe(end.getTime());

    // A bid in the last 2 minutes: the end moves to 2 minutes after it.
    await auction.getByLabel('Your maximum bid (USD)').fill('350');
    await auction.getByRole('button', { name: 'Place bid' }).click();
    await expect(auction.getByRole('status')).toHaveText('You are the high bidder. Your maximum: $350.00.');
    await expect(auction.locator('time')).toHaveText(/^(1m \d\ds|2m 00s)$/);
    const extended = await endOf(auction);
    expect(extended - end.getTime()).toBeGreaterThan(45_000);
    await expectNoAxeViolations(page);
    // The other bidder's page hears the new end on the live channel, sooner than its 5 s poll.
    await expect.poll(() => endOf(otherAuction), { timeout: 4_000 }).toBe(extended);
    await expect(otherAuction.locator('time')).toHaveText(/^(1m \d\ds|2m 00s)$/);

    // The other bidder outbids them, still in the last 2 minutes: the end moves again, and the
    // first bidder's page hears both, live.
    await otherAuction.getByLabel('Your maximum bid (USD)').fill('400');
    await otherAuction.getByRole('button', { name: 'Place bid' }).click();
    await expect(otherAuction.getByRole('status')).toHaveText(
      'You are the high bidder. Your maximum: $400.00.',
    );
    await expect(auction.getByRole('status')).toHaveText('You have been outbid.', { timeout: 4_000 });
    const again = await endOf(otherAuction);
    expect(again).toBeGreaterThan(extended);
    await expect.poll(() => endOf(auction), { timeout: 4_000 }).toBe(again);
    await expect(auction.getByText('$355.00').first()).toBeVisible();
    await expectNoAxeViolations(otherPage);

    // Its end is reached (brought near again). The winner may check out once the ending job has
    // settled it (it runs every 15 s), and their page hears that.
    await endAuctionIn(listingId, 1);
    await expect(otherAuction.getByRole('button', { name: 'Check out' })).toBeVisible({ timeout: 30_000 });
    await expect(otherAuction.getByRole('heading', { name: 'Auction ended' })).toBeVisible();
    await expect(otherAuction.getByText('Sold to the high bidder.')).toBeVisible();
    await expect(otherAuction.getByRole('status')).toHaveText(/^You won this auction\./);
    await expect(otherAuction.getByText(/^Check out by .+ to buy it at \$355\.00\.$/)).toBeVisible();
    await expectNoAxeViolations(otherPage);
    await expect(auction.getByRole('heading', { name: 'Auction ended' })).toBeVisible();
    await expect(auction.getByRole('status')).toHaveText('This auction ended without your bid winning.');
    await expect(auction.getByLabel('Your maximum bid (USD)')).toHaveCount(0);
    await expect(auction.getByRole('button', { name: 'Check out' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The winner checks out at the final price, with a dealer: the pistol ships to the dealer.
    await otherAuction.getByRole('button', { name: 'Check out' }).click();
    await expect(otherPage).toHaveURL('/cart/view');
    await expect(otherPage.getByRole('link', { name: title })).toBeVisible();
    await checkOutWithDealer(otherPage, 'Sam S.');
    await otherContext.close();
  });

  test('staff cancel a running auction with a reason, and its page says so', async ({ page, request }) => {
    const title = `Ironsight Optics Cx${Date.now().toString(36)} red dot`;
    const token = await tokenOf(request, SELLER);
    const added = await request.post('/api/listings/add', {
      headers: bearer(token),
      multipart: {
        request: JSON.stringify({
          title,
          description: '<p>A red dot for the cancel test.</p>',
          familyId: CategoryFamilyId.Optics,
          condition: 'NewInBox',
          quantity: 1,
          price: 50,
          zipCode: '75207',
          listingType: 1,
          durationDays: 3,
        }),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { listingUrl } = (await added.json()) as { listingUrl: string };

    await logIn(page, ADMIN, new URL(listingUrl, 'http://localhost').pathname);
    const auction = page.getByRole('region', { name: 'Auction' });
    await auction.getByRole('button', { name: 'Cancel auction (staff)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this auction' });
    await dialog.getByRole('button', { name: 'Cancel auction' }).click();
    await expect(dialog.getByText('Say why the auction is cancelled.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Listed by mistake.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel auction' }).click();
    await expect(dialog).toBeHidden();
    await expect(auction.getByText('Cancelled by staff.')).toBeVisible();
    await expect(auction.getByRole('heading', { name: 'Auction ended' })).toBeVisible();
  });

  test('a shopper buys a pistol auction now: it ends at once, and they check out with an FFL dealer', async ({
    page,
    request,
  }) => {
    test.slow();
    const word = `Bn${Date.now().toString(36)}`;
    const title = `Ironsight Arms ${word} 9mm pistol`;
    const token = await tokenOf(request, SELLER);
    const added = await request.post('/api/listings/add', {
      headers: bearer(token),
      multipart: {
        request: JSON.stringify({
          title,
          description: '<p>A pistol for the buy-now test.</p>',
          familyId: CategoryFamilyId.SemiAutoPistols,
          manufacturer: 'Ironsight Arms',
          model: word,
          caliber: '9mm Luger',
          condition: 'NewInBox',
          quantity: 1,
          price: 300,
          zipCode: '75207',
          listingType: 1,
          durationDays: 7,
          auction: { buyNowPrice: 450 },
        }),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { listingUrl } = (await added.json()) as { listingUrl: string };
    const path = new URL(listingUrl, 'http://localhost').pathname;

    await logIn(page, BUYER, path);
    const auction = page.getByRole('region', { name: 'Auction' });
    await auction.getByRole('button', { name: 'Buy now for $450.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy it now for $450.00?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Buy now for $450.00' }).click();
    await expect(page).toHaveURL('/cart/view');
    await expect(page.getByRole('link', { name: title })).toBeVisible();

    // Checkout with a dealer near 75207: the pistol ships to the dealer, never to the buyer.
    await checkOutWithDealer(page, 'Sam S.');

    // The auction's page: ended, sold with buy now, nothing left to pay.
    await page.goto(path);
    await expect(auction.getByRole('heading', { name: 'Auction ended' })).toBeVisible();
    await expect(auction.getByText('Sold with buy now.')).toBeVisible();
    await expect(auction.getByRole('status')).toHaveText('You bought this item with buy now.');
    await expect(auction.getByRole('button', { name: 'Check out' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('search sorted by ending soonest leads with running auctions, each card with its time left and bids', async ({
    page,
  }) => {
    // No fade between the two orders' results, so the check of contrast reads the page as it rests.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/search');
    await page.getByLabel('Sort by').selectOption({ label: 'Ending soonest' });
    await expect(page).toHaveURL(/sort=ending-soonest/);
    // The results of the new order in place, no longer dimmed as the previous order's.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const first = page.getByTestId('product-card').first();
    await expect(
      first.getByText(/^(\d+d )?\d+h( \d+m)? left · \d+ bids?$|^\d+m left · \d+ bids?$/),
    ).toBeVisible();
    await expect(first.getByRole('link', { name: /Place a bid/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the ending job settles the demo buyer’s auction at start-up, and the winner checks out with an FFL dealer', async ({
    page,
  }) => {
    test.slow();
    // The demo data holds a firearm auction the demo buyer won, ended an hour before the seeding.
    await logIn(page, BUYER, '/dashboard/buying/bids');
    const won = page.getByRole('row').filter({ hasText: 'Won' }).first();
    await expect(won).toBeVisible();
    const title = (await won.getByRole('link').textContent()) ?? '';
    await won.getByRole('link').click();
    const auction = page.getByRole('region', { name: 'Auction' });
    await expect(auction.getByRole('heading', { name: 'Auction ended' })).toBeVisible();
    const auctionPath = new URL(page.url()).pathname;
    await expect(auction.getByRole('status')).toHaveText(/^You won this auction\./);
    await expect(auction.getByText(/^Check out by .+ to buy it at \$[\d,]+\.\d\d\.$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await auction.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL('/cart/view');
    await expect(page.getByRole('link', { name: title })).toBeVisible();

    await checkOutWithDealer(page);

    // Paid once: the auction's page has nothing left to check out.
    await page.goto(auctionPath);
    await expect(auction.getByRole('heading', { name: 'Auction ended' })).toBeVisible();
    await expect(auction.getByRole('button', { name: 'Check out' })).toHaveCount(0);
  });
});
