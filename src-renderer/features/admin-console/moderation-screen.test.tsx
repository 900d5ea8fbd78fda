import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageReport } from '../../../shared/contract/messages.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const ADMIN_TOKEN = fakeToken({
  role: ['Buyer', 'Admin'],
  unique_name: 'd1000000-0000-4000-8000-0000000000ad',
  email: 'admin@example.com',
  given_name: 'Ada',
  family_name: 'Admin',
});

const REPORT_ID = 'f1000000-0000-4000-8000-000000000001';

function report(overrides: Partial<MessageReport> = {}): MessageReport {
  return {
    id: REPORT_ID,
    reason: 'Asks for gift cards',
    createdAt: '2026-03-02T15:30:00.000Z',
    reporter: { id: 'e1000000-0000-4000-8000-000000000001', displayName: 'Ridge Optics' },
    sender: { id: 'e1000000-0000-4000-8000-000000000002', displayName: 'Morgan Hale', locked: false },
    message: {
      id: 'e2000000-0000-4000-8000-000000000001',
      subject: 'Scope',
      body: 'Pay me with gift cards first.',
      createdAt: '2026-03-02T15:00:00.000Z',
      removed: false,
    },
    resolution: null,
    resolvedAt: null,
    ...overrides,
  };
}

const isAction = (request: RecordedRequest) =>
  request.url.includes(`/pprAdmin/message-reports/${REPORT_ID}/action`);
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));

/** The console's moderation screen on a server whose answers to actions are `answers`, in turn. */
function moderation(answers: Array<() => Response>) {
  let open = true;
  const fetch = createFakeFetch((request) => {
    if (isAction(request)) {
      const answer = answers.shift();
      if (answer) return answer();
      open = false;
      return jsonResponse({ ...report(), resolution: 'messageRemoved' });
    }
    if (request.url.includes('/api/messages/reports')) {
      if (bodyOf(request).status === 'resolved') {
        const closed = [report({ resolution: 'senderWarned', resolvedAt: '2026-03-03T10:00:00.000Z' })];
        return jsonResponse({ total: 1, page: 1, pageSize: 20, results: closed });
      }
      const results = open ? [report()] : [];
      return jsonResponse({ total: results.length, page: 1, pageSize: 20, results });
    }
    if (request.url.includes('/api/pprAdmin/listing-reports')) {
      return jsonResponse({ total: 0, page: 1, pageSize: 20, results: [] });
    }
    return jsonResponse({ results: [] });
  });
  renderApp('/admin/moderation', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
  return fetch;
}

describe('the reported-messages queue', () => {
  it('removes a message after a confirmation; a refusal shows in the dialog, which stays open', async () => {
    const fetch = moderation([
      () => jsonResponse({ error: { code: 'conflict', message: 'This report was already closed.' } }, 409),
    ]);
    expect(await screen.findByText(/Pay me with gift cards first\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the message “Scope”' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove the message “Scope” from Morgan Hale?',
    });
    expect(fetch.requests.some(isAction)).toBe(false);

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove message' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This report was already closed.');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove message' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(fetch.requests.filter(isAction).at(-1)!)).toEqual({ action: 'removeMessage' });
    expect(await screen.findByText('No reported message is waiting.')).toBeTruthy();
  }, 20_000);

  it('warns the sender with the note typed in the confirmation', async () => {
    const fetch = moderation([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Warn Morgan Hale about “Scope”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn Morgan Hale about “Scope”?' });
    fireEvent.change(within(dialog).getByLabelText('Note to the sender (optional)'), {
      target: { value: 'Payments go through checkout.' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send warning' })));
    await waitFor(() => expect(fetch.requests.some(isAction)).toBe(true));
    expect(bodyOf(fetch.requests.find(isAction)!)).toEqual({
      action: 'warnSender',
      note: 'Payments go through checkout.',
    });
  }, 20_000);

  it('locks the sender only after the confirmation, and dismisses a report at once', async () => {
    const fetch = moderation([() => jsonResponse({ ...report(), resolution: 'dismissed' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lock the account of Morgan Hale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock the account of Morgan Hale?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.requests.some(isAction)).toBe(false);

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss the report of “Scope”' })),
    );
    await waitFor(() => expect(fetch.requests.some(isAction)).toBe(true));
    expect(bodyOf(fetch.requests.find(isAction)!)).toEqual({ action: 'dismiss' });
  }, 20_000);

  it('lists closed reports apart, with how each was closed and no actions', async () => {
    const fetch = moderation([]);
    await screen.findByRole('button', { name: 'Remove the message “Scope”' });
    fireEvent.change(screen.getByLabelText('Reported messages to show'), { target: { value: 'resolved' } });
    const closed = await screen.findByRole('region', { name: 'Closed message reports' });
    expect(await within(closed).findByText('Sender warned')).toBeTruthy();
    expect(within(closed).queryByRole('button', { name: 'Remove the message “Scope”' })).toBeNull();
    const lists = fetch.requests.filter((request) => request.url.includes('/api/messages/reports'));
    expect(lists.map((request) => bodyOf(request).status)).toEqual(['open', 'resolved']);
  }, 20_000);
});
