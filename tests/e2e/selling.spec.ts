import sharp from 'sharp';
import { LISTING_INELIGIBILITY_MESSAGES } from '../../shared/contract/users.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };
const NEW_SELLER = { email: 'newseller@example.com', password: 'newseller-demo-2026' };

const LIST_ITEM = '/dashboard/selling/list-item';
const MY_LISTINGS = '/dashboard/selling/listings';

/** A real JPEG photo of one colour, as a camera would send it (the server reads images by content). */
async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function logIn(page: Page, account: { email: string; password: string }, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

test.describe('selling', () => {
  test('a seller with payments set up lists an item with two photos, finds it, edits the price and closes it', async ({
    page,
  }) => {
    // Listing with photos, a search, an edit and a confirmed close: more than one page's default budget.
    test.setTimeout(60_000);
    // A model name no demo listing has, so the header search finds exactly this listing.
    const model = `Zx${Date.now().toString(36)}`;
    const title = `Ironsight Arms ${model} 9mm - New in box`;

    await logIn(page, SELLER, LIST_ITEM);
    await expect(page).toHaveURL(LIST_ITEM);
    const form = page.getByRole('form', { name: 'List an item' });
    await expect(form).toBeVisible();
    await expect(form.getByText(/Up to 20 photos/)).toBeVisible();
    await expectNoAxeViolations(page);

    await form.getByLabel('Category').selectOption({ label: 'Semi Auto Pistols' });
    await expect(form.getByText(/FFL transfer required/)).toBeVisible();
    await form.getByLabel('Manufacturer (optional)').fill('Ironsight Arms');
    await form.getByLabel('Model (optional)').fill(model);
    await form.getByLabel('Caliber (optional)').fill('9mm');
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);
    await form
      .getByRole('textbox', { name: 'Description' })
      .fill('Test pistol with two magazines and the original box.');
    await form.getByLabel('Price (USD)').fill('499.99');
    await form
      .getByLabel('Choose photos')
      .setInputFiles([await photo('front.jpg', '#a8741a'), await photo('serial.jpg', '#1f6f4a')]);
    const photos = form.getByRole('list', { name: 'Photos, main photo first' });
    await expect(photos.getByRole('listitem')).toHaveCount(2);
    await photos.getByRole('button', { name: 'Make serial.jpg the main photo' }).click();
    await expect(photos.getByRole('listitem').first()).toContainText('serial.jpg');
    await expectNoAxeViolations(page);

    await form.getByRole('button', { name: 'List Item' }).click();
    await expect(page).toHaveURL(MY_LISTINGS);
    await expect(
      page.getByRole('status').filter({ hasText: `Your listing “${title}” is listed.` }),
    ).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('$499.99');
    await expectNoAxeViolations(page);

    // The new listing is searchable at once, through the header search.
    const box = page.getByRole('combobox', { name: 'Search listings' });
    await box.fill(model);
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?keyword=${model}`);
    const card = page.getByTestId('product-card').filter({ hasText: model });
    await expect(card).toHaveCount(1);
    await card
      .getByRole('link', { name: new RegExp(model) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('img', { name: `${title}, photo 1 of 2` }).first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Description' }).getByText('Test pistol with two magazines'),
    ).toBeVisible();

    // Edit the price from My listings.
    await page.goto(MY_LISTINGS);
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('form', { name: 'Edit listing' });
    await expect(edit.getByLabel('Price (USD)')).toHaveValue('499.99');
    await expect(
      edit.getByRole('list', { name: 'Photos, main photo first' }).getByRole('listitem'),
    ).toHaveCount(2);
    await edit.getByLabel('Price (USD)').fill('449.5');
    // The saved photos reorder too: the second becomes the main photo.
    const savedPhotos = edit.getByRole('list', { name: 'Photos, main photo first' }).getByRole('listitem');
    const secondPhoto = await savedPhotos.nth(1).locator('img').getAttribute('src');
    await edit.getByRole('button', { name: 'Make Photo 2 the main photo' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(MY_LISTINGS);
    await expect(
      page.getByRole('status').filter({ hasText: `Your changes to “${title}” are saved.` }),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('$449.50');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(
      page
        .getByRole('form', { name: 'Edit listing' })
        .getByRole('list', { name: 'Photos, main photo first' })
        .getByRole('listitem')
        .first()
        .locator('img'),
    ).toHaveAttribute('src', secondPhoto ?? '');
    await page.goto(MY_LISTINGS);

    // Close it: it leaves the active tab for the closed one.
    await page.getByRole('button', { name: `Close ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Close this listing?' })
      .getByRole('button', { name: 'Close listing' })
      .click();
    await expect(page.getByText(`${title}: Closed`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Listing states' })
      .getByRole('link', { name: /^Closed/ })
      .click();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Closed');
    await expect(page.getByRole('button', { name: `Relist ${title}` })).toBeVisible();
  });

  test('a seller without payment setup sees why they cannot list and where to set payments up', async ({
    page,
  }) => {
    await logIn(page, NEW_SELLER, LIST_ITEM);
    const dialog = page.getByRole('dialog', { name: 'No Accepted Payment Method' });
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(LIST_ITEM);
    await expect(page.getByRole('heading', { name: 'Set up payments before listing' })).toBeVisible();
    await expect(page.getByText(LISTING_INELIGIBILITY_MESSAGES.NoPaymentSetup)).toBeVisible();
    await expect(page.getByRole('form', { name: 'List an item' })).toHaveCount(0);
    const link = page.getByRole('main').getByRole('link', { name: 'Set up payments', exact: true });
    await expect(link).toHaveAttribute('href', '/dashboard/selling/livecheckout');
    await expectNoAxeViolations(page);

    await link.click();
    await expect(page).toHaveURL('/dashboard/selling/livecheckout');
    await expect(page.getByRole('form', { name: 'Payment setup' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
