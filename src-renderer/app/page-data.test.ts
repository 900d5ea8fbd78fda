import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '../../shared/server-render.ts';
import { deliveredQueries, pageDataElement, readPageData } from './page-data.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const hostile = '</script><script>alert(1)</script><!-- \u2028 & "quoted"';

describe('the page data block', () => {
  it('cannot be broken out of by the text it carries, and reads back the same', () => {
    const data = {
      queries: { mutations: [], queries: [] },
      router: { loaderData: { page: { title: hostile } }, actionData: null },
    };
    const element = pageDataElement(data);
    const inside = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(inside).not.toMatch(/<\/script|<!--|<|>/i);
    expect(element.startsWith(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`)).toBe(true);

    document.body.innerHTML = `<div id="root"></div>${element}`;
    expect(document.scripts).toHaveLength(1);
    expect(readPageData(document)).toEqual(data);
  });

  it('is absent from a page rendered in the browser, and a damaged one is ignored', () => {
    expect(readPageData(document)).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{not json</script>`;
    expect(readPageData(document)).toBeNull();
  });
});

describe('the answers a page was delivered with', () => {
  it('count as fresh from the time the page arrived, whatever time the server kept them from', () => {
    const queries = {
      mutations: [],
      queries: [
        {
          queryKey: ['brands', 'ar15'],
          queryHash: '["brands","ar15"]',
          state: { data: { slug: 'ar15' }, dataUpdatedAt: 1_000, status: 'success' },
        },
      ],
    } as unknown as Parameters<typeof deliveredQueries>[0];
    const delivered = deliveredQueries(queries, 5_000_000);
    expect(delivered.queries[0]?.state).toMatchObject({ data: { slug: 'ar15' }, dataUpdatedAt: 5_000_000 });
    expect(queries.queries[0]?.state.dataUpdatedAt).toBe(1_000);
  });
});
