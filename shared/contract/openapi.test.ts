import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { successSchema } from './common.ts';
import { defineEndpoint, ENDPOINT_NAMES, ENDPOINTS, type EndpointDefinition, moduleOf } from './endpoints.ts';
import { buildOpenApiDocument, resolvePointer, unresolvedReferences } from './openapi.ts';
import { jsonSchemaOf } from './openapi-operation.ts';
import type { OpenApiOperation, OpenApiResponse } from './openapi-types.ts';

const OPTIONS = { publicOrigin: 'https://ironsight.example/', version: '1.2.3' };

function operationOf(document: ReturnType<typeof buildOpenApiDocument>, endpoint: EndpointDefinition) {
  return document.paths[endpoint.path]?.[endpoint.method.toLowerCase() as 'get'] as OpenApiOperation;
}

describe('the OpenAPI document of the contract', () => {
  const document = buildOpenApiDocument(OPTIONS);

  it('is OpenAPI 3.1 under the public origin and the API base', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Ironsight API', version: '1.2.3' });
    expect(document.servers).toEqual([{ url: 'https://ironsight.example/api' }]);
  });

  it.each(ENDPOINT_NAMES)('describes %s at its method and path, tagged with its table', (name) => {
    const endpoint = ENDPOINTS[name] as EndpointDefinition;
    const operation = operationOf(document, endpoint);
    expect(operation?.operationId).toBe(name);
    expect(operation.summary).toBe(endpoint.summary);
    expect(operation.tags).toEqual([moduleOf(name)]);
    expect(operation['x-access']).toBe(endpoint.access);
    expect(operation.responses['200']).toBeDefined();
  });

  it('has one operation per endpoint and unique operation ids', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.sort()).toEqual([...ENDPOINT_NAMES].sort());
  });

  it('resolves every $ref inside the document', () => {
    expect(unresolvedReferences(document)).toEqual([]);
    expect(resolvePointer(document, '#/components/schemas/ErrorEnvelope')).toMatchObject({ type: 'object' });
  });

  it('finds references that point nowhere', () => {
    expect(
      unresolvedReferences({
        a: { $ref: '#/components/schemas/Missing' },
        b: [{ $ref: 'x' }],
        c: { $ref: '#' },
      }),
    ).toEqual(['#/components/schemas/Missing', 'x', '#']);
  });
});

describe('generating a document from tables', () => {
  const upload = defineEndpoint({
    method: 'POST',
    path: '/things/{id}/photos',
    summary: 'Add photos to a <thing>.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'params.id',
    params: z.object({ id: z.guid() }),
    body: z.object({ caption: z.string().max(10) }),
    response: successSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'files',
      minFiles: 1,
      maxFiles: 3,
      maxFileBytes: 1024 * 1024,
      accept: ['image/png'],
    },
    planned: true,
  });
  const search = defineEndpoint({
    method: 'GET',
    path: '/things',
    summary: 'Search things.',
    access: 'public',
    query: z.object({
      page: z.union([z.literal('').transform(() => undefined), z.string().transform(Number)]).optional(),
      q: z.string(),
    }),
    response: z.object({
      at: z.string().transform((value) => new Date(value)),
      bytes: z.instanceof(Uint8Array),
    }),
    rateLimited: true,
  });
  const document = buildOpenApiDocument(OPTIONS, { things: { upload, search } });
  const photos = document.paths['/things/{id}/photos']?.post as OpenApiOperation;
  const things = document.paths['/things']?.get as OpenApiOperation;

  it('describes a multipart call by its JSON field and its files', () => {
    const form = photos.requestBody?.content['multipart/form-data'];
    expect(form?.schema).toMatchObject({
      required: ['request', 'files'],
      properties: {
        request: { type: 'object', properties: { caption: { type: 'string', maxLength: 10 } } },
        files: { type: 'array', minItems: 1, maxItems: 3 },
      },
    });
    expect(form?.encoding).toEqual({
      files: { contentType: 'image/png' },
      request: { contentType: 'application/json' },
    });
  });

  it('declares path and query parameters, required as the schema says', () => {
    expect(photos.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string' }),
      }),
    ]);
    expect(things.parameters?.map(({ name, in: where, required }) => [name, where, required])).toEqual([
      ['page', 'query', false],
      ['q', 'query', true],
    ]);
  });

  it('secures non-public calls with the bearer scheme and leaves public calls open', () => {
    expect(photos.security).toEqual([{ bearerAuth: [] }]);
    expect(things.security).toBeUndefined();
    expect(document.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('lists the failures each call can meet, as references to the shared envelope', () => {
    expect(Object.keys(photos.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '500',
      '501',
    ]);
    expect(Object.keys(things.responses).sort()).toEqual(['200', '400', '429', '500']);
    expect(photos.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(unresolvedReferences(document)).toEqual([]);
  });

  it('marks a planned call', () => {
    expect(photos['x-planned']).toBe(true);
    expect(photos.description).toContain('501');
    expect(things['x-planned']).toBeUndefined();
  });

  it('writes what JSON Schema cannot say as "any value" and bytes as a binary string', () => {
    const answer = things.responses['200'] as OpenApiResponse;
    expect(answer.content?.['application/json']?.schema?.properties).toEqual({
      at: {},
      bytes: { type: 'string', contentMediaType: 'application/octet-stream' },
    });
  });

  it('hoists recursive schemas into the components', () => {
    const node: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    const tree = defineEndpoint({
      method: 'GET',
      path: '/tree',
      summary: 'A tree.',
      access: 'public',
      response: node,
    });
    const withTree = buildOpenApiDocument(OPTIONS, { tree: { tree } });
    expect(Object.keys(withTree.components.schemas).length).toBeGreaterThan(1);
    const answer = withTree.paths['/tree']?.get?.responses['200'] as { content: Record<string, unknown> };
    expect(answer.content['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/tree.response' },
    });
    expect(unresolvedReferences(withTree)).toEqual([]);
  });

  it('hoists named schemas into the components', () => {
    const point = z.object({ x: z.number() }).meta({ id: 'Point' });
    const line = defineEndpoint({
      method: 'GET',
      path: '/line',
      summary: 'A line.',
      access: 'public',
      response: z.object({ from: point, to: point }),
    });
    const withLine = buildOpenApiDocument(OPTIONS, { line: { line } });
    expect(withLine.components.schemas['line.response_Point']).toMatchObject({ type: 'object' });
    expect(unresolvedReferences(withLine)).toEqual([]);
  });

  it('describes requests as sent and answers as written', () => {
    const withDefault = z.object({ size: z.int().default(24) });
    expect(jsonSchemaOf(withDefault, 'input').required).toBeUndefined();
    expect(jsonSchemaOf(withDefault, 'output').required).toEqual(['size']);
  });
});
