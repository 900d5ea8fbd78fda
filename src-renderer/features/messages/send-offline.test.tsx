import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/contract/messages.ts';
import { OFFLINE_SAVED_MESSAGE } from '../../lib/offline-outbox.ts';
import type { Platform } from '../../lib/platform/platform.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { LISTING_ID, listingDetail } from '../../testing/listing-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { desktopPlatform, unreachable } from '../../testing/offline.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { findStatus } from '../../testing/status.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const ME = 'd1000000-0000-4000-8000-000000000001';
const THEM = 'd1000000-0000-4000-8000-000000000002';
const CONVERSATION_ID = 'c2000000-0000-4000-8000-000000000001';
const LAST_ID = 'e2000000-0000-4000-8000-000000000001';

const conversation: Conversation = {
  id: CONVERSATION_ID,
  listingId: null,
  listingTitle: null,
  subject: 'Scope',
  otherParty: { id: THEM, displayName: 'Morgan Hale' },
  otherPartyBlocked: false,
  messages: [
    {
      id: LAST_ID,
      conversationId: CONVERSATION_ID,
      parentMessageId: null,
      senderId: THEM,
      senderDisplayName: 'Morgan Hale',
      recipientId: ME,
      recipientDisplayName: 'Blake Buyer',
      listingId: null,
      listingTitle: null,
      subject: 'Scope',
      body: 'Is it still for sale?',
      isRead: true,
      createdAt: '2026-03-02T15:00:00.000Z',
      attachments: [],
      removed: false,
    },
  ],
};

/** The server with the conversation; `send` answers the reply. */
function server(send: (request: RecordedRequest) => Response) {
  return createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === `/api/messages/conversations/${CONVERSATION_ID}`) return jsonResponse(conversation);
    if (path === '/api/messages/addOrUpdate') return send(request);
    return jsonResponse({ total: 0, page: 1, pageSize: 20, results: [] });
  });
}

async function reply(platform: Platform, send: (request: RecordedRequest) => Response) {
  renderApp(`/dashboard/messages/inbox?conversation=${CONVERSATION_ID}`, { fetch: server(send), platform });
  const form = within(await screen.findByRole('form', { name: 'Reply' }));
  fireEvent.change(form.getByLabelText('Message'), { target: { value: 'Yes, still here.' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Send reply' })));
  return form;
}

describe('replying without a connection', () => {
  it('keeps the reply in the desktop outbox and keeps what was typed', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken());
    const form = await reply(platform, unreachable);
    expect((await findStatus()).textContent).toBe(OFFLINE_SAVED_MESSAGE);
    expect(bridge.enqueued).toEqual([
      {
        action: {
          kind: 'message',
          input: { parentMessageId: LAST_ID, body: 'Yes, still here.' },
          conversationId: CONVERSATION_ID,
        },
        label: 'Message to Morgan Hale: Yes, still here.',
      },
    ]);
    expect((form.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Yes, still here.');
    expect(screen.queryByRole('alert')).toBeNull();
  }, 20_000);

  it('shows the server’s refusal and queues nothing when the server answers with an error', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken());
    await reply(platform, () =>
      jsonResponse(
        { error: { code: 'forbidden', message: 'This member does not take messages from you.' } },
        403,
      ),
    );
    expect(await screen.findByText('This member does not take messages from you.')).toBeTruthy();
    expect(bridge.enqueued).toEqual([]);
    expect(screen.queryByText(OFFLINE_SAVED_MESSAGE)).toBeNull();
  }, 20_000);

  it('reports the failure as before on the web', async () => {
    const form = await reply(createMemoryPlatform(fakeToken()), unreachable);
    expect(await screen.findByText('Your reply could not be sent. Please try again.')).toBeTruthy();
    expect(screen.queryByText(OFFLINE_SAVED_MESSAGE)).toBeNull();
    expect((form.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Yes, still here.');
  }, 20_000);
});

describe('writing to a seller without a connection', () => {
  it('keeps the message in the desktop outbox, in the dialog with what was typed', async () => {
    const { bridge, platform } = desktopPlatform(fakeToken());
    const listing = listingDetail();
    const fetch = createFakeFetch((request) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path === '/api/messages/addOrUpdate') return unreachable();
      return jsonResponse({ total: 1, page: 1, pageSize: 20, results: [listing] });
    });
    renderApp(`/${LISTING_ID}`, { fetch, platform });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact seller' }));
    const form = within(await screen.findByRole('form', { name: 'Message the seller' }));
    fireEvent.change(form.getByLabelText('Message'), { target: { value: 'Is it still available?' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Send message' })));
    expect((await form.findByRole('status')).textContent).toBe(OFFLINE_SAVED_MESSAGE);
    expect(bridge.enqueued).toEqual([
      {
        action: { kind: 'message', input: { listingId: LISTING_ID, body: 'Is it still available?' } },
        label: `Message to the seller of ${listing.title}`,
      },
    ]);
    expect((form.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Is it still available?');
  }, 20_000);
});
