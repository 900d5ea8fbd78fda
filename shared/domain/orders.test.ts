import { describe, expect, it } from 'vitest';
import {
  CARRIERS,
  canTransition,
  isCancellable,
  isFinal,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  OrderEvent,
  OrderState,
  orderStateNextStep,
  stateAfterPayment,
  trackingUrl,
  transition,
} from './orders.ts';

describe('order state machine', () => {
  it('walks the address path placed → paid → shipped → delivered → completed', () => {
    let state: OrderState = OrderState.Placed;
    for (const [event, next] of [
      [OrderEvent.Pay, OrderState.Paid],
      [OrderEvent.Ship, OrderState.Shipped],
      [OrderEvent.Deliver, OrderState.Delivered],
      [OrderEvent.Complete, OrderState.Completed],
    ] as const) {
      const result = transition(state, event);
      expect(result).toEqual({ ok: true, state: next });
      if (result.ok) state = result.state;
    }
    expect(isFinal(state)).toBe(true);
  });

  it('walks the dealer path through awaiting the dealer', () => {
    expect(transition('paid', 'awaitDealer')).toEqual({ ok: true, state: 'awaitingDealer' });
    expect(transition('awaitingDealer', 'ship')).toEqual({ ok: true, state: 'shipped' });
    expect(stateAfterPayment(true)).toBe('awaitingDealer');
    expect(stateAfterPayment(false)).toBe('paid');
  });

  it('cancels only before shipping', () => {
    expect(ORDER_STATES.filter(isCancellable)).toEqual(['placed', 'paid', 'awaitingDealer']);
    expect(transition('shipped', 'cancel')).toEqual({
      ok: false,
      message: 'An order that is shipped cannot be cancelled.',
    });
    expect(transition('completed', 'cancel').ok).toBe(false);
  });

  it('refunds only cancelled, shipped or delivered orders', () => {
    expect(ORDER_STATES.filter((state) => canTransition(state, 'refund'))).toEqual([
      'shipped',
      'delivered',
      'cancelled',
    ]);
    expect(transition('placed', 'refund').ok).toBe(false);
    expect(transition('refunded', 'refund').ok).toBe(false);
  });

  it('refuses skipping steps', () => {
    expect(transition('placed', 'ship').ok).toBe(false);
    expect(transition('paid', 'deliver').ok).toBe(false);
    expect(transition('shipped', 'complete').ok).toBe(false);
    expect(transition('awaitingDealer', 'awaitDealer').ok).toBe(false);
    expect(transition('delivered', 'ship')).toEqual({
      ok: false,
      message: 'An order that is delivered cannot be shipped.',
    });
  });

  it('has a row for every state and only known targets', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATES].sort());
    for (const row of Object.values(ORDER_TRANSITIONS)) {
      for (const next of Object.values(row)) expect(ORDER_STATES).toContain(next);
    }
    expect(ORDER_STATES.filter(isFinal)).toEqual(['completed', 'refunded']);
  });

  it('links carrier tracking pages', () => {
    expect(CARRIERS).toContain('UPS');
    expect(trackingUrl('UPS', '1Z 999')).toBe('https://www.ups.com/track?tracknum=1Z%20999');
    expect(trackingUrl('Other', 'X123')).toBeNull();
  });
});

describe('what an order waits for', () => {
  it("says what a dealer order awaits: the seller checks the buyer's FFL dealer's license, then ships there", () => {
    expect(orderStateNextStep(OrderState.AwaitingDealer, 'seller')).toBe(
      "Ships to the buyer's FFL dealer: check the dealer's license, then ship the firearm to the dealer.",
    );
    expect(orderStateNextStep(OrderState.AwaitingDealer, 'buyer')).toMatch(
      /^Ships to your FFL dealer: the seller checks/,
    );
  });

  it('adds nothing where the state says it all', () => {
    for (const state of ORDER_STATES.filter((entry) => entry !== OrderState.AwaitingDealer)) {
      expect(orderStateNextStep(state, 'seller')).toBeNull();
    }
  });
});
