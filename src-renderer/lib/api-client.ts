import type { ErrorCode } from '../../shared/contract/common.ts';
import type {
  EndpointBody,
  EndpointDefinition,
  EndpointName,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  Endpoints,
} from '../../shared/contract/endpoints.ts';
import { getPlatform } from './platform/get-platform.ts';
import type { Platform } from './platform/platform.ts';

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** Codes the client itself reports, beside the server's `ErrorCode`s. */
export const ClientErrorCode = {
  /** The server could not be reached (offline, DNS, connection refused). */
  Network: 'network_error',
  /** The server answered, but not in the shape the contract describes. */
  InvalidResponse: 'invalid_response',
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

export interface ApiErrorInit {
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  code: ErrorCode | ClientErrorCode | (string & {});
  message: string;
  /** Messages per request field, e.g. { email: 'Enter a valid email.' }. */
  fields?: Record<string, string>;
  /** The answer's body, checked against the endpoint's schema for that status when it has one. */
  body?: unknown;
}

/** A failed call: the server's error envelope, or what went wrong on the way. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type ApiContract = typeof import('./api-contract.ts');

let contractLoad: Promise<ApiContract> | undefined;

/** The contract's schemas and endpoint table, loaded once, with the first call. */
function loadContract(): Promise<ApiContract> {
  contractLoad ??= import('./api-contract.ts');
  return contractLoad;
}

function fallbackCode(contract: ApiContract, status: number): string {
  // The last code of a status wins, as when the table is read into a map.
  const code = Object.entries(contract.ERROR_STATUS).findLast(
    ([name, codeStatus]) => codeStatus === status && name !== 'validation_failed',
  )?.[0];
  return code ?? (status >= 500 ? 'internal' : 'bad_request');
}

// ---------------------------------------------------------------------------------------------
// Call shapes, derived from the contract
// ---------------------------------------------------------------------------------------------

type EmptyObject = Record<never, never>;

/** A part of the request: absent when the endpoint has none, optional when every field is. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : EmptyObject extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

type FilesPart<N extends EndpointName> = Endpoints[N] extends { multipart: true }
  ? { /** Files for the endpoint's file field. */ files?: readonly Blob[] }
  : EmptyObject;

export type ApiCallInput<N extends EndpointName> = Part<'params', EndpointParams<N>> &
  Part<'query', EndpointQuery<N>> &
  Part<'body', EndpointBody<N>> &
  FilesPart<N>;

/** How much of a request body has been sent. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ApiCallOptions {
  signal?: AbortSignal;
  /** Multipart calls only: reports the bytes sent as the upload goes. */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** The request outlives the page (a count sent as the user follows a link away). */
  keepalive?: boolean;
}

/** The input may be left out when nothing in it is required (`api.call('health')`). */
export type ApiCallArgs<N extends EndpointName> =
  EmptyObject extends ApiCallInput<N>
    ? [input?: ApiCallInput<N>, options?: ApiCallOptions]
    : [input: ApiCallInput<N>, options?: ApiCallOptions];

export interface ApiClient {
  call<N extends EndpointName>(name: N, ...args: ApiCallArgs<N>): Promise<EndpointResponse<N>>;
  /** The full URL of a GET endpoint, e.g. for an image source. */
  url<N extends EndpointName>(name: N, input?: Pick<ApiCallInput<N>, 'params' | 'query'>): Promise<string>;
}

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Sends a request whose body's progress is reported (browsers: XMLHttpRequest upload events). */
export type UploadFunction = (
  input: string,
  init: RequestInit,
  onProgress: (progress: UploadProgress) => void,
) => Promise<Response>;

/** Uploads with XMLHttpRequest, whose upload events report progress (fetch has none for bodies). */
export const xhrUpload: UploadFunction = (input, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method ?? 'POST', input);
    new Headers(init.headers).forEach((value, name) => {
      request.setRequestHeader(name, value);
    });
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      const headers = new Headers();
      for (const line of request
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // 1xx and 204/304 answers may not carry a body.
      const noBody = request.status === 204 || request.status === 304;
      resolve(new Response(noBody ? null : request.responseText, { status: request.status, headers }));
    });
    request.addEventListener('error', () => reject(new TypeError('Network request failed')));
    request.addEventListener('abort', () =>
      reject(new DOMException('The request was aborted.', 'AbortError')),
    );
    init.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(init.body as XMLHttpRequestBodyInit | null);
  });

/** The size of a request body as far as it can be known without sending it. */
function bodySize(body: BodyInit | undefined): number {
  if (body instanceof FormData) {
    let size = 0;
    for (const [, value] of body) size += typeof value === 'string' ? value.length : value.size;
    return size;
  }
  return typeof body === 'string' ? body.length : 0;
}

export interface ApiClientDeps {
  /** Where the API lives and where the token is kept. */
  platform: Pick<Platform, 'apiOrigin' | 'getToken'>;
  fetch?: FetchFunction;
  /**
   * Sends calls that report upload progress. Defaults to XMLHttpRequest in a browser; with a custom
   * `fetch` and no `upload`, the custom fetch sends them and progress is reported once, when sent.
   */
  upload?: UploadFunction;
  /** The address of the page making the calls; its `cmc` campaign code is copied onto requests. */
  pageUrl?: () => string;
  /** Headers added to every request (e.g. a gateway access header in staging). */
  headers?: Readonly<Record<string, string>>;
}

// ---------------------------------------------------------------------------------------------
// Client
// ---------------------------------------------------------------------------------------------

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

function appendQuery(search: URLSearchParams, query: object | undefined): void {
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
}

function campaignCode(pageUrl: string): string | null {
  try {
    return new URL(pageUrl).searchParams.get('cmc') || null;
  } catch {
    return null;
  }
}

async function readBody(response: Response, produces: EndpointDefinition['produces']): Promise<unknown> {
  if ((produces === 'image' || produces === 'file') && response.ok)
    return new Uint8Array(await response.arrayBuffer());
  const text = await response.text();
  if (produces === 'csv' && response.ok) return text;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFromResponse(
  contract: ApiContract,
  status: number,
  endpoint: EndpointDefinition,
  body: unknown,
): ApiError {
  const statusSchema = endpoint.responses?.[status];
  const parsedBody = statusSchema ? (statusSchema.safeParse(body).data ?? body) : body;
  const envelope = contract.errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { code, message, fields } = envelope.data.error;
    return new ApiError({ status, code, message, fields, body: parsedBody });
  }
  return new ApiError({
    status,
    code: fallbackCode(contract, status),
    message: `The server answered with status ${status}.`,
    body: parsedBody,
  });
}

/** The one configured client: contract-typed calls with the session token and campaign code. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch: FetchFunction = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const pageUrl = deps.pageUrl ?? (() => globalThis.location?.href ?? '');
  const upload: UploadFunction =
    deps.upload ??
    (deps.fetch === undefined && typeof XMLHttpRequest !== 'undefined'
      ? xhrUpload
      : async (input, init, onProgress) => {
          const response = await doFetch(input, init);
          const size = bodySize(init.body ?? undefined);
          onProgress({ loaded: size, total: size });
          return response;
        });

  function buildUrl(
    contract: ApiContract,
    endpoint: EndpointDefinition,
    params: object | undefined,
    query: object | undefined,
  ): string {
    const path = `${contract.API_BASE}${
      params
        ? contract.fillPath(endpoint.path, params as Readonly<Record<string, string | number>>)
        : endpoint.path
    }`;
    const search = new URLSearchParams();
    appendQuery(search, query);
    if (!search.get('cmc')) {
      const cmc = campaignCode(pageUrl());
      if (cmc) search.set('cmc', cmc);
    }
    const queryString = search.toString();
    return `${deps.platform.apiOrigin}${path}${queryString ? `?${queryString}` : ''}`;
  }

  async function call<N extends EndpointName>(
    name: N,
    ...args: ApiCallArgs<N>
  ): Promise<EndpointResponse<N>> {
    const [input, options] = args;
    const contract = await loadContract();
    const endpoint = await contract.loadEndpoint(name);
    const { params, query, body, files } = (input ?? {}) as {
      params?: object;
      query?: object;
      body?: unknown;
      files?: readonly Blob[];
    };

    const headers = new Headers({ Accept: 'application/json', ...deps.headers });
    const token = await deps.platform.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let requestBody: BodyInit | undefined;
    if (endpoint.multipart) {
      const form = new FormData();
      const jsonField = endpoint.upload?.jsonField;
      if (jsonField && body !== undefined) form.append(jsonField, JSON.stringify(body));
      for (const file of files ?? []) form.append(endpoint.upload?.fileField ?? 'files', file);
      requestBody = form;
    } else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      requestBody = JSON.stringify(body);
    }

    let response: Response;
    try {
      const url = buildUrl(contract, endpoint, params, query);
      const init: RequestInit = {
        method: endpoint.method,
        headers,
        body: requestBody,
        signal: options?.signal,
        ...(options?.keepalive ? { keepalive: true } : {}),
      };
      const onUploadProgress = options?.onUploadProgress;
      response =
        endpoint.multipart && onUploadProgress
          ? await upload(url, init, onUploadProgress)
          : await doFetch(url, init);
    } catch (error) {
      if (options?.signal?.aborted) throw error;
      throw new ApiError({
        status: 0,
        code: ClientErrorCode.Network,
        message: 'The server could not be reached. Check your connection and try again.',
      });
    }

    const data = await readBody(response, endpoint.produces);
    if (!response.ok) throw errorFromResponse(contract, response.status, endpoint, data);

    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        code: ClientErrorCode.InvalidResponse,
        message: 'The server answered in an unexpected form.',
        body: data,
      });
    }
    return parsed.data as EndpointResponse<N>;
  }

  return {
    call,
    url: async (name, input) => {
      const contract = await loadContract();
      const endpoint = await contract.loadEndpoint(name);
      return buildUrl(contract, endpoint, input?.params ?? undefined, input?.query ?? undefined);
    },
  };
}

let defaultClient: ApiClient | undefined;

/** The client for this renderer's platform (same origin on the web, the configured server on desktop). */
export function getApiClient(): ApiClient {
  defaultClient ??= createApiClient({ platform: getPlatform() });
  return defaultClient;
}
