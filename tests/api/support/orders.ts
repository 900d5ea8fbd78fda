import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CheckoutRequest, SellerShipping } from '../../../shared/contract/orders.ts';
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { PaymentMethod } from '../../../shared/domain/payment.ts';
import { buildApp } from '../../../src-server/app.ts';
import type { AppConfig } from '../../../src-server/config.ts';
import type { PaymentGateway } from '../../../src-server/core/payments/gateway.ts';
import type { Database } from '../../../src-server/db/client.ts';
import { fflDealers, listings, users } from '../../../src-server/db/schema.ts';
import { freshAddress } from './accounts.ts';
import { tokenFor } from './catalog.ts';
import { testConfig } from './test-app.ts';
import { openTestDatabase } from './test-database.ts';

export interface Account {
  id: string;
  authorization: string;
}

let counter = 0;

/**
 * An account straight in the database, with its bearer header. Sellers can take checkout payments.
 * For a dealer, `id` is its licence's id in the federal list (`ffl_dealers`), as checkout takes it.
 */
export async function account(
  db: Database,
  kind: 'buyer' | 'seller' | 'admin' | 'dealer',
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<Account> {
  counter += 1;
  const roles =
    kind === 'seller'
      ? ['BasicSeller']
      : kind === 'admin'
        ? ['Admin']
        : kind === 'dealer'
          ? ['BasicSeller']
          : ['Buyer'];
  const [row] = await db
    .insert(users)
    .values({
      email: `orders-${kind}-${counter}-${randomUUID().slice(0, 8)}@example.com`,
      firstName: kind === 'dealer' ? 'Dana' : 'Test',
      lastName: `${kind[0]?.toUpperCase()}${kind.slice(1)}${counter}`,
      roles,
      paymentGatewayConnected: kind === 'seller',
      acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Mastercard,
      ...(kind === 'dealer'
        ? {
            isDealer: true,
            fflLicenseNumber: `5-75-113-01-9K-${String(10000 + counter).slice(-5)}`,
            sellerDisplayName: `Dealer ${counter} Guns`,
            address1: '1400 Commerce St',
            city: 'Dallas',
            state: 'TX',
            zip: '75201',
          }
        : {}),
      ...overrides,
    })
    .returning({ id: users.id });
  const authorization = `Bearer ${await tokenFor(row!.id, roles)}`;
  if (kind !== 'dealer') return { id: row!.id, authorization };
  // A dealer is its licence in the federal list (what checkout's dealer id names), linked to its account.
  const [licence] = await db
    .insert(fflDealers)
    .values({
      licenseNumber: `5-75-113-01-9K-${String(10000 + counter).slice(-5)}`,
      licenseType: '01',
      licenseName: `DEALER ${counter} LLC`,
      businessName: `Dealer ${counter} Guns`,
      premiseStreet: overrides.address1 ?? '1400 Commerce St',
      premiseCity: overrides.city ?? 'Dallas',
      premiseState: overrides.state ?? 'TX',
      premiseZip: overrides.zip ?? '75201',
      userId: row!.id,
    })
    .returning({ id: fflDealers.id });
  return { id: licence!.id, authorization };
}

/** A live-checkout listing of the seller; by default a Visa/Mastercard handgun, 2 in stock, $500. */
export async function listing(
  db: Database,
  sellerId: string,
  overrides: Partial<typeof listings.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(listings)
    .values({
      userId: sellerId,
      title: 'Test pistol 9mm',
      condition: 'NewInBox',
      price: 500,
      quantity: 2,
      familyId: CategoryFamilyId.SemiAutoPistols,
      caliber: '9mm',
      zipCode: '75201',
      state: 'TX',
      liveCheckoutEnabled: true,
      acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Mastercard,
      shippingCost: 25,
      listingEndDate: new Date(Date.now() + 30 * 86_400_000),
      ...overrides,
    })
    .returning({ id: listings.id });
  return row!.id;
}

export const CARD = {
  billingFirstName: 'Jane',
  billingLastName: 'Buyer',
  cardNumber: '4242 4242 4242 4242',
  expiration: '12/39',
  cvv: '123',
  address1: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  zip: '75201',
} as const;

export const HOME_TX = {
  firstName: 'Jane',
  lastName: 'Buyer',
  address1: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  zip: '75201',
} as const;

export const toDealer = (sellerId: string, dealerId: string): SellerShipping => ({
  sellerId,
  destination: { kind: 'dealer', dealerId },
});

export const toAddress = (sellerId: string, address: Record<string, string> = HOME_TX): SellerShipping =>
  ({ sellerId, destination: { kind: 'address', address } }) as SellerShipping;

export function checkoutBody(
  items: { listingId: string; quantity?: number; price?: number }[],
  shipping: SellerShipping[],
  overrides: Partial<CheckoutRequest> = {},
): CheckoutRequest {
  return {
    idempotencyKey: randomUUID(),
    items: items.map((item) => ({
      listingId: item.listingId,
      quantity: item.quantity ?? 1,
      price: item.price ?? 500,
    })),
    shipping,
    statedMinimumAge: 21,
    payment: { ...CARD },
    ...overrides,
  };
}

export function post(
  app: FastifyInstance,
  url: string,
  who: Account | null,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: who ? { authorization: who.authorization } : {},
    remoteAddress: freshAddress(),
  });
}

export function get(app: FastifyInstance, url: string, who: Account | null): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: who ? { authorization: who.authorization } : {},
    remoteAddress: freshAddress(),
  });
}

export interface OrdersTestApp {
  app: FastifyInstance;
  db: Database;
  outboxDir: string;
  /** Every line the server logged (level trace). */
  logLines: string[];
  close(): Promise<void>;
}

/** The real app on its own database, logging at trace level into `logLines`, mail into an outbox folder. */
export async function createOrdersTestApp(
  paymentGateway?: (db: Database) => PaymentGateway,
  options: { clock?: () => Date; config?: Partial<AppConfig> } = {},
): Promise<OrdersTestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-orders-'));
  const database = await openTestDatabase();
  const logLines: string[] = [];
  const app = await buildApp(testConfig({ dataDir, logLevel: 'trace', ...options.config }), {
    database,
    ownsDatabase: false,
    logStream: { write: (line: string) => void logLines.push(line) },
    ...(paymentGateway ? { paymentGateway: paymentGateway(database.db) } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    outboxDir: path.join(dataDir, 'outbox'),
    logLines,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
