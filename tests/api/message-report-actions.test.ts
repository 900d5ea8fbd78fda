import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVED_MESSAGE_TEXT } from '../../shared/contract/messages.ts';
import { type Alert, alertListResponseSchema } from '../../shared/contract/users.ts';
import { createMessagesTestApp, type MessagesTestApp, SMALL_PDF, sentMessage } from './support/messages.ts';
import { type Account, account, get, listing, post } from './support/orders.ts';

/**
 * Staff actions on the reported-messages queue: `sender` writes to `recipient`, who reports the
 * message; `bystander` is another seller, neither party.
 */
let t: MessagesTestApp;
let sender: Account;
let recipient: Account;
let bystander: Account;
let admin: Account;
let listingId: string;

beforeAll(async () => {
  t = await createMessagesTestApp();
  sender = await account(t.db, 'buyer');
  recipient = await account(t.db, 'seller');
  bystander = await account(t.db, 'seller');
  admin = await account(t.db, 'admin');
  listingId = await listing(t.db, recipient.id);
});
afterAll(() => t.close());

/** A message of the sender to the recipient, with a PDF, reported by the recipient; answers the report's id. */
async function reportedMessage(body = 'Pay me by gift card first.', from: Account = sender) {
  const message = await sentMessage(t.app, from, { listingId, body }, [
    { filename: 'terms.pdf', contentType: 'application/pdf', data: SMALL_PDF },
  ]);
  const reported = await post(t.app, '/api/messages/report', recipient, {
    messageId: message.id,
    reason: 'Scam attempt',
  });
  expect(reported.statusCode, reported.body).toBe(200);
  const queue = await post(t.app, '/api/messages/reports', admin, { pageSize: 100 });
  const report = (queue.json().results as { id: string; message: { id: string } }[]).find(
    (row) => row.message.id === message.id,
  );
  if (!report) throw new Error('the report is not in the queue');
  return { message, reportId: report.id };
}

const act = (who: Account | null, reportId: string, body: object) =>
  post(t.app, `/api/pprAdmin/message-reports/${reportId}/action`, who, body);

async function auditEntries(action: string, target: Account = sender) {
  const res = await get(t.app, `/api/pprAdmin/audit?action=${action}&targetUserId=${target.id}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as {
    adminId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }[];
}

async function openReportIds(): Promise<string[]> {
  const res = await post(t.app, '/api/messages/reports', admin, { pageSize: 100 });
  return (res.json().results as { id: string }[]).map((row) => row.id);
}

describe('who may act on a reported message', () => {
  it.each([
    ['a visitor', null, 401],
    ['the sender', () => sender, 403],
    ['the recipient who reported it', () => recipient, 403],
    ['another seller', () => bystander, 403],
  ] as const)('%s is refused and the report stays open', async (_name, who, status) => {
    const { reportId } = await reportedMessage();
    for (const action of ['dismiss', 'removeMessage', 'warnSender', 'lockSender']) {
      expect((await act(who === null ? null : who(), reportId, { action })).statusCode).toBe(status);
    }
    expect(await openReportIds()).toContain(reportId);
  });

  it('an admin acts; an unknown report is 404 and a closed one 409', async () => {
    const { reportId } = await reportedMessage();
    const res = await act(admin, reportId, { action: 'dismiss' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await act(admin, reportId, { action: 'removeMessage' })).statusCode).toBe(409);
    expect((await act(admin, '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70', { action: 'dismiss' })).statusCode).toBe(
      404,
    );
    expect((await act(admin, reportId, { action: 'ban' })).statusCode).toBe(400);
  });
});

describe('the actions', () => {
  it('dismissing closes the report, leaves the message as it was, and is audited', async () => {
    const { message, reportId } = await reportedMessage('Dismiss me');
    const res = await act(admin, reportId, { action: 'dismiss' });
    expect(res.json()).toMatchObject({ id: reportId, resolution: 'dismissed', message: { removed: false } });
    expect(await openReportIds()).not.toContain(reportId);
    const closed = await post(t.app, '/api/messages/reports', admin, { status: 'resolved', pageSize: 100 });
    expect((closed.json().results as { id: string }[]).map((row) => row.id)).toContain(reportId);
    const seen = await get(t.app, `/api/messages/conversations/${message.conversationId}`, recipient);
    expect(seen.json().messages.find((m: { id: string }) => m.id === message.id).body).toBe('Dismiss me');
    const [entry] = await auditEntries('dismissMessageReport');
    expect(entry).toMatchObject({
      adminId: admin.id,
      before: { reportId, messageId: message.id, reason: 'Scam attempt' },
      after: { reportId, resolution: 'dismissed' },
    });
  });

  it('removing the message hides it and its files from both parties and closes every report of it', async () => {
    const { message, reportId } = await reportedMessage('Wire the money to this account.');
    const res = await act(admin, reportId, { action: 'removeMessage' });
    expect(res.statusCode, res.body).toBe(200);
    // Staff still see what was sent.
    expect(res.json()).toMatchObject({
      resolution: 'messageRemoved',
      message: { removed: true, body: 'Wire the money to this account.' },
    });
    for (const party of [sender, recipient]) {
      const conversation = await get(t.app, `/api/messages/conversations/${message.conversationId}`, party);
      const shown = conversation.json().messages.find((m: { id: string }) => m.id === message.id);
      expect(shown).toMatchObject({ body: REMOVED_MESSAGE_TEXT, removed: true, attachments: [] });
      expect((await get(t.app, message.attachments[0]!.url, party)).statusCode).toBe(404);
    }
    const inbox = await post(t.app, '/api/messages/getRecipient', recipient, {
      filters: { conversationId: message.conversationId },
    });
    expect(JSON.stringify(inbox.json())).not.toContain('Wire the money');
    const found = await post(t.app, '/api/messages/getSender', sender, {
      filters: { keyword: 'Wire the money' },
    });
    expect(found.json().total).toBe(0);
    expect(await openReportIds()).not.toContain(reportId);
    const [entry] = await auditEntries('removeMessage');
    expect(entry).toMatchObject({ after: { reportId, messageId: message.id, resolution: 'messageRemoved' } });
  });

  it('warning the sender puts a warning with the note on their dashboard', async () => {
    const { reportId } = await reportedMessage();
    const res = await act(admin, reportId, { action: 'warnSender', note: 'No payment outside checkout.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resolution).toBe('senderWarned');
    const alerts = alertListResponseSchema.parse(
      (await get(t.app, '/api/users/getUserAlerts', sender)).json(),
    ).results as Alert[];
    const warning = alerts.find((alert) => alert.title === 'Warning from Ironsight staff');
    expect(warning).toMatchObject({ severity: 'warning', linkUrl: '/dashboard/messages/sent' });
    expect(warning?.message).toMatch(/^A message you sent \(“.+”\) was reported/);
    expect(warning?.message).toContain('Note from staff: No payment outside checkout.');
    // Nobody else is warned.
    const others = (await get(t.app, '/api/users/getUserAlerts', recipient)).json().results as Alert[];
    expect(others.some((alert) => alert.title === 'Warning from Ironsight staff')).toBe(false);
    const [entry] = await auditEntries('warnSender');
    expect(entry).toMatchObject({ after: { reportId, note: 'No payment outside checkout.' } });
  });

  it('locking the sender refuses their tokens at once, through the account lock, both audited', async () => {
    const abuser = await account(t.db, 'buyer');
    const { reportId } = await reportedMessage('Answer or else.', abuser);
    expect((await get(t.app, '/api/messages/getUnreadMessagesCount', abuser)).statusCode).toBe(200);
    const res = await act(admin, reportId, { action: 'lockSender' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ resolution: 'senderLocked', sender: { id: abuser.id, locked: true } });
    expect((await get(t.app, '/api/messages/getUnreadMessagesCount', abuser)).statusCode).toBe(401);
    const detail = await get(t.app, `/api/pprAdmin/users/${abuser.id}`, admin);
    expect(detail.json().status).toBe('Locked');
    expect(await auditEntries('lockSender', abuser)).toHaveLength(1);
    expect(await auditEntries('lock', abuser)).toHaveLength(1);
  });
});
