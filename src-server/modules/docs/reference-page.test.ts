import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../../shared/contract/endpoint.ts';
import { buildOpenApiDocument } from '../../../shared/contract/openapi.ts';
import { proseHtml, renderReferencePage, typeSummary } from './reference-page.ts';

const LINKS = { document: '/api/docs/openapi.json', stylesheet: '/api/docs/reference.css' };

describe('the API reference page', () => {
  const hostile = defineEndpoint({
    method: 'GET',
    path: '/things/{id}',
    summary: '<script>alert("x")</script> & <b>bold</b>',
    access: 'seller',
    owner: 'listing',
    params: z.object({ id: z.string() }),
    query: z.object({ '"><img src=x onerror=alert(1)>': z.string().optional() }),
    response: z.object({ ok: z.boolean() }),
    planned: true,
  });
  const page = renderReferencePage(
    buildOpenApiDocument({ publicOrigin: 'https://a.test', version: '1.0.0' }, { 'x<y': { hostile } }),
    LINKS,
  );

  it('escapes every text it writes', () => {
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(page).toContain('<code>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</code>');
    expect(page).toContain('<section id="tag-x&lt;y"><h2>x&lt;y</h2>');
    expect(page).not.toMatch(/<script|<img|<b>/);
  });

  it('says who may call, what the call takes and that it is not built yet', () => {
    expect(page).toContain('Sellers (BasicSeller, TrustedSeller, PlatinumSeller) and admins.');
    expect(page).toContain('Only the seller of the listing');
    expect(page).toContain('<span class="planned">planned</span>');
    expect(page).toContain('<td><code>id</code></td><td>path</td><td>yes</td><td>string</td>');
    expect(page).toContain('<span class="status">401</span>');
  });
});

describe('a multipart call on the page', () => {
  const upload = defineEndpoint({
    method: 'POST',
    path: '/photos',
    summary: 'Add photos.',
    access: 'user',
    body: z.object({ caption: z.string() }),
    response: z.object({ ok: z.boolean() }),
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'files',
      minFiles: 1,
      maxFiles: 2,
      maxFileBytes: 1024 * 1024,
      accept: ['image/png'],
    },
  });
  const page = renderReferencePage(
    buildOpenApiDocument({ publicOrigin: 'https://a.test', version: '1.0.0' }, { photos: { upload } }),
    LINKS,
  );

  it('lists the form fields, the file limits and the fields of the JSON field', () => {
    expect(page).toContain('<caption>Body (multipart/form-data)</caption>');
    expect(page).toContain(
      '<td><code>files</code></td><td>yes</td><td>array of string: Up to 2 file(s) of at most 1 MB each: image/png.</td>',
    );
    expect(page).toContain('<caption>Fields of the request field (JSON)</caption>');
    expect(page).toContain('<td><code>caption</code></td><td>yes</td><td>string</td>');
  });
});

describe('document prose on the page', () => {
  it('sets code spans as code, after escaping', () => {
    expect(proseHtml('Send `<b>` & wait')).toBe('Send <code>&lt;b&gt;</code> &amp; wait');
  });
});

describe('a schema type in a few words', () => {
  it.each([
    [{ type: 'string', format: 'uuid' }, 'string (uuid)'],
    [{ type: 'array', items: { type: 'integer' } }, 'array of integer'],
    [{ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'string' }] }, 'string or number'],
    [{ enum: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'one of: 1, 2, 3, 4, 5, 6, 7, 8, …'],
    [{ const: 'ok' }, '"ok"'],
    [{}, 'any'],
  ])('%j reads %s', (schema, words) => {
    expect(typeSummary(schema)).toBe(words);
  });
});
