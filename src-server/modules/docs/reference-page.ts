/**
 * The API reference as one HTML page, written from the OpenAPI document: the calls grouped by
 * resource, each with its method, path, summary, who may call it, its parameters, body and
 * answers. No script and no external asset; the look comes from a stylesheet of this server.
 */

import { resolvePointer } from '../../../shared/contract/openapi.ts';
import { ACCESS_DESCRIPTIONS, OWNER_DESCRIPTIONS } from '../../../shared/contract/openapi-operation.ts';
import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiOperation,
  OpenApiReference,
  OpenApiResponse,
} from '../../../shared/contract/openapi-types.ts';
import { escapeHtml } from '../../http/html.ts';

export interface ReferencePageLinks {
  /** The OpenAPI document the page is written from. */
  document: string;
  stylesheet: string;
}

const ENUM_SHOWN = 8;

/** A schema's type in a few words: `string (uuid)`, `one of: a, b`, `integer or string`. */
export function typeSummary(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'object';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.slice(0, ENUM_SHOWN).map((value) => JSON.stringify(value));
    return `one of: ${values.join(', ')}${schema.enum.length > ENUM_SHOWN ? ', …' : ''}`;
  }
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return [...new Set(choices.map(typeSummary))].join(' or ');
  if (schema.type === 'array') return `array of ${typeSummary(schema.items as JsonSchema | undefined)}`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(' or ')
    : typeof schema.type === 'string'
      ? schema.type
      : 'any';
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}

/** Text of the document as HTML: escaped, with its `code` spans set as code. */
export function proseHtml(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

interface FieldRow {
  name: string;
  where?: string;
  required: boolean;
  type: string;
}

function fieldsTable(caption: string, rows: readonly FieldRow[]): string {
  const withWhere = rows.some((row) => row.where);
  const head = `<tr><th scope="col">Name</th>${withWhere ? '<th scope="col">In</th>' : ''}<th scope="col">Required</th><th scope="col">Type</th></tr>`;
  const body = rows
    .map(
      (row) =>
        `<tr><td><code>${escapeHtml(row.name)}</code></td>${withWhere ? `<td>${escapeHtml(row.where ?? '')}</td>` : ''}` +
        `<td>${row.required ? 'yes' : 'no'}</td><td>${escapeHtml(row.type)}</td></tr>`,
    )
    .join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

function objectFields(schema: JsonSchema | undefined): FieldRow[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    required: required.has(name),
    type:
      typeof property.description === 'string'
        ? `${typeSummary(property)}: ${property.description}`
        : typeSummary(property),
  }));
}

function requestBodyHtml(operation: OpenApiOperation): string {
  const body = operation.requestBody;
  if (!body) return '';
  return Object.entries(body.content)
    .map(([mediaType, media]) => {
      const caption = `Body (${mediaType}${body.required ? '' : ', optional'})`;
      const rows = objectFields(media.schema);
      if (rows.length === 0) return `<p>${escapeHtml(caption)}: ${escapeHtml(typeSummary(media.schema))}</p>`;
      // A multipart form's JSON field is a request of its own: its fields follow the form's.
      const jsonFields = Object.entries(media.encoding ?? {})
        .filter(([, encoding]) => encoding.contentType === 'application/json')
        .map(([field]) => {
          const fields = objectFields(
            (media.schema?.properties as Record<string, JsonSchema> | undefined)?.[field],
          );
          return fields.length > 0 ? fieldsTable(`Fields of the ${field} field (JSON)`, fields) : '';
        });
      return fieldsTable(caption, rows) + jsonFields.join('');
    })
    .join('');
}

function responsesHtml(document: OpenApiDocument, operation: OpenApiOperation): string {
  const items = Object.entries(operation.responses).map(([status, answer]) => {
    const response = (
      '$ref' in answer ? resolvePointer(document, (answer as OpenApiReference).$ref) : answer
    ) as OpenApiResponse | undefined;
    return `<li><span class="status">${escapeHtml(status)}</span> ${proseHtml(response?.description ?? '')}</li>`;
  });
  return `<h4>Answers</h4><ul class="responses">${items.join('')}</ul>`;
}

function operationHtml(
  document: OpenApiDocument,
  path: string,
  method: string,
  operation: OpenApiOperation,
): string {
  const parameters = operation.parameters ?? [];
  const facts = [`<dt>Who may call</dt><dd>${escapeHtml(ACCESS_DESCRIPTIONS[operation['x-access']])}</dd>`];
  if (operation['x-owner'])
    facts.push(`<dt>Ownership</dt><dd>${escapeHtml(OWNER_DESCRIPTIONS[operation['x-owner']])}</dd>`);
  if (operation.security) facts.push('<dt>Authentication</dt><dd>Bearer token (JWT)</dd>');
  return [
    `<article class="operation" id="${escapeHtml(operation.operationId)}">`,
    `<h3><span class="method method-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> `,
    `<code class="path">${escapeHtml(path)}</code>`,
    operation['x-planned'] ? ' <span class="planned">planned</span>' : '',
    '</h3>',
    `<p class="summary">${escapeHtml(operation.summary)}</p>`,
    operation['x-planned'] ? '<p class="note">Not built yet: the server answers 501 until it is.</p>' : '',
    `<dl>${facts.join('')}<dt>Operation id</dt><dd><code>${escapeHtml(operation.operationId)}</code></dd></dl>`,
    parameters.length > 0
      ? fieldsTable(
          'Parameters',
          parameters.map((parameter) => ({
            name: parameter.name,
            where: parameter.in,
            required: parameter.required,
            type: typeSummary(parameter.schema),
          })),
        )
      : '',
    requestBodyHtml(operation),
    responsesHtml(document, operation),
    '</article>',
  ].join('');
}

/** The whole page. */
export function renderReferencePage(document: OpenApiDocument, links: ReferencePageLinks): string {
  const byTag = new Map<string, string[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, OpenApiOperation][]) {
      for (const tag of operation.tags)
        byTag.get(tag)?.push(operationHtml(document, path, method, operation));
    }
  }
  const sections = document.tags
    .filter((tag) => (byTag.get(tag.name)?.length ?? 0) > 0)
    .map(
      (tag) =>
        `<section id="tag-${escapeHtml(tag.name)}"><h2>${escapeHtml(tag.name)}</h2>` +
        `<p>${escapeHtml(tag.description)}</p>${byTag.get(tag.name)?.join('') ?? ''}</section>`,
    );
  const toc = document.tags
    .filter((tag) => (byTag.get(tag.name)?.length ?? 0) > 0)
    .map(
      (tag) =>
        `<li><a href="#tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</a> (${byTag.get(tag.name)?.length ?? 0})</li>`,
    )
    .join('');
  const title = `${document.info.title} reference`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="stylesheet" href="${escapeHtml(links.stylesheet)}">`,
    '</head><body>',
    `<header><h1>${escapeHtml(title)}</h1>`,
    `<p>Version ${escapeHtml(document.info.version)}. Every path below is under <code>${escapeHtml(document.servers[0]?.url ?? '')}</code>. `,
    `Machine-readable: <a href="${escapeHtml(links.document)}">the OpenAPI 3.1 document (JSON)</a>.</p>`,
    ...document.info.description.split('\n\n').map((paragraph) => `<p>${proseHtml(paragraph)}</p>`),
    '</header>',
    `<nav aria-label="Resources"><ul>${toc}</ul></nav>`,
    `<main>${sections.join('')}</main>`,
    '</body></html>',
  ].join('');
}

/** The page's look: plain, readable, printable. */
export const REFERENCE_STYLESHEET = `
:root { color-scheme: light dark; --muted: light-dark(#555, #aaa); --line: #8888; }
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem; }
code { font-family: ui-monospace, monospace; font-size: 0.95em; }
nav ul { columns: 3 12rem; padding-left: 1.2rem; }
section { border-top: 2px solid var(--line); margin-top: 2rem; }
.operation { border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 1rem; margin: 1rem 0; }
.operation h3 { font-size: 1.05rem; margin: 0.5rem 0; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4.5rem; font-family: ui-monospace, monospace; }
.method-get { color: light-dark(#0a6b2d, #7ad79b); }
.method-post { color: light-dark(#0b4fa8, #8ab8f5); }
.method-put, .method-patch { color: light-dark(#8a5a00, #f0c060); }
.method-delete { color: light-dark(#a51d1d, #f59a9a); }
.planned, .status { font-family: ui-monospace, monospace; }
.planned { border: 1px solid currentColor; border-radius: 4px; padding: 0 0.3rem; font-size: 0.8rem; }
.note, caption, dt { color: var(--muted); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
dd { margin: 0; }
table { border-collapse: collapse; margin: 0.5rem 0; }
caption { text-align: left; }
th, td { border: 1px solid var(--line); padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }
h4 { margin: 0.5rem 0 0; font-size: 0.95rem; }
.responses { margin-top: 0.2rem; }
`;
