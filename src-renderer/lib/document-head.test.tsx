import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_DESCRIPTION } from '../../shared/domain/metadata.ts';
import { type DocumentHead, useDocumentHead } from './document-head.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

function Head(props: DocumentHead) {
  useDocumentHead(props);
  return null;
}

/** What the server writes into a listing page's first load. */
const FIRST_LOAD = `
  <title>Glock 19 | Ironsight</title>
  <meta name="description" content="A listing">
  <meta name="keywords" content="glock, 9mm">
  <link rel="canonical" href="http://localhost:3000/abc/glock-19">
  <meta property="og:title" content="Glock 19 | Ironsight">
  <meta property="og:type" content="product">
  <script type="application/ld+json">{"@type":"Product"}</script>`;

const head = () => ({
  description: document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
  keywords: document.head.querySelector('meta[name="keywords"]')?.getAttribute('content') ?? null,
  canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  og: Object.fromEntries(
    [...document.head.querySelectorAll('meta[property^="og:"]')].map((meta) => [
      meta.getAttribute('property'),
      meta.getAttribute('content'),
    ]),
  ),
  jsonLd: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
    JSON.parse(script.textContent ?? ''),
  ),
});

/** What is left of the head on a page that gives nothing but its title: the site's description. */
const HEAD_OF_A_PAGE_THAT_GIVES_NONE = {
  description: SITE_DESCRIPTION,
  keywords: null,
  canonical: null,
  og: {},
  jsonLd: [],
};

describe('useDocumentHead', () => {
  it("removes the first load's Open Graph, keywords, JSON-LD and canonical when the page gives none, and gives the site's description", () => {
    document.head.innerHTML = FIRST_LOAD;
    render(<Head title="About us" />);
    expect(document.title).toBe('About us | Ironsight');
    expect(head()).toEqual(HEAD_OF_A_PAGE_THAT_GIVES_NONE);
  });

  it("replaces the first load's tags with the page's own", () => {
    document.head.innerHTML = FIRST_LOAD;
    render(
      <Head
        title="Search Guns for Sale"
        description="Guns for sale"
        canonical="http://localhost:3000/search"
        keywords="guns for sale"
        openGraph={{ type: 'website' }}
      />,
    );
    expect(head()).toEqual({
      description: 'Guns for sale',
      keywords: 'guns for sale',
      canonical: 'http://localhost:3000/search',
      og: {
        'og:title': 'Search Guns for Sale | Ironsight',
        'og:description': 'Guns for sale',
        'og:url': 'http://localhost:3000/search',
        'og:type': 'website',
      },
      jsonLd: [],
    });
  });

  it("leaves nothing of a page's head to the next page that gives none", () => {
    const view = render(
      <Head
        title="Glock"
        keywords="glock"
        description="Glock pistols"
        openGraph={{ type: 'product' }}
        jsonLd={[{ '@type': 'Product' }]}
      />,
    );
    expect(head().jsonLd).toEqual([{ '@type': 'Product' }]);
    view.rerender(<Head title="Glock" />);
    expect(head()).toEqual(HEAD_OF_A_PAGE_THAT_GIVES_NONE);
  });

  it('keeps a noindex only while its page is shown', () => {
    const view = render(<Head title="Gone" robots="noindex,nofollow" />);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex,nofollow',
    );
    view.rerender(<Head title="Back" />);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
