import type { FastifyReply, FastifyRequest } from 'fastify';
import packageJson from '../../../package.json' with { type: 'json' };
import { API_BASE } from '../../../shared/contract/endpoints.ts';
import { buildOpenApiDocument, unresolvedReferences } from '../../../shared/contract/openapi.ts';
import { etagOf, matchesIfNoneMatch } from '../../http/shared-cache.ts';
import type { ModuleContext } from '../../module-context.ts';
import { REFERENCE_STYLESHEET, renderReferencePage } from './reference-page.ts';

/** Where the API reference lives: the OpenAPI document, its readable page and the page's stylesheet. */
export const API_DOCS_PATHS = {
  document: `${API_BASE}/docs/openapi.json`,
  page: `${API_BASE}/docs`,
  stylesheet: `${API_BASE}/docs/reference.css`,
} as const;

/** The reference changes only with a release, so browsers and proxies may keep it a few minutes. */
const DOCS_CACHE_CONTROL = 'public, max-age=300';

interface FixedAnswer {
  type: string;
  body: string;
  etag: string;
}

const fixed = (type: string, body: string): FixedAnswer => ({ type, body, etag: etagOf(body) });

function send(request: FastifyRequest, reply: FastifyReply, answer: FixedAnswer) {
  reply.header('etag', answer.etag).header('cache-control', DOCS_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type(answer.type).send(answer.body);
}

/**
 * The API reference, generated from the contract once when the server starts: the OpenAPI 3.1
 * document and a readable page of it. A contract the generator cannot describe fails the start.
 */
export function registerDocsModule({ app, config }: ModuleContext): void {
  const document = buildOpenApiDocument({ publicOrigin: config.publicOrigin, version: packageJson.version });
  const unresolved = unresolvedReferences(document);
  if (unresolved.length > 0)
    throw new Error(`OpenAPI references that point nowhere: ${unresolved.join(', ')}`);

  const answers = {
    document: fixed('application/json; charset=utf-8', JSON.stringify(document)),
    page: fixed(
      'text/html; charset=utf-8',
      renderReferencePage(document, {
        document: API_DOCS_PATHS.document,
        stylesheet: API_DOCS_PATHS.stylesheet,
      }),
    ),
    stylesheet: fixed('text/css; charset=utf-8', REFERENCE_STYLESHEET),
  };
  for (const key of ['document', 'page', 'stylesheet'] as const) {
    app.get(API_DOCS_PATHS[key], (request, reply) => send(request, reply, answers[key]));
  }
}
