/**
 * How the marketplace takes card payments. A checkout authorizes each order's amount, then
 * captures it; a cancelled order is refunded (before capture, a refund voids the authorization).
 * Every call carries an idempotency key: the same key answers the first result and never moves
 * money twice. The card number and CVC go to the gateway only; no implementation stores or logs them.
 */
export interface CardDetails {
  /** Digits only. */
  readonly number: string;
  readonly cvc: string;
  readonly expMonth: number;
  /** Four digits. */
  readonly expYear: number;
  readonly holderName: string;
  readonly billing: {
    readonly address: string;
    readonly city: string;
    readonly state: string;
    readonly zip: string;
  };
}

/** A card the gateway keeps, by the token it answered to `tokenize`. */
export interface StoredCardRef {
  readonly token: string;
}

export interface AuthorizeRequest {
  readonly idempotencyKey: string;
  /** US dollars. */
  readonly amount: number;
  readonly card: CardDetails | StoredCardRef;
  readonly description: string;
}

export interface PaymentActionRequest {
  readonly idempotencyKey: string;
  /** The payment id an authorization answered. */
  readonly paymentId: string;
  readonly amount: number;
}

export type PaymentStatus = 'authorized' | 'captured' | 'refunded' | 'voided';

export type GatewayResult =
  | {
      readonly approved: true;
      readonly paymentId: string;
      readonly status: PaymentStatus;
      readonly cardBrand: string | null;
      readonly cardLast4: string | null;
    }
  | {
      readonly approved: false;
      /** The processor's reason for the payer ('Your card was declined.'), shown as given; null when it gave none. */
      readonly error: string | null;
      /** A processor message without a reason for the payer (logged, not shown). */
      readonly message: string | null;
    };

/** The gateway could not be reached or answered nonsense: nothing is known to have happened. */
export class GatewayUnavailableError extends Error {
  constructor(message = 'The payment gateway did not answer.') {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

export type TokenizeResult =
  | {
      readonly approved: true;
      readonly token: string;
      readonly cardBrand: string | null;
      readonly cardLast4: string;
      readonly expMonth: number;
      readonly expYear: number;
    }
  | { readonly approved: false; readonly error: string | null; readonly message: string | null };

export interface PaymentGateway {
  readonly name: string;
  /** Keeps a card at the gateway and answers its token (billing's stored cards); not every gateway offers it. */
  tokenize?(card: CardDetails): Promise<TokenizeResult>;
  authorize(request: AuthorizeRequest): Promise<GatewayResult>;
  capture(request: PaymentActionRequest): Promise<GatewayResult>;
  refund(request: PaymentActionRequest): Promise<GatewayResult>;
}
