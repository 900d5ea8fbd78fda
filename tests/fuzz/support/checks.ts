/**
 * What every answer must be: never a 5xx (except the 501 of a planned endpoint); a 2xx matches the
 * endpoint's response schema; a 4xx is the error envelope `{error:{code,message}}` (and the
 * status-specific body where the contract lists one), or for an OAuth endpoint the error body of
 * RFC 6749 §5.2, with messages a person can read.
 */
import type { LightMyRequestResponse } from 'fastify';
import { errorEnvelopeSchema } from '../../../shared/contract/common.ts';
import type { EndpointDefinition } from '../../../shared/contract/endpoint.ts';
import { oauthErrorSchema } from '../../../shared/contract/seller-api.ts';

/** A broken rule: `kind` groups the same fault across requests, `detail` shows this occurrence. */
export interface Problem {
  kind: string;
  detail: string;
}

/** zod's default English messages (v4 locale), which no user should meet. */
const ZOD_DEFAULTS = [
  /^Invalid input\b/,
  /^Invalid (option|string|number|key|value|discriminator)\b/,
  /^Invalid (UUID|GUID|email address|URL|ISO (datetime|date|time|duration)|input|JSON string)\b/i,
  /^Too (big|small): expected\b/,
  /^Unrecognized keys?:/,
  /expected \w+, received \w+/,
];
/** Framework wording that leaked past the envelope's own messages. */
const FRAMEWORK_DEFAULTS = [/^FST_/, /^Client Error$/, /^Bad Request$/, /\bUnexpected (token|end of JSON)\b/];
/** A regular expression printed into a message: `/^\d{5}$/`. */
const REGEX_SOURCE = /\/\^.*\$\/|\\[dws][{+*]/;

/** Why a message is not one a person can act on, or null when it is. */
export function inhumanMessage(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim() === '') return 'empty message';
  if (ZOD_DEFAULTS.some((pattern) => pattern.test(message))) return 'zod default message';
  if (FRAMEWORK_DEFAULTS.some((pattern) => pattern.test(message))) return 'framework default message';
  if (REGEX_SOURCE.test(message)) return 'message prints a regular expression';
  return null;
}

export function checkResponse(endpoint: EndpointDefinition, res: LightMyRequestResponse): Problem[] {
  const status = res.statusCode;
  if (status === 501 && endpoint.planned) return checkErrorBody(endpoint, res);
  if (status >= 500) return [{ kind: `${status} server error`, detail: res.body.slice(0, 300) }];
  if (status >= 200 && status < 300) return checkSuccess(endpoint, res);
  if (status >= 400) return checkErrorBody(endpoint, res);
  return [{ kind: `unexpected status ${status}`, detail: res.body.slice(0, 300) }];
}

function checkSuccess(endpoint: EndpointDefinition, res: LightMyRequestResponse): Problem[] {
  const type = String(res.headers['content-type'] ?? '');
  if (endpoint.produces === 'image') {
    return type.startsWith('image/') ? [] : [{ kind: '2xx image without an image type', detail: type }];
  }
  if (endpoint.produces === 'csv') {
    return type.startsWith('text/csv') ? [] : [{ kind: '2xx CSV without the text/csv type', detail: type }];
  }
  if (endpoint.produces === 'events') {
    return type.startsWith('text/event-stream')
      ? []
      : [{ kind: '2xx event stream without the text/event-stream type', detail: type }];
  }
  if (endpoint.produces === 'file') {
    return type !== '' && !type.startsWith('application/json')
      ? []
      : [{ kind: '2xx file without a document type', detail: type }];
  }
  const body = jsonOf(res);
  if (body === undefined) return [{ kind: '2xx not JSON', detail: res.body.slice(0, 300) }];
  const parsed = endpoint.response.safeParse(body);
  if (parsed.success) return [];
  const issue = parsed.error.issues[0];
  return [
    {
      kind: `2xx breaks the response schema at ${issue?.path.join('.') || '(root)'}`,
      detail: `${issue?.message}; body ${res.body.slice(0, 300)}`,
    },
  ];
}

function checkErrorBody(endpoint: EndpointDefinition, res: LightMyRequestResponse): Problem[] {
  const status = res.statusCode;
  const body = jsonOf(res);
  if (body === undefined) return [{ kind: `${status} not JSON`, detail: res.body.slice(0, 300) }];
  if (endpoint.errorFormat === 'oauth2') return checkOAuthError(status, body, res);
  const problems: Problem[] = [];
  const specific = endpoint.responses?.[status];
  if (specific && !specific.safeParse(body).success) {
    problems.push({ kind: `${status} breaks its status-specific schema`, detail: res.body.slice(0, 300) });
  }
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    return [...problems, { kind: `${status} outside the error envelope`, detail: res.body.slice(0, 300) }];
  }
  const { message, fields = {} } = envelope.data.error;
  const messageFault = inhumanMessage(message);
  if (messageFault) problems.push({ kind: `${status} ${messageFault}`, detail: message });
  const fieldFaults = Object.entries(fields).flatMap(([field, text]) => {
    const fault = inhumanMessage(text);
    return fault ? [{ kind: `${status} field ${fault}`, detail: `${field}: ${text}` }] : [];
  });
  // One problem per kind and answer; the first field shows it.
  for (const fault of fieldFaults) if (!problems.some((p) => p.kind === fault.kind)) problems.push(fault);
  return problems;
}

/** An OAuth endpoint's failure: the body of RFC 6749 §5.2 with a description a person can read. */
function checkOAuthError(status: number, body: unknown, res: LightMyRequestResponse): Problem[] {
  const parsed = oauthErrorSchema.safeParse(body);
  if (!parsed.success)
    return [{ kind: `${status} outside the OAuth error body`, detail: res.body.slice(0, 300) }];
  const fault = inhumanMessage(parsed.data.error_description);
  return fault ? [{ kind: `${status} ${fault}`, detail: parsed.data.error_description }] : [];
}

function jsonOf(res: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    return undefined;
  }
}
