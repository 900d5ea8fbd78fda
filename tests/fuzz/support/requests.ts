/**
 * Requests for one endpoint of the contract: its params, query and body generated from its zod
 * schemas, sent as they are (valid) or attacked (a mutated part, a hostile body, a garbage path
 * segment or query string), by a visitor, a buyer, a seller or an admin.
 */
import fc from 'fast-check';
import {
  API_BASE,
  type EndpointDefinition,
  pathParamNames,
  type UploadSpec,
} from '../../../shared/contract/endpoint.ts';
import {
  HOSTILE_BODIES,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_QUERIES,
  type Mutation,
  mutate,
  mutation,
} from './hostile.ts';
import { arbitraryOf, type Hints, jsonSchemaOf } from './json-schema-arbitrary.ts';

export const CALLERS = ['visitor', 'buyer', 'seller', 'admin'] as const;
/**
 * Who calls a seller-API endpoint: mostly the seller's software with its seller-API token, and a
 * visitor and the seller's session, which must be refused.
 */
export const SELLER_API_CALLERS = ['sellerApi', 'sellerApi', 'sellerApi', 'visitor', 'seller'] as const;
export type Caller = (typeof CALLERS)[number] | 'sellerApi';

type Part = 'params' | 'query' | 'body';

type Attack =
  | { kind: 'none' }
  | { kind: 'mutate'; part: Part; change: Mutation }
  | { kind: 'body'; index: number }
  | { kind: 'segment'; index: number; param: number }
  | { kind: 'query'; index: number };

export interface FuzzRequest {
  caller: Caller;
  /** What was done to the request, for the report: "valid", "body: replace", "path segment", … */
  attack: string;
  method: EndpointDefinition['method'];
  url: string;
  contentType?: string;
  /** Text, or the bytes of a multipart form. */
  payload?: string | Buffer;
}

export function requestArbitrary(endpoint: EndpointDefinition, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const parts = (['params', 'query', 'body'] as const).filter((part) => endpoint[part] !== undefined);
  const generated = (part: Part) => {
    const schema = endpoint[part];
    return schema ? arbitraryOf(jsonSchemaOf(schema), hints) : fc.constant(undefined);
  };
  const attacks: fc.WeightedArbitrary<Attack>[] = [
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('query' as const), index: fc.nat() }) },
  ];
  if (parts.length > 0) {
    attacks.push({
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('mutate' as const),
        part: fc.constantFrom(...parts),
        change: mutation,
      }),
    });
  }
  if (endpoint.method !== 'GET') {
    attacks.push({
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('body' as const), index: fc.nat() }),
    });
  }
  if (pathParamNames(endpoint.path).length > 0) {
    attacks.push({
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('segment' as const), index: fc.nat(), param: fc.nat() }),
    });
  }
  return fc
    .record({
      caller: fc.constantFrom<Caller>(...(endpoint.access === 'sellerApi' ? SELLER_API_CALLERS : CALLERS)),
      params: generated('params'),
      query: generated('query'),
      body: generated('body'),
      attack: fc.oneof(...attacks),
      form: fc.nat(),
    })
    .map(({ caller, attack, form, ...values }) => buildRequest(endpoint, caller, values, attack, form));
}

export function buildRequest(
  endpoint: EndpointDefinition,
  caller: Caller,
  values: Record<Part, unknown>,
  attack: Attack,
  form = 0,
): FuzzRequest {
  const sent = { ...values };
  if (attack.kind === 'mutate') sent[attack.part] = mutate(values[attack.part], attack.change);

  const names = pathParamNames(endpoint.path);
  const garbage =
    attack.kind === 'segment'
      ? { name: names[attack.param % names.length], raw: pick(HOSTILE_PATH_SEGMENTS, attack.index) }
      : undefined;
  const params = (sent.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_segment, name: string) =>
    name === garbage?.name ? garbage.raw : segmentOf(params[name]),
  );
  const query = [queryOf(sent.query), attack.kind === 'query' ? pick(HOSTILE_QUERIES, attack.index) : '']
    .filter(Boolean)
    .join('&');
  const request: FuzzRequest = {
    caller,
    attack: describe(attack),
    method: endpoint.method,
    url: `${API_BASE}${path}${query ? `?${query}` : ''}`,
  };
  if (attack.kind === 'body') {
    const body = pick(HOSTILE_BODIES, attack.index);
    return { ...request, payload: body.text, contentType: body.contentType ?? 'application/json' };
  }
  if (endpoint.upload && form % 4 !== 0) {
    return { ...request, ...multipartOf(endpoint.upload, sent.body, form) };
  }
  if (endpoint.body && sent.body !== undefined) {
    if (endpoint.bodyEncoding === 'form') {
      return { ...request, payload: formOf(sent.body), contentType: 'application/x-www-form-urlencoded' };
    }
    return { ...request, payload: JSON.stringify(sent.body), contentType: 'application/json' };
  }
  return request;
}

/** A generated body as application/x-www-form-urlencoded: each field as text (a mutated one too). */
function formOf(body: unknown): string {
  if (body === null || typeof body !== 'object') return String(body);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  return form.toString();
}

/** A 2×2 PNG: a real image for the upload endpoints. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWP4z8DwnwGM/zMwAAAf7gP9qS/A4gAAAABJRU5ErkJggg==',
  'base64',
);

interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/**
 * The files a generated form carries beside its JSON field: a real image, text named as a photo, an
 * empty file, a file in a field the endpoint does not read, or none.
 */
const FORM_FILES: readonly ((upload: UploadSpec) => FormPart[])[] = [
  (upload) => [{ name: upload.fileField, filename: 'photo.png', contentType: 'image/png', data: TINY_PNG }],
  (upload) => [
    {
      name: upload.fileField,
      filename: 'notes.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('not a photo'),
    },
  ],
  (upload) => [
    { name: upload.fileField, filename: 'empty.jpg', contentType: 'image/jpeg', data: Buffer.alloc(0) },
  ],
  () => [{ name: 'other', filename: 'photo.png', contentType: 'image/png', data: TINY_PNG }],
  () => [],
];

/**
 * A multipart form for an upload endpoint: the generated body as its JSON field (or text that is
 * not JSON), some files, and now and then a form cut off before its end.
 */
function multipartOf(
  upload: UploadSpec,
  body: unknown,
  form: number,
): { payload: Buffer; contentType: string } {
  const boundary = `fuzz${form}`;
  const json = form % 7 === 0 ? '{"not json' : JSON.stringify(body ?? {});
  const parts: FormPart[] = [
    ...(upload.jsonField ? [{ name: upload.jsonField, data: Buffer.from(json) }] : []),
    ...pick(FORM_FILES, form)(upload),
  ];
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${
        part.filename ? `; filename="${part.filename}"\r\nContent-Type: ${part.contentType}` : ''
      }\r\n\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
  if (form % 11 !== 0) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/**
 * A generated path value, URL-encoded; an empty one would change the route, so it becomes '-'. A lone
 * surrogate has no UTF-8 form, so no URL can carry it: it is sent as U+FFFD, as a browser would.
 */
function segmentOf(value: unknown): string {
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? '');
  return text === '' ? '-' : encodeURIComponent(wellFormed(text));
}

function wellFormed(text: string): string {
  let out = '';
  // Iterating by code point leaves a lone surrogate as a single unit of its own.
  for (const unit of text) out += unit.length === 1 && /[\uD800-\uDFFF]/.test(unit) ? '\uFFFD' : unit;
  return out;
}

function queryOf(query: unknown): string {
  if (query === null || typeof query !== 'object') return query === undefined ? '' : `value=${String(query)}`;
  const search = new URLSearchParams();
  const text = (value: unknown) =>
    typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, text(item));
  }
  return search.toString();
}

function describe(attack: Attack): string {
  switch (attack.kind) {
    case 'none':
      return 'valid';
    case 'mutate':
      return `${attack.part}: ${attack.change.kind}`;
    case 'body':
      return 'hostile body';
    case 'segment':
      return 'hostile path segment';
    case 'query':
      return 'hostile query';
  }
}
