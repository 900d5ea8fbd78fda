import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };

async function logIn(page: Page, account: { email: string; password: string }, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(returnUrl);
}

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: account });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { jwtToken: string }).jwtToken;
}

/** The demo seller lists an optic with a word no other listing has; answers its page's path. */
async function sellerListing(
  request: APIRequestContext,
  word: string,
): Promise<{ path: string; title: string }> {
  const token = await tokenOf(request, SELLER);
  const title = `Ironsight ${word} 3-9x40 scope`;
  const added = await request.post('/api/listings/add', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      request: JSON.stringify({
        title,
        description: '<p>A scope for the messages test.</p>',
        familyId: CategoryFamilyId.Optics,
        manufacturer: 'Ironsight',
        model: word,
        condition: 'NewInBox',
        quantity: 1,
        price: 249.99,
        zipCode: '75207',
      }),
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return { path: `/${((await added.json()) as { id: string }).id}`, title };
}

async function unreadOf(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.get('/api/messages/getUnreadMessagesCount', {
    headers: { authorization: `Bearer ${await tokenOf(request, account)}` },
  });
  return ((await res.json()) as { unreadCount: number }).unreadCount;
}

test.describe('messages between a buyer and a seller', () => {
  test('the buyer writes from a listing, the seller sees the count live, replies with a photo, and the buyer reads it', async ({
    browser,
    request,
  }) => {
    // A journey of two users over many screens: more than one page's time budget on a busy machine.
    test.slow();
    const word = `Msg${Date.now().toString(36)}`;
    const listing = await sellerListing(request, word);
    const sellerUnread = await unreadOf(request, SELLER);

    const sellerContext = await browser.newContext();
    const buyerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    try {
      // The seller's header follows the live channel before anything is sent.
      const sellerLive = seller.waitForRequest((req) => req.url().endsWith('/api/messages/live'));
      await logIn(seller, SELLER, '/dashboard');
      await sellerLive;
      const sellerBadge = seller.getByRole('link', { name: /^Messages, .* unread$/ });
      if (sellerUnread === 0) await expect(sellerBadge).toHaveCount(0);

      await logIn(buyer, BUYER, listing.path);
      await buyer.getByRole('button', { name: 'Contact seller' }).click();
      const compose = buyer.getByRole('form', { name: 'Message the seller' });
      await compose
        .getByLabel('Message')
        .fill(`Is the ${word} scope still available? Details: https://example.com/spec`);
      await compose.getByRole('button', { name: 'Send message' }).click();
      await expect(buyer.getByText('Your message was sent.')).toBeVisible();
      const sentAt = Date.now();
      await buyer.getByRole('button', { name: 'Close' }).click();

      // No reload: the seller's header learns of it through the live channel.
      const expected = sellerUnread + 1 > 99 ? '99+' : String(sellerUnread + 1);
      await expect(seller.getByRole('link', { name: `Messages, ${expected} unread` })).toBeVisible({
        timeout: 2000,
      });
      expect(Date.now() - sentAt).toBeLessThan(2500);

      await seller.getByRole('link', { name: `Messages, ${expected} unread` }).click();
      await expect(seller).toHaveURL('/dashboard/messages/inbox');
      const row = seller
        .getByRole('list', { name: 'Received messages' })
        .getByRole('link', { name: new RegExp(word) })
        .first();
      await expect(row).toBeVisible();
      await expectNoAxeViolations(seller);

      await row.click();
      await expect(seller.getByRole('heading', { level: 2, name: listing.title })).toBeVisible();
      const link = seller.getByRole('link', { name: 'https://example.com/spec' });
      await expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer');
      await expectNoAxeViolations(seller);

      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a8741a' } })
        .png()
        .toBuffer();
      const reply = seller.getByRole('form', { name: 'Reply' });
      await reply.getByLabel('Message').fill('Yes, it is. Here is a photo of the turrets.');
      await reply
        .getByLabel('Attachments')
        .setInputFiles({ name: 'turrets.png', mimeType: 'image/png', buffer: photo });
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await expect(seller.getByText('Yes, it is. Here is a photo of the turrets.')).toBeVisible();
      // Reading it brought the seller's count back down.
      if (sellerUnread === 0) await expect(sellerBadge).toHaveCount(0);

      await expect(buyer.getByRole('link', { name: /^Messages, \d+ unread$/ })).toBeVisible({
        timeout: 2000,
      });
      await buyer.getByRole('link', { name: /^Messages, \d+ unread$/ }).click();
      await buyer
        .getByRole('list', { name: 'Received messages' })
        .getByRole('link', { name: /turrets/ })
        .first()
        .click();
      await expect(buyer.getByText('Yes, it is. Here is a photo of the turrets.')).toBeVisible();
      const downloading = buyer.waitForEvent('download');
      await buyer.getByRole('button', { name: /^Download turrets\.png/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('turrets.png');
      await expectNoAxeViolations(buyer);
    } finally {
      await sellerContext.close();
      await buyerContext.close();
    }
  });

  test("a visitor's message is kept and sent once they log in", async ({ page, request }) => {
    const word = `Vis${Date.now().toString(36)}`;
    const listing = await sellerListing(request, word);
    await page.goto(listing.path);
    await page.getByRole('button', { name: 'Contact seller' }).click();
    const compose = page.getByRole('form', { name: 'Message the seller' });
    await compose.getByLabel('Message').fill(`Visitor question about ${word}`);
    await compose.getByRole('button', { name: 'Log in and send' }).click();

    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email').fill(BUYER.email);
    await login.getByLabel('Password', { exact: true }).fill(BUYER.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Your message was sent.').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('gaPendingMessage'))).toBeNull();

    const token = await tokenOf(request, SELLER);
    const inbox = await request.post('/api/messages/getRecipient', {
      headers: { authorization: `Bearer ${token}` },
      data: { filters: { keyword: word } },
    });
    const { results } = (await inbox.json()) as { results: { body: string; subject: string }[] };
    expect(results).toEqual([
      expect.objectContaining({ body: `Visitor question about ${word}`, subject: listing.title }),
    ]);
  });
});
