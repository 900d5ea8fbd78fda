import { sql } from 'drizzle-orm';
import { alertSubject, UserAlertKind, UserReminder } from '../../shared/domain/alerts.ts';
import { PaymentMethod } from '../../shared/domain/payment.ts';
import { AccountOption, AlertLocation, Role, UserOption } from '../../shared/domain/user.ts';
import type { DbExecutor } from '../db/client.ts';
import { alerts, sellerPaymentOptions, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/index.ts';
import type { Random } from './random.ts';
import { anyRow, type SeedPart } from './seed-part.ts';

export interface DemoAccount {
  /** Fixed, so tests and other demo data can refer to the account. */
  id: string;
  key: string;
  /** What the account shows, as printed at start. */
  description: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: string[];
  sellerDisplayName?: string;
  isDealer?: boolean;
  paymentSetUp?: boolean;
  accountOptions?: number;
  status?: 'Active' | 'Inactive' | 'Locked';
  pastDueAmount?: number;
  passwordExpired?: boolean;
  legacyListerId?: number;
  /** Staff granted the valuation option (WhatIsMyGunWorthAllowed): identifications show values. */
  valuation?: boolean;
}

/** A fixed moment for seeded dates, so the same seed gives the same data. */
const SEEDED_AT = new Date('2026-01-05T15:00:00.000Z');
const TERMS = UserOption.AttestedToTermsOfService;

export const DEMO_ACCOUNTS = {
  buyer: {
    id: 'd1000000-0000-4000-8000-000000000001',
    key: 'buyer',
    description: 'buyer',
    email: 'buyer@example.com',
    password: 'buyer-demo-2026',
    firstName: 'Blake',
    lastName: 'Buyer',
    roles: [Role.Buyer],
    valuation: true,
  },
  seller: {
    id: 'd1000000-0000-4000-8000-000000000002',
    key: 'seller',
    description: 'private seller (BasicSeller, payments set up)',
    email: 'seller@example.com',
    password: 'seller-demo-2026',
    firstName: 'Sam',
    lastName: 'Seller',
    roles: [Role.Buyer, Role.BasicSeller],
    sellerDisplayName: 'Sam S.',
    paymentSetUp: true,
    legacyListerId: 100_001,
    valuation: true,
  },
  dealer: {
    id: 'd1000000-0000-4000-8000-000000000003',
    key: 'dealer',
    description: 'dealer (PlatinumSeller, FFL, payments set up)',
    email: 'dealer@example.com',
    password: 'dealer-demo-2026',
    firstName: 'Dana',
    lastName: 'Dealer',
    roles: [Role.Buyer, Role.PlatinumSeller],
    sellerDisplayName: 'Lone Star Firearms',
    valuation: true,
    isDealer: true,
    paymentSetUp: true,
    legacyListerId: 100_002,
  },
  newSeller: {
    id: 'd1000000-0000-4000-8000-000000000004',
    key: 'newSeller',
    description: "seller without payment setup ('No Accepted Payment Method')",
    email: 'newseller@example.com',
    password: 'newseller-demo-2026',
    firstName: 'Nico',
    lastName: 'Newseller',
    roles: [Role.Buyer, Role.BasicSeller],
    sellerDisplayName: 'Nico N.',
    legacyListerId: 100_003,
  },
  admin: {
    id: 'd1000000-0000-4000-8000-000000000005',
    key: 'admin',
    description: 'admin',
    email: 'admin@example.com',
    password: 'admin-demo-2026',
    firstName: 'Alex',
    lastName: 'Admin',
    roles: [Role.Admin],
  },
  pastDue: {
    id: 'd1000000-0000-4000-8000-000000000006',
    key: 'pastDue',
    description: 'frozen for non-payment, $149.95 past due (sign-in answers 402)',
    email: 'pastdue@example.com',
    password: 'pastdue-demo-2026',
    firstName: 'Pat',
    lastName: 'Pastdue',
    roles: [Role.Buyer, Role.BasicSeller],
    sellerDisplayName: 'Pat P.',
    paymentSetUp: true,
    accountOptions: AccountOption.FrozenForNonPayment,
    pastDueAmount: 149.95,
  },
  expired: {
    id: 'd1000000-0000-4000-8000-000000000007',
    key: 'expired',
    description: 'expired password (sign-in answers 403 passwordExpired)',
    email: 'expired@example.com',
    password: 'expired-demo-2026',
    firstName: 'Erin',
    lastName: 'Expired',
    roles: [Role.Buyer],
    passwordExpired: true,
  },
  pending: {
    id: 'd1000000-0000-4000-8000-000000000008',
    key: 'pending',
    description: 'pending registration (sent to /register)',
    email: 'pending@example.com',
    password: 'pending-demo-2026',
    firstName: 'Perry',
    lastName: 'Pending',
    roles: [Role.Buyer],
    accountOptions: AccountOption.PendingRegistration,
  },
  locked: {
    id: 'd1000000-0000-4000-8000-000000000009',
    key: 'locked',
    description: 'locked by staff (token status Locked, sent to /register)',
    email: 'locked@example.com',
    password: 'locked-demo-2026',
    firstName: 'Lee',
    lastName: 'Locked',
    roles: [Role.Buyer],
    status: 'Locked',
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

const PUBLIC_ALERTS: Record<
  AlertLocation,
  { title: string; message: string; severity: 'info' | 'warning'; linkUrl?: string; linkText?: string }[]
> = {
  HomePage: [
    {
      title: 'Welcome to Ironsight',
      message: 'Firearms ship to a licensed dealer near you for transfer. Find one before you buy.',
      severity: 'info',
      linkUrl: '/ffl',
      linkText: 'Find a dealer',
    },
    {
      title: 'Scheduled maintenance',
      message: 'Checkout may be briefly unavailable Sunday between 2:00 and 3:00 a.m. Central.',
      severity: 'warning',
    },
  ],
  SearchByTerm: [
    {
      title: 'Search tip',
      message:
        'Add a caliber or a model number to narrow results, or save the search to get new matches by email.',
      severity: 'info',
    },
    {
      title: 'Shop local',
      message: 'Set your zip code to see listings you can pick up near you.',
      severity: 'info',
      linkUrl: '/local-links',
      linkText: 'Shop local',
    },
  ],
  SearchByCategory: [
    {
      title: 'Know the rules',
      message: 'Some items cannot ship to every state. Listings show where they can be delivered.',
      severity: 'info',
    },
    {
      title: 'New this week',
      message: 'Hundreds of new listings arrived this week.',
      severity: 'info',
      linkUrl: '/newthisweek',
      linkText: 'See what is new',
    },
  ],
  UserDashboard: [
    {
      title: 'Keep your account safe',
      message: 'Ironsight staff will never ask for your password. Use a long, unique one.',
      severity: 'info',
      linkUrl: '/dashboard/accountsettings',
      linkText: 'Account settings',
    },
    {
      title: 'Seller fees',
      message: 'Final value fees for sellers change on the first of next month.',
      severity: 'warning',
      linkUrl: '/membership',
      linkText: 'See plans',
    },
  ],
};

/** The demo buyer's own alerts: a reminder that goes once an order names a dealer. */
const BUYER_ALERTS = [
  {
    title: 'Confirm your shipping dealer',
    message: 'Pick the licensed dealer who will receive your firearm purchases.',
    severity: 'warning' as const,
    linkUrl: '/ffl',
    linkText: 'Choose a dealer',
    kind: UserAlertKind.Reminder,
    subject: alertSubject.reminder(UserReminder.ChooseDealer),
  },
];

async function seedAccounts(db: DbExecutor, random: Random): Promise<void> {
  const accounts: readonly DemoAccount[] = Object.values(DEMO_ACCOUNTS);
  const rows = [];
  for (const account of accounts) {
    rows.push({
      id: account.id,
      legacyListerId: account.legacyListerId ?? null,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      firstName: account.firstName,
      lastName: account.lastName,
      phone: `214555${String(random.int(0, 9999)).padStart(4, '0')}`,
      roles: [...account.roles],
      status: account.status ?? 'Active',
      userOptions: account.valuation ? TERMS | UserOption.WhatIsMyGunWorthAllowed : TERMS,
      accountOptions: account.accountOptions ?? AccountOption.None,
      sellerDisplayName: account.sellerDisplayName ?? null,
      isDealer: account.isDealer ?? false,
      fflLicenseNumber: account.isDealer ? '5-75-113-01-9K-01234' : null,
      address1: account.isDealer ? '1400 Commerce St' : null,
      city: account.isDealer ? 'Dallas' : null,
      state: account.isDealer ? 'TX' : null,
      zip: account.isDealer ? '75201' : '75207',
      acceptedPaymentMethods: account.paymentSetUp
        ? PaymentMethod.Visa | PaymentMethod.Mastercard | PaymentMethod.Discover | PaymentMethod.GunTab
        : PaymentMethod.MoneyOrder,
      paymentGatewayConnected: account.paymentSetUp === true && account.isDealer === true,
      gunTabActive: account.paymentSetUp === true && account.isDealer !== true,
      pastDueAmount: account.pastDueAmount ?? 0,
      emailConfirmedAt: account.accountOptions === AccountOption.PendingRegistration ? null : SEEDED_AT,
      passwordChangedAt: SEEDED_AT,
      passwordExpiresAt: account.passwordExpired ? SEEDED_AT : null,
      createdAt: SEEDED_AT,
      updatedAt: SEEDED_AT,
    });
  }
  await db.insert(users).values(rows);
  // Sellers with payments set up: the dealer through a gateway (its secret key is entered by the
  // seller, never seeded), private sellers through GunTab.
  const paymentRows = accounts
    .filter((account) => account.paymentSetUp)
    .map((account) => ({
      userId: account.id,
      liveCheckoutEnabled: true,
      gatewayProvider: account.isDealer ? 'Authorize.Net' : null,
      gatewayMerchantId: account.isDealer ? 'demo-lone-star-firearms' : null,
      gunTabEmail: account.isDealer ? null : account.email,
      updatedAt: SEEDED_AT,
    }));
  await db.insert(sellerPaymentOptions).values(paymentRows);

  const alertRows = [];
  for (const [location, list] of Object.entries(PUBLIC_ALERTS)) {
    for (const alert of list) {
      alertRows.push({
        id: random.uuid(),
        userId: null,
        location: location as AlertLocation,
        ...alert,
        startsAt: SEEDED_AT,
      });
    }
  }
  for (const alert of BUYER_ALERTS) {
    alertRows.push({
      id: random.uuid(),
      userId: DEMO_ACCOUNTS.buyer.id,
      location: AlertLocation.UserDashboard,
      ...alert,
      startsAt: SEEDED_AT,
    });
  }
  await db.insert(alerts).values(alertRows);
}

/** Demo accounts (one per sign-in branch), public alerts for every location and the buyer's own alerts. */
export const accountsSeedPart: SeedPart = {
  name: 'accounts',
  run: (db, random) => seedAccounts(db, random),
  seeded: (db) => anyRow(db, sql`select 1 from users where id = ${DEMO_ACCOUNTS.admin.id}::uuid`),
};
