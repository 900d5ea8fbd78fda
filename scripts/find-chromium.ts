import { existsSync } from 'node:fs';

/** Chromium for end-to-end tests: CHROME_PATH, then Debian's package, then Playwright's own download. */
export async function findChromium(): Promise<string | null> {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const { chromium } = await import('playwright-core');
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // playwright-core has no browser of its own installed.
  }
  return null;
}

export const CHROMIUM_INSTALL_HELP = [
  'No Chromium found for the end-to-end tests. Install one of:',
  '  Debian/Ubuntu:  sudo apt-get install -y chromium        (gives /usr/bin/chromium)',
  '  any OS:         npx playwright install chromium',
  'or point CHROME_PATH at an existing Chrome/Chromium binary.',
].join('\n');
