import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Conversation, type Message, REMOVED_MESSAGE_TEXT } from '../../../shared/contract/messages.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const ME = 'd1000000-0000-4000-8000-000000000001';
const THEM = 'd1000000-0000-4000-8000-000000000002';
const CONVERSATION_ID = 'c2000000-0000-4000-8000-000000000001';

function message(overrides: Partial<Message>): Message {
  return {
    id: 'e2000000-0000-4000-8000-000000000001',
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
    ...overrides,
  };
}

describe('a conversation with a message staff removed', () => {
  it('shows the notice in its place, without the report button', async () => {
    const conversation: Conversation = {
      id: CONVERSATION_ID,
      listingId: null,
      listingTitle: null,
      subject: 'Scope',
      otherParty: { id: THEM, displayName: 'Morgan Hale' },
      otherPartyBlocked: false,
      messages: [
        message({}),
        message({
          id: 'e2000000-0000-4000-8000-000000000002',
          body: REMOVED_MESSAGE_TEXT,
          removed: true,
          createdAt: '2026-03-02T16:00:00.000Z',
        }),
      ],
    };
    const fetch = createFakeFetch((request) => {
      if (request.url.includes(`/api/messages/conversations/${CONVERSATION_ID}`))
        return jsonResponse(conversation);
      return jsonResponse({ total: 0, page: 1, pageSize: 20, results: [] });
    });
    renderApp(`/dashboard/messages/inbox?conversation=${CONVERSATION_ID}`, {
      fetch,
      platform: createMemoryPlatform(fakeToken()),
    });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [kept, removed] = within(list).getAllByRole('listitem');
    expect(kept?.textContent).toContain('Is it still for sale?');
    expect(within(kept!).getByRole('button', { name: 'Report message' })).toBeTruthy();
    expect(removed?.textContent).toContain('This message was removed by staff.');
    expect(within(removed!).queryByRole('button', { name: 'Report message' })).toBeNull();
  }, 20_000);
});
