import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  type EndpointDefinition,
  pathParamNames,
} from '../../shared/contract/endpoints.ts';
import { securityHeadersFor } from '../../src-server/http/framework-errors.ts';
import { escapeHtml } from '../../src-server/http/html.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/test-app.ts';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Json }>;
  requestBody?: { content: Record<string, { schema: Json; encoding?: Json }> };
  responses: Record<string, Json>;
  security?: Array<Record<string, string[]>>;
  'x-planned'?: boolean;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const DOCUMENT_URL = '/api/docs/openapi.json';
const PAGE_URL = '/api/docs';

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: DOCUMENT_URL })).json();
});
afterAll(() => t.close());

const operationOf = (endpoint: EndpointDefinition) =>
  document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as Operation;

/** Every `$ref` in a JSON value, with where it sits. */
function referencesIn(value: unknown, at = '#'): Array<{ at: string; ref: unknown }> {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' ? [{ at, ref: inner }] : referencesIn(inner, `${at}/${key}`),
  );
}

/** What a local JSON pointer names in the document, or undefined. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const token of ref.slice(2).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

describe('GET /api/docs/openapi.json', () => {
  it('answers the document with the security headers, a cache lifetime and an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: DOCUMENT_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers).toMatchObject(securityHeadersFor(TEST_ORIGIN));

    const again = await t.app.inject({
      method: 'GET',
      url: DOCUMENT_URL,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is an OpenAPI 3.1 document of the API under the public origin', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.servers).toEqual([{ url: `${TEST_ORIGIN}/api` }]);
    expect(Object.keys(document.paths).every((path) => path.startsWith('/'))).toBe(true);
  });

  it.each(ENDPOINT_NAMES)('describes %s at its method and path', (name) => {
    const endpoint = ENDPOINTS[name] as EndpointDefinition;
    const operation = operationOf(endpoint);
    expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
    expect(operation.operationId).toBe(name);
    expect(operation.summary).toBe(endpoint.summary);
    expect(operation.responses['200']).toBeDefined();
    expect(operation.security === undefined).toBe(endpoint.access === 'public');
    expect(operation['x-planned'] === true).toBe(endpoint.planned === true);
    for (const param of pathParamNames(endpoint.path)) {
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({ name: param, in: 'path', required: true }),
      );
    }
  });

  it('describes nothing beyond the contract', () => {
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationIds.sort()).toEqual([...ENDPOINT_NAMES].sort());
  });

  it('resolves every $ref to a component of the document', () => {
    const references = referencesIn(document);
    expect(references.length).toBeGreaterThan(0);
    const unresolved = references.filter(
      ({ ref }) => typeof ref !== 'string' || !ref.startsWith('#/components/') || resolve(ref) === undefined,
    );
    expect(unresolved).toEqual([]);
  });

  it('declares every tag and security scheme its operations use', () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const operation of Object.values(document.paths).flatMap((item) => Object.values(item))) {
      for (const tag of operation.tags) expect(tags).toContain(tag);
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement))
          expect(document.components.securitySchemes[scheme]).toBeDefined();
      }
    }
    expect(document.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('describes a multipart call by its JSON field and its files', () => {
    const [name, endpoint] = Object.entries(ENDPOINTS).find(([, e]) => (e as EndpointDefinition).upload) as [
      string,
      EndpointDefinition,
    ];
    const upload = endpoint.upload!;
    const form = operationOf(endpoint).requestBody?.content['multipart/form-data'];
    expect(form, name).toBeDefined();
    const properties = form!.schema.properties as Record<string, Json>;
    expect(properties[upload.fileField]).toMatchObject({ type: 'array', maxItems: upload.maxFiles });
    if (upload.jsonField) expect(properties[upload.jsonField]).toMatchObject({ type: 'object' });
    expect(form!.encoding).toMatchObject({ [upload.fileField]: { contentType: upload.accept.join(', ') } });
  });

  it('leaves a public call open and secures a seller call with the bearer token', () => {
    expect(operationOf(ENDPOINTS.health).security).toBeUndefined();
    expect(operationOf(ENDPOINTS.health).responses['503']).toEqual({
      description: 'Service Unavailable',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
    const seller = Object.values(ENDPOINTS).find((e) => (e as EndpointDefinition).access === 'seller')!;
    const operation = operationOf(seller as EndpointDefinition);
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(operation.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(operation.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
  });

  it('declares a path parameter with its schema', () => {
    const operation = operationOf(ENDPOINTS.stockImagesGet);
    expect(operation.parameters).toEqual([
      { name: 'upc', in: 'path', required: true, schema: expect.objectContaining({ type: 'string' }) },
    ]);
  });

  it('keeps the error envelope in the components', () => {
    expect(document.components.schemas.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'message'] } },
    });
  });
});

describe('GET /api/docs', () => {
  it('answers a readable page with the security headers and no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: PAGE_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toEqual(expect.any(String));
    expect(res.headers).toMatchObject(securityHeadersFor(TEST_ORIGIN));
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    expect(res.body).toContain(`href="${DOCUMENT_URL}"`);
  });

  it('lists every call with its method, path, summary (escaped) and who may call it', async () => {
    const page = (await t.app.inject({ method: 'GET', url: PAGE_URL })).body;
    for (const name of ENDPOINT_NAMES) {
      const endpoint = ENDPOINTS[name] as EndpointDefinition;
      const article = page.slice(page.indexOf(`<article class="operation" id="${name}">`));
      expect(article.length, name).toBeLessThan(page.length);
      const own = article.slice(0, article.indexOf('</article>'));
      expect(own).toContain(`>${endpoint.method}</span>`);
      expect(own).toContain(`<code class="path">${escapeHtml(endpoint.path)}</code>`);
      expect(own).toContain(`<p class="summary">${escapeHtml(endpoint.summary)}</p>`);
      expect(own).toContain('Who may call');
    }
  });

  it('serves its stylesheet from this origin, as the content security policy asks', async () => {
    const page = (await t.app.inject({ method: 'GET', url: PAGE_URL })).body;
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page)?.[1];
    expect(href).toBe('/api/docs/reference.css');
    const css = await t.app.inject({ method: 'GET', url: href! });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers).toMatchObject(securityHeadersFor(TEST_ORIGIN));
  });

  it('leaves other paths under /api/docs unknown', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
