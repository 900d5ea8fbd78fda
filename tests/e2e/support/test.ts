import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's test, with `page.goto` waiting until the app runs on the page it opened (with
 * JavaScript on). A server-rendered page is readable at once and starts its app once painted;
 * what a test does next (typing for suggestions, opening menus, filters) needs the app, as a
 * visitor's clicks do.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) {
        await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
      }
      return response;
    };
    await use(page);
  },
});
