import type { CartItem } from '../../shared/contract/cart.ts';
import type { Order, QuoteGroup, QuoteItem, QuoteResponse } from '../../shared/contract/orders.ts';
import { PaymentMethod } from '../../shared/domain/payment.ts';

export const SELLER_A = 'a0000000-0000-4000-8000-00000000000a';
export const SELLER_B = 'b0000000-0000-4000-8000-00000000000b';
export const RIFLE = '10000000-0000-4000-8000-000000000001';
export const SCOPE = '10000000-0000-4000-8000-000000000002';
export const HOLSTER = '10000000-0000-4000-8000-000000000003';

export function cartItem(id: string, title: string, price: number, quantity = 1): CartItem {
  return {
    id,
    quantity,
    price,
    title,
    imageUrl: null,
    category: null,
    sellerStockNumber: null,
    upc: null,
    sku: null,
    productUrl: `/${id}/item`,
  };
}

export function quoteItem(item: CartItem, overrides: Partial<QuoteItem> = {}): QuoteItem {
  return {
    listingId: item.id,
    title: item.title,
    family: null,
    thumbnailPicture: null,
    quantity: item.quantity,
    priceSeen: item.price,
    price: item.price,
    available: 5,
    shippingCost: 10,
    requiresDealer: false,
    minimumAge: 18,
    blocked: null,
    ...overrides,
  };
}

export function quoteGroup(
  sellerId: string,
  sellerDisplayName: string,
  items: QuoteItem[],
  overrides: Partial<QuoteGroup> = {},
): QuoteGroup {
  const open = items.filter((item) => item.blocked === null);
  const subtotal = open.reduce((sum, item) => sum + (item.price ?? 0) * item.quantity, 0);
  const shipping = open.reduce((sum, item) => sum + item.shippingCost, 0);
  return {
    sellerId,
    sellerDisplayName,
    acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Mastercard,
    requiresDealer: items.some((item) => item.requiresDealer),
    items,
    subtotal,
    shipping,
    total: subtotal + shipping,
    ...overrides,
  };
}

export function quote(groups: QuoteGroup[]): QuoteResponse {
  const all = groups.flatMap((group) => group.items);
  return {
    groups,
    minimumAge: all.some((item) => item.blocked === null && item.minimumAge === 21) ? 21 : 18,
    canCheckout: all.every((item) => item.blocked === null),
    total: groups.reduce((sum, group) => sum + group.total, 0),
  };
}

export function order(n: number, overrides: Partial<Order> = {}): Order {
  const id = `0e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    number: `IS-${String(n).padStart(6, '0')}`,
    state: 'paid',
    buyer: { id: 'd1000000-0000-4000-8000-000000000001', displayName: 'Blake B.' },
    seller: { id: SELLER_A, displayName: 'Alpha Arms' },
    items: [
      {
        listingId: HOLSTER,
        title: `Holster ${n}`,
        family: 'Accessories',
        thumbnailPicture: null,
        quantity: 1,
        price: 40,
        shippingCost: 5,
        lineTotal: 45,
      },
    ],
    subtotal: 40,
    shipping: 5,
    total: 45,
    shipTo: {
      kind: 'address',
      address: {
        firstName: 'Blake',
        lastName: 'Buyer',
        address1: '1 Main St',
        address2: null,
        city: 'Dallas',
        state: 'TX',
        zip: '75207',
        phone: null,
      },
    },
    payment: { brand: 'Visa', last4: '4242', status: 'captured', refundedAmount: 0 },
    escrowStatus: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    cancelReason: null,
    history: [{ state: 'paid', at: '2026-11-20T10:00:00.000Z', by: 'system', note: null }],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
