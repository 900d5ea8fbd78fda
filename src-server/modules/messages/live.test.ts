import { describe, expect, it } from 'vitest';
import type { AccountSignal } from '../../core/live-signals.ts';
import { eventsToRead, type LiveSignal } from './live.ts';

const user = 'd1000000-0000-4000-8000-000000000001';
const message = (messageId: string): AccountSignal => ({ userId: user, kind: 'message', messageId });
const read: AccountSignal = { userId: user, kind: 'read' };
const outbid: AccountSignal = { userId: user, kind: 'outbid', listingId: 'l1', title: 'Scope', price: 105 };

describe('the signals of a batch whose events are read', () => {
  it('reads one event per message or notice, in order; the count rides on each', () => {
    const batch: LiveSignal[] = [read, message('m1'), 'resync', outbid, message('m2')];
    expect(eventsToRead(batch)).toEqual([message('m1'), outbid, message('m2')]);
  });

  it('reads the count once for a batch that says nothing more', () => {
    expect(eventsToRead(['open'])).toEqual(['open']);
    expect(eventsToRead([read, 'resync', read])).toEqual([read]);
    // A message signal without its id tells only that the count changed.
    expect(eventsToRead([{ userId: user, kind: 'message' }, read])).toEqual([read]);
  });
});
