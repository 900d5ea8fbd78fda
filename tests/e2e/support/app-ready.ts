import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until the app runs on it. A server-rendered page is readable (and its
 * links work) at once, but hover menus and other handlers only answer once it is hydrated.
 */
export async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
}
