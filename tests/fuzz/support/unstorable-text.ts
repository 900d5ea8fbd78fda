/**
 * Requests that put text no database can store (an unpaired surrogate, a NUL) into each text field
 * of an endpoint in turn: every string its schemas describe, nested in objects, arrays and records,
 * in the params, the query and the body, the rest of the request generated as valid.
 */
import fc from 'fast-check';
import type { EndpointDefinition } from '../../../shared/contract/endpoint.ts';
import { arbitraryOf, type Hints, type JsonSchema, jsonSchemaOf } from './json-schema-arbitrary.ts';
import { buildRequest, type Caller, type FuzzRequest } from './requests.ts';

export const UNSTORABLE_TEXTS = { 'unpaired surrogate': 'x\ud800y', NUL: 'x\u0000y' } as const;

type Part = 'params' | 'query' | 'body';
type Path = (string | number)[];

/** A record's key no schema names: the text goes into a value under it. */
const ANY_KEY = 'field';
/** How deep a schema is followed (recursive schemas end here). */
const MAX_DEPTH = 6;

/** The path of every string the schema describes; each alternative of a union counts. */
export function textFieldPaths(schema: JsonSchema, depth = 0): Path[] {
  if (depth > MAX_DEPTH) return [];
  const choices = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const paths: Path[] = choices.flatMap((choice) => textFieldPaths(choice, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string') && schema.const === undefined) paths.push([]);
  if (types.includes('array') && schema.items) {
    paths.push(...textFieldPaths(schema.items, depth + 1).map((path) => [0, ...path]));
  }
  if (types.includes('object') || schema.properties) {
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      paths.push(...textFieldPaths(property, depth + 1).map((path) => [key, ...path]));
    }
    if (typeof schema.additionalProperties === 'object') {
      paths.push(...textFieldPaths(schema.additionalProperties, depth + 1).map((path) => [ANY_KEY, ...path]));
    }
  }
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `value` with `text` at `path`, the objects and arrays on the way made as needed. */
function withTextAt(value: unknown, path: Path, text: string): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return text;
  if (typeof step === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[step] = withTextAt(list[step], rest, text);
    return list;
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (object as Record<string, unknown>)[step] = withTextAt(
    (object as Record<string, unknown>)[step],
    rest,
    text,
  );
  return object;
}

/** Who sends them: a caller the endpoint lets through, so the text reaches its parsing. */
function callerFor(endpoint: EndpointDefinition): Caller {
  switch (endpoint.access) {
    case 'admin':
      return 'admin';
    case 'seller':
      return 'seller';
    case 'sellerApi':
      return 'sellerApi';
    default:
      return 'buyer';
  }
}

/** A multipart form with the JSON field and no files, whole (see `multipartOf`). */
const WHOLE_FORM_WITHOUT_FILES = 9;

export interface UnstorableTextRequest {
  field: string;
  text: keyof typeof UNSTORABLE_TEXTS;
  request: FuzzRequest;
}

export function unstorableTextRequests(
  endpoint: EndpointDefinition,
  hints: Hints,
  seed: number,
): UnstorableTextRequest[] {
  const parts = (['params', 'query', 'body'] as const).filter((part) => endpoint[part] !== undefined);
  const schemas = Object.fromEntries(
    parts.map((part) => [part, jsonSchemaOf(endpoint[part] as NonNullable<EndpointDefinition[Part]>)]),
  ) as Partial<Record<Part, JsonSchema>>;
  const valid = Object.fromEntries(
    parts.map((part) => [part, fc.sample(arbitraryOf(schemas[part] ?? {}, hints), { seed, numRuns: 1 })[0]]),
  ) as Record<Part, unknown>;
  const requests: UnstorableTextRequest[] = [];
  for (const part of parts) {
    for (const path of textFieldPaths(schemas[part] ?? {})) {
      for (const [name, text] of Object.entries(UNSTORABLE_TEXTS)) {
        const values = { ...valid, [part]: withTextAt(valid[part], path, text) };
        requests.push({
          field: [part, ...path].join('.'),
          text: name as keyof typeof UNSTORABLE_TEXTS,
          request: {
            ...buildRequest(
              endpoint,
              callerFor(endpoint),
              values,
              { kind: 'none' },
              WHOLE_FORM_WITHOUT_FILES,
            ),
            attack: `${name} in ${[part, ...path].join('.')}`,
          },
        });
      }
    }
  }
  return requests;
}
