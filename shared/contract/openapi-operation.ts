/**
 * One operation of the OpenAPI document from one endpoint of the contract: its parameters, body and
 * answers written as JSON Schema by zod, the failures its shape can meet, and who may call it.
 */
import { z } from 'zod';
import { errorEnvelopeSchema } from './common.ts';
import {
  type Access,
  type EndpointDefinition,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_LIFETIME_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  type OwnedResource,
  pathParamNames,
  type UploadSpec,
} from './endpoint.ts';
import type {
  JsonSchema,
  OpenApiMediaType,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiReference,
  OpenApiResponse,
} from './openapi-types.ts';
import { oauthErrorSchema } from './seller-api.ts';

/** Who may call, in words, by access level. */
export const ACCESS_DESCRIPTIONS: Readonly<Record<Access, string>> = {
  public: 'Anyone (a bearer token, when sent, is still read).',
  user: 'Any signed-in account.',
  seller: 'Sellers (BasicSeller, TrustedSeller, PlatinumSeller) and admins.',
  admin: 'Admins only.',
  sellerApi:
    'A dealer’s own software, with a seller-API access token from `POST /oauth/token` (a session token is refused); it acts on the credential owner’s own listings only, another seller’s answering 404.',
};

export const OWNER_DESCRIPTIONS: Readonly<Record<OwnedResource, string>> = {
  listing: 'Only the seller of the listing (or an admin); another seller’s listing answers 404.',
  listingImage: 'Only the seller of the image’s listing (or an admin); another seller’s image answers 404.',
  message: 'Only a party to the message (or an admin); anyone else’s answers 404.',
  savedSearch: 'Only the owner of the saved search (or an admin); anyone else’s answers 404.',
  clientCredential: 'Only the owner of the credential (or an admin); anyone else’s answers 404.',
  distributorFeed: 'Only the owner of the feed (or an admin); anyone else’s answers 404.',
  bulkUpload: 'Only the seller who uploaded it (or an admin); anyone else’s answers 404.',
  account: 'A user id in the request must be the caller’s own (an admin passes), else 403.',
};

export const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';
export const BEARER_SCHEME = 'bearerAuth';
export const SELLER_API_SCHEME = 'sellerApiToken';

/** The failures many calls share, by status: each a named response of `components.responses`. */
export const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description:
      'The request is not valid (`bad_request`, or `validation_failed` with `fields` naming each invalid field).',
  },
  401: { name: 'Unauthorized', description: 'No valid bearer token was sent (`unauthorized`).' },
  403: { name: 'Forbidden', description: 'The caller may not make this call (`forbidden`).' },
  404: { name: 'NotFound', description: 'No such record, or not the caller’s own (`not_found`).' },
  409: {
    name: 'Conflict',
    description:
      'The call conflicts with the record’s state, or a request with the same `Idempotency-Key` is still in progress (`conflict`).',
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The request or one of its files is too large (`payload_too_large`).',
  },
  422: {
    name: 'IdempotencyKeyReused',
    description: 'The `Idempotency-Key` was already used for a different request (`idempotency_key_reused`).',
  },
  429: { name: 'TooManyRequests', description: 'Too many requests from this address; try again later.' },
  500: { name: 'InternalError', description: 'Something went wrong on the server (`internal`).' },
  501: { name: 'NotImplemented', description: 'The call is planned but not built yet (`not_implemented`).' },
} as const satisfies Record<number, { name: string; description: string }>;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Content',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/**
 * A zod schema as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). Requests are described
 * by what a client sends (`input`: before defaults and coercions), answers by what the server
 * writes (`output`). What JSON Schema cannot say (a transform's result) becomes "any value";
 * custom types (bytes) become binary strings.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'custom') {
        jsonSchema.type = 'string';
        jsonSchema.contentMediaType = 'application/octet-stream';
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * Moves a schema's references into `components.schemas` under a prefix, so every `$ref` resolves
 * inside the whole document: its local definitions (`$defs`, written for named or reused schemas)
 * and, for a schema that refers to itself (`#`), the schema itself.
 */
function hoistDefinitions(
  schema: JsonSchema,
  prefix: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const { $defs, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const nameOf = (key: string) => key.replace(/[^A-Za-z0-9._-]/g, '_');
  const refersToRoot = JSON.stringify(rest).includes('"$ref":"#"');
  if (!$defs && !refersToRoot) return schema;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        if (key !== '$ref' || typeof inner !== 'string') return [key, rewrite(inner)];
        if (inner === '#') return [key, `#/components/schemas/${nameOf(prefix)}`];
        if (inner.startsWith('#/$defs/')) {
          return [key, `#/components/schemas/${nameOf(`${prefix}_${inner.slice('#/$defs/'.length)}`)}`];
        }
        return [key, inner];
      }),
    );
  };
  for (const [key, definition] of Object.entries($defs ?? {})) {
    components[nameOf(`${prefix}_${key}`)] = rewrite(definition) as JsonSchema;
  }
  if (!refersToRoot) return rewrite(rest) as JsonSchema;
  components[nameOf(prefix)] = rewrite(rest) as JsonSchema;
  return { $ref: `#/components/schemas/${nameOf(prefix)}` };
}

function parametersOf(
  endpoint: EndpointDefinition,
  schemaOf: (schema: z.ZodType, part: string) => JsonSchema,
): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = [];
  const add = (schema: z.ZodType | undefined, location: 'path' | 'query') => {
    if (!schema) return;
    const json = schemaOf(schema, location);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...propertySchema } = property;
      parameters.push({
        name,
        in: location,
        required: location === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: propertySchema,
      });
    }
  };
  add(endpoint.params, 'path');
  // A `{name}` of the path that the table gives no schema is still a required text parameter.
  for (const name of pathParamNames(endpoint.path)) {
    if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  add(endpoint.query, 'query');
  if (endpoint.idempotencyHeader) {
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description:
        `A key the client picks for one request (a UUID, say): a signed-in caller's repeat with the same key and ` +
        `the same request answers the first successful answer again, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, ` +
        'without acting twice; the same key with another request answers 422, and 409 while the first is in ' +
        `progress. A failed request may be retried with its key. Keys are kept ${IDEMPOTENCY_KEY_LIFETIME_HOURS} hours, per account and call.`,
      schema: { type: 'string', minLength: 8, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' },
    });
  }
  return parameters;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

function multipartBody(upload: UploadSpec, body: JsonSchema | undefined): OpenApiMediaType {
  const files: JsonSchema = {
    type: 'array',
    description: `Up to ${upload.maxFiles} file(s) of at most ${megabytes(upload.maxFileBytes)} each: ${upload.accept.join(', ')}.`,
    items: { type: 'string', contentMediaType: 'application/octet-stream' },
    minItems: upload.minFiles,
    maxItems: upload.maxFiles,
  };
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const encoding: Record<string, { contentType: string }> = {
    [upload.fileField]: { contentType: upload.accept.join(', ') },
  };
  if (upload.jsonField) {
    properties[upload.jsonField] = body ?? { type: 'object' };
    required.push(upload.jsonField);
    encoding[upload.jsonField] = { contentType: 'application/json' };
  }
  properties[upload.fileField] = files;
  if (upload.minFiles > 0) required.push(upload.fileField);
  return { schema: { type: 'object', properties, required }, encoding };
}

/** The failure statuses a call can meet by its shape: input to check, access, ownership, limits. */
function errorStatusesOf(endpoint: EndpointDefinition): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  const hasInput = Boolean(endpoint.params || endpoint.query || endpoint.body || endpoint.multipart);
  if (hasInput) statuses.push(400);
  if (endpoint.access !== 'public' || endpoint.errorFormat === 'oauth2') statuses.push(401);
  if (
    endpoint.access === 'seller' ||
    endpoint.access === 'admin' ||
    endpoint.access === 'sellerApi' ||
    endpoint.owner === 'account'
  )
    statuses.push(403);
  if (endpoint.params || (endpoint.owner && endpoint.owner !== 'account')) statuses.push(404);
  if (endpoint.idempotencyHeader) statuses.push(409);
  if (endpoint.multipart || endpoint.maxBodyBytes) statuses.push(413);
  if (endpoint.idempotencyHeader) statuses.push(422);
  if (endpoint.rateLimited) statuses.push(429);
  statuses.push(500);
  if (endpoint.planned) statuses.push(501);
  return statuses;
}

function descriptionOf(endpoint: EndpointDefinition): string {
  const lines = [`**Who may call:** ${ACCESS_DESCRIPTIONS[endpoint.access]}`];
  if (endpoint.owner) lines.push(`**Ownership:** ${OWNER_DESCRIPTIONS[endpoint.owner]}`);
  if (endpoint.scope) lines.push(`**Scope:** the token must have been granted \`${endpoint.scope}\`.`);
  if (endpoint.errorFormat === 'oauth2') {
    lines.push(
      '**Client authentication:** HTTP Basic with the client id and secret, or `client_id` and `client_secret` in the form body (not both). ' +
        'Failures answer `{ "error", "error_description" }` as RFC 6749 §5.2 writes them; the answer is never cached.',
    );
  }
  if (endpoint.maxBodyBytes) lines.push(`**Body:** at most ${megabytes(endpoint.maxBodyBytes)}.`);
  if (endpoint.rateLimited) lines.push('**Rate limited** per client address.');
  if (endpoint.idempotencyHeader) {
    lines.push(`**Idempotent retries:** send an \`${IDEMPOTENCY_KEY_HEADER}\` header to make a retry safe.`);
  }
  if (endpoint.specPath) lines.push(`Written \`${endpoint.specPath}\` in the specification.`);
  if (endpoint.planned)
    lines.push('**Planned:** the server answers 501 `not_implemented` until this call is built.');
  return lines.join('\n\n');
}

export function operationOf(
  name: string,
  tag: string,
  endpoint: EndpointDefinition,
  components: Record<string, JsonSchema>,
): OpenApiOperation {
  const schemaOf = (schema: z.ZodType, part: string, io: 'input' | 'output' = 'input') =>
    hoistDefinitions(jsonSchemaOf(schema, io), `${name}.${part}`, components);

  const responses: Record<string, OpenApiResponse | OpenApiReference> = {
    200: {
      description: STATUS_TEXT[200] ?? 'OK',
      content:
        endpoint.produces === 'image'
          ? { 'image/*': { schema: schemaOf(endpoint.response, 'response', 'output') } }
          : endpoint.produces === 'csv'
            ? { 'text/csv': { schema: schemaOf(endpoint.response, 'response', 'output') } }
            : endpoint.produces === 'file'
              ? { 'application/octet-stream': { schema: schemaOf(endpoint.response, 'response', 'output') } }
              : endpoint.produces === 'events'
                ? { 'text/event-stream': { schema: schemaOf(endpoint.response, 'response', 'output') } }
                : { 'application/json': { schema: schemaOf(endpoint.response, 'response', 'output') } },
    },
  };
  for (const status of errorStatusesOf(endpoint)) {
    // An OAuth endpoint answers its failures in the body of RFC 6749 §5.2, not the envelope.
    responses[status] =
      endpoint.errorFormat === 'oauth2'
        ? {
            description: STATUS_TEXT[status] ?? `Status ${status}`,
            content: { 'application/json': { schema: schemaOf(oauthErrorSchema, 'error', 'output') } },
          }
        : { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  for (const [status, schema] of Object.entries(endpoint.responses ?? {})) {
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? `Status ${status}`,
      content: {
        'application/json': {
          schema:
            schema === errorEnvelopeSchema
              ? { $ref: ERROR_ENVELOPE_REF }
              : schemaOf(schema, status, 'output'),
        },
      },
    };
  }

  const parameters = parametersOf(endpoint, schemaOf);
  const body = endpoint.body ? schemaOf(endpoint.body, 'body') : undefined;
  let requestBody: OpenApiOperation['requestBody'];
  if (endpoint.multipart && endpoint.upload) {
    requestBody = {
      required: true,
      content: { 'multipart/form-data': multipartBody(endpoint.upload, body) },
    };
  } else if (endpoint.body && body) {
    // A body the server reads as `{}` when left out is optional.
    const mediaType =
      endpoint.bodyEncoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    requestBody = {
      required: !endpoint.body.safeParse({}).success,
      content: { [mediaType]: { schema: body } },
    };
  }

  return {
    operationId: name,
    summary: endpoint.summary,
    description: descriptionOf(endpoint),
    tags: [tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(endpoint.access === 'public'
      ? {}
      : endpoint.access === 'sellerApi'
        ? { security: [{ [SELLER_API_SCHEME]: endpoint.scope ? [endpoint.scope] : [] }] }
        : { security: [{ [BEARER_SCHEME]: [] }] }),
    'x-access': endpoint.access,
    ...(endpoint.owner ? { 'x-owner': endpoint.owner } : {}),
    ...(endpoint.planned ? { 'x-planned': true as const } : {}),
  };
}
