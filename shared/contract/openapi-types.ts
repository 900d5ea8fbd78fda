/** The shapes of the OpenAPI 3.1 document the contract generates (openapi.ts). */
import type { Access, OwnedResource } from './endpoint.ts';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiMediaType {
  schema?: JsonSchema;
  encoding?: Record<string, { contentType: string }>;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMediaType>;
}

export type OpenApiReference = { $ref: string };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse | OpenApiReference>;
  security?: Array<Record<string, string[]>>;
  /** Who may call: the contract's access level. */
  'x-access': Access;
  /** The record a caller must own (an admin passes), when the call acts on one. */
  'x-owner'?: OwnedResource;
  /** Not built yet: the server answers 501 `not_implemented` once access is checked. */
  'x-planned'?: true;
}

export type OpenApiPathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}

export interface OpenApiOptions {
  /** The site's public origin (`https://ironsight.example`); the API is served under it at `/api`. */
  publicOrigin: string;
  /** The API's version (the product's release). */
  version: string;
}
