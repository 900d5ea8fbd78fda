/**
 * The order lifecycle: a pure state machine. Every change of an order's state goes through
 * `transition`, on the server and in any client that predicts the next state.
 *
 * placed → paid → awaitingDealer (ships to a dealer) or straight to shipped → delivered → completed.
 * An order is cancelled only before it ships; a cancelled order whose payment was captured is then
 * refunded. A shipped or delivered order may be refunded (a return), never cancelled.
 */
export const OrderState = {
  /** Created in the checkout transaction; payment not yet captured. */
  Placed: 'placed',
  /** Payment captured; ships to the buyer's address. */
  Paid: 'paid',
  /** Payment captured; ships to the buyer's dealer, whose license the seller checks before shipping. */
  AwaitingDealer: 'awaitingDealer',
  /** The seller shipped it with a carrier and tracking number. */
  Shipped: 'shipped',
  /** The seller reports it delivered (to the buyer or the dealer). */
  Delivered: 'delivered',
  /** The buyer confirmed receipt: the sale counts toward the seller's completed sales. */
  Completed: 'completed',
  Cancelled: 'cancelled',
  Refunded: 'refunded',
} as const;
export type OrderState = (typeof OrderState)[keyof typeof OrderState];
export const ORDER_STATES = Object.values(OrderState) as OrderState[];

/**
 * The states of a sale: payment taken, and neither cancelled nor refunded. A line of an order in one
 * of them is a completed sale that valuations count (the database's `order_state_is_sale`, migration
 * 0040, lists the same states).
 */
export const SOLD_ORDER_STATES: readonly OrderState[] = [
  OrderState.Paid,
  OrderState.AwaitingDealer,
  OrderState.Shipped,
  OrderState.Delivered,
  OrderState.Completed,
];

export const OrderEvent = {
  Pay: 'pay',
  AwaitDealer: 'awaitDealer',
  Ship: 'ship',
  Deliver: 'deliver',
  Complete: 'complete',
  Cancel: 'cancel',
  Refund: 'refund',
} as const;
export type OrderEvent = (typeof OrderEvent)[keyof typeof OrderEvent];

/** state → event → next state. A missing entry is a refused transition. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, Partial<Record<OrderEvent, OrderState>>>> = {
  placed: { pay: 'paid', cancel: 'cancelled' },
  paid: { awaitDealer: 'awaitingDealer', ship: 'shipped', cancel: 'cancelled' },
  awaitingDealer: { ship: 'shipped', cancel: 'cancelled' },
  shipped: { deliver: 'delivered', refund: 'refunded' },
  delivered: { complete: 'completed', refund: 'refunded' },
  completed: {},
  cancelled: { refund: 'refunded' },
  refunded: {},
};

export type TransitionResult = { ok: true; state: OrderState } | { ok: false; message: string };

const STATE_LABELS: Readonly<Record<OrderState, string>> = {
  placed: 'placed',
  paid: 'paid',
  awaitingDealer: 'awaiting the dealer',
  shipped: 'shipped',
  delivered: 'delivered',
  completed: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

const EVENT_VERBS: Readonly<Record<OrderEvent, string>> = {
  pay: 'paid',
  awaitDealer: 'sent to the dealer step',
  ship: 'shipped',
  deliver: 'marked delivered',
  complete: 'completed',
  cancel: 'cancelled',
  refund: 'refunded',
};

/** People-facing name of a state ('awaiting the dealer'). */
export function orderStateLabel(state: OrderState): string {
  return STATE_LABELS[state];
}

/**
 * What an order in this state waits for, as its buyer or its seller reads it; null when the state's
 * name says it all. A dealer order is paid and waits for the seller to check the license of the
 * buyer's FFL dealer and ship the firearm there.
 */
export function orderStateNextStep(state: OrderState, role: 'buyer' | 'seller'): string | null {
  if (state !== OrderState.AwaitingDealer) return null;
  return role === 'seller'
    ? "Ships to the buyer's FFL dealer: check the dealer's license, then ship the firearm to the dealer."
    : "Ships to your FFL dealer: the seller checks the dealer's license, then ships the firearm there for your transfer and background check.";
}

/** The next state for an event, or the message saying why the order cannot take it. */
export function transition(state: OrderState, event: OrderEvent): TransitionResult {
  const next = ORDER_TRANSITIONS[state]?.[event];
  if (next) return { ok: true, state: next };
  return {
    ok: false,
    message: `An order that is ${STATE_LABELS[state] ?? state} cannot be ${EVENT_VERBS[event] ?? event}.`,
  };
}

export function canTransition(state: OrderState, event: OrderEvent): boolean {
  return ORDER_TRANSITIONS[state]?.[event] !== undefined;
}

/** States before shipping: the buyer or the seller may still cancel. */
export function isCancellable(state: OrderState): boolean {
  return canTransition(state, OrderEvent.Cancel);
}

/** States with no way out. */
export function isFinal(state: OrderState): boolean {
  return Object.keys(ORDER_TRANSITIONS[state]).length === 0;
}

/** The state an order enters once its payment is captured: dealer orders wait for the dealer step. */
export function stateAfterPayment(shipsToDealer: boolean): OrderState {
  return shipsToDealer ? OrderState.AwaitingDealer : OrderState.Paid;
}

/** The short number people quote for an order, from its sequence number: 123 → "IS-000123". */
export const orderNumber = (number: number): string => `IS-${String(number).padStart(6, '0')}`;

/** Carriers a seller ships with; 'Other' takes any tracking text. */
export const CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_URLS: Readonly<Partial<Record<Carrier, (tracking: string) => string>>> = {
  UPS: (t) => `https://www.ups.com/track?tracknum=${encodeURIComponent(t)}`,
  FedEx: (t) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(t)}`,
  USPS: (t) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(t)}`,
  DHL: (t) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${encodeURIComponent(t)}`,
};

/** The carrier's tracking page, or null for 'Other'. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  return TRACKING_URLS[carrier]?.(trackingNumber) ?? null;
}
