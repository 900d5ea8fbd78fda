/**
 * How the outbox sends an action: the contract call the web app makes for it, with the session
 * token from the keychain and the action's idempotency key as the `Idempotency-Key` header.
 *
 * The four calls declare the header in the contract (`idempotencyHeader`): the server keeps each
 * signed-in account's keys for 24 hours and answers a repeat with the stored answer, so a retry
 * after an answer lost on the way back applies nothing twice (docs/api.md, Retrying safely).
 *
 * A listing edit replaces the whole listing and the server keeps no version to compare, so before
 * sending one the listing is read back and compared with the values the dealer edited from
 * (`expected`): any difference answers 412 here, and the outbox holds the edit as a conflict.
 */
import { z } from 'zod';
import { decodeTokenClaims } from '../../shared/contract/auth.ts';
import { fillPath } from '../../shared/contract/endpoint.ts';
import { LISTINGS_ENDPOINTS } from '../../shared/contract/listings.ts';
import { MESSAGES_ENDPOINTS } from '../../shared/contract/messages.ts';
import { OFFERS_ENDPOINTS } from '../../shared/contract/offers.ts';
import { ORDERS_ENDPOINTS } from '../../shared/contract/orders.ts';
import type { ParsedOutboxAction } from '../../shared/desktop-ipc.ts';
import { apiUrl, type FetchLike, problemOf } from './api-call.ts';
import type { OutboxAnswer, OutboxTransport } from './outbox.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The account a session token is for (read, not verified: the server checks it on every call). */
export function accountOfToken(token: string | null): string | null {
  if (!token) return null;
  try {
    return decodeTokenClaims(token).unique_name;
  } catch {
    return null;
  }
}

/** The call of an action: its method, contract path and body (JSON, or the JSON part of a form). */
export interface OutboxRequest {
  method: 'POST';
  path: string;
  body: unknown;
  /** Multipart calls take the JSON in this form field (and no files: attachments do not wait offline). */
  formField: 'request' | null;
}

export function outboxRequestFor(action: ParsedOutboxAction): OutboxRequest {
  switch (action.kind) {
    case 'message': {
      const endpoint = MESSAGES_ENDPOINTS.messagesAddOrUpdate;
      return { method: endpoint.method, path: endpoint.path, body: action.input, formField: 'request' };
    }
    case 'listingEdit': {
      const endpoint = LISTINGS_ENDPOINTS.listingsAdd;
      return { method: endpoint.method, path: endpoint.path, body: action.input, formField: 'request' };
    }
    case 'offerAnswer': {
      const endpoint = OFFERS_ENDPOINTS.offersRespond;
      return {
        method: endpoint.method,
        path: fillPath(endpoint.path, { id: action.offerId }),
        body: action.answer,
        formField: null,
      };
    }
    case 'orderShipping': {
      const endpoint = ORDERS_ENDPOINTS.ordersShip;
      return {
        method: endpoint.method,
        path: fillPath(endpoint.path, { id: action.orderId }),
        body: action.shipment,
        formField: null,
      };
    }
  }
}

const listingsAnswerSchema = z.object({ results: z.array(z.looseObject({ id: z.string() })) });

/** The fields whose current value differs from the one the dealer edited from. */
export function changedFields(
  current: Readonly<Record<string, unknown>>,
  expected: Readonly<Record<string, string | number | boolean | null>>,
): string[] {
  return Object.entries(expected)
    .filter(([field, value]) => (current[field] ?? null) !== value)
    .map(([field]) => field);
}

export interface OutboxTransportOptions {
  apiOrigin: string;
  getToken(): Promise<string | null>;
  fetch: FetchLike;
}

export function createOutboxTransport(options: OutboxTransportOptions): OutboxTransport {
  const call = (path: string, init: RequestInit) => options.fetch(apiUrl(options.apiOrigin, path), init);

  /** Null when the listing is as the dealer saw it; otherwise the answer that holds the edit. */
  const listingChanged = async (
    action: Extract<ParsedOutboxAction, { kind: 'listingEdit' }>,
    authorization: string,
  ): Promise<OutboxAnswer | null> => {
    const endpoint = LISTINGS_ENDPOINTS.listingsGet;
    const response = await call(endpoint.path, {
      method: endpoint.method,
      headers: { authorization, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ filters: { listingIds: [action.input.id] } }),
    });
    if (!response.ok) return { status: response.status, message: await problemOf(response) };
    const parsed = listingsAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) return { status: 502, message: 'The server answered in an unexpected form.' };
    const current = parsed.data.results.find((listing) => listing.id === action.input.id);
    if (!current) {
      return {
        status: 409,
        message: 'The listing is no longer on sale: it was closed, sold or removed meanwhile.',
      };
    }
    const changed = changedFields(current, action.expected);
    if (changed.length === 0) return null;
    return {
      status: 412,
      message: `The listing changed since you edited it (${changed.join(', ')}). Open it to see the changes, then edit again.`,
    };
  };

  return {
    async send({ action, idempotencyKey }) {
      const token = await options.getToken().catch(() => null);
      if (!token) return { status: 401, message: 'Sign in to send it.' };
      const authorization = `Bearer ${token}`;
      if (action.kind === 'listingEdit') {
        const held = await listingChanged(action, authorization);
        if (held) return held;
      }
      const request = outboxRequestFor(action);
      const headers: Record<string, string> = {
        authorization,
        accept: 'application/json',
        [IDEMPOTENCY_HEADER]: idempotencyKey,
      };
      let body: BodyInit;
      if (request.formField) {
        const form = new FormData();
        form.append(request.formField, JSON.stringify(request.body));
        body = form;
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
      const response = await call(request.path, { method: request.method, headers, body });
      return { status: response.status, message: response.ok ? null : await problemOf(response) };
    },
  };
}
