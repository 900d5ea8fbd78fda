import { describe, expect, it } from 'vitest';
import { APP_START_SCRIPT } from '../../shared/server-render.ts';
import { withAppStartAfterPaint, withPagePreloads } from './app-start.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Ironsight</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/paths-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/style-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the start of the app on a server-rendered page', () => {
  it('replaces the entry script and its preloads with the start script that names them', () => {
    const html = withAppStartAfterPaint(TEMPLATE);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).toContain(
      `<script type="module" crossorigin src="${APP_START_SCRIPT}" data-app-entry="/assets/index-abc.js" data-app-preload="/assets/react-def.js /assets/paths-ghi.js"></script>`,
    );
    // The stylesheet stays where it was: the page is styled at its first paint.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-jkl.css">');
    expect([...html.matchAll(/<script/g)]).toHaveLength(1);
  });

  it("names the files of the page's screen, which the start script preloads with the entry", () => {
    const html = withAppStartAfterPaint(TEMPLATE, ['/assets/home-page-mno.js', '/assets/card-"pqr.js']);
    expect(html).toContain(
      'data-app-preload="/assets/react-def.js /assets/paths-ghi.js" data-page-preload="/assets/home-page-mno.js /assets/card-&quot;pqr.js"></script>',
    );
    expect(withAppStartAfterPaint(TEMPLATE, [])).not.toContain('data-page-preload');
  });

  it('leaves a template without an entry script as it is', () => {
    const plain = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
    expect(withAppStartAfterPaint(plain)).toBe(plain);
  });
});

describe("the screen's files on a page rendered in the browser", () => {
  it('are preloaded with the entry, from the head', () => {
    const html = withPagePreloads(TEMPLATE, ['/assets/dashboard-page-stu.js', '/assets/skeleton-vwx.js']);
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-page-stu.js"><link rel="modulepreload" crossorigin href="/assets/skeleton-vwx.js"></head>',
    );
    // The entry and its own preloads stay as they are.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(withPagePreloads(TEMPLATE, [])).toBe(TEMPLATE);
  });
});
