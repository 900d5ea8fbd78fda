import { describe, expect, it } from 'vitest';
import { createFakeDesktopBridge } from '../testing/fake-desktop-bridge.ts';
import { ApiError, ClientErrorCode } from './api-client.ts';
import { handOffToOutbox, isNetworkFailure, outboxLabel } from './offline-outbox.ts';
import type { OutboxAction } from './platform/platform.ts';

const offline = new ApiError({ status: 0, code: ClientErrorCode.Network, message: 'No connection.' });
const refused = new ApiError({ status: 409, code: 'conflict', message: 'Changed meanwhile.' });
const action: OutboxAction = {
  kind: 'orderShipping',
  orderId: '6f1c2b9e-0000-4000-8000-000000001042',
  shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
};

describe('handing a failed action to the outbox', () => {
  it('counts only a call that got no answer as a network failure', () => {
    expect(isNetworkFailure(offline)).toBe(true);
    expect(isNetworkFailure(refused)).toBe(false);
    expect(isNetworkFailure(new ApiError({ status: 500, code: 'internal', message: 'Broke.' }))).toBe(false);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('queues an action that could not reach the server, with its label', async () => {
    const bridge = createFakeDesktopBridge();
    expect(await handOffToOutbox(bridge.outbox, offline, action, 'Shipping update: UPS 1Z…')).toBe(true);
    expect(bridge.enqueued).toEqual([{ action, label: 'Shipping update: UPS 1Z…' }]);
  });

  it('queues nothing for an HTTP error answer, on the web, or when the outbox refuses it', async () => {
    const bridge = createFakeDesktopBridge();
    expect(await handOffToOutbox(bridge.outbox, refused, action, 'label')).toBe(false);
    expect(await handOffToOutbox(null, offline, action, 'label')).toBe(false);
    bridge.fail('outbox.enqueue');
    expect(await handOffToOutbox(bridge.outbox, offline, action, 'label')).toBe(false);
    expect(bridge.enqueued).toEqual([]);
  });

  it('keeps labels short and on one line', () => {
    expect(outboxLabel('Message to Morgan:\n  see   you')).toBe('Message to Morgan: see you');
    expect(outboxLabel('x'.repeat(100))).toHaveLength(80);
  });
});
