import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { ChangePasswordRequest } from '../../../shared/contract/auth.ts';
import type { Address } from '../../../shared/contract/user-profile.ts';
import type {
  DashboardSummary,
  ListingEligibility,
  RegisterRequest,
  UpdateAccountInfoRequest,
} from '../../../shared/contract/users.ts';
import { validateNotDisallowed } from '../../../shared/domain/disallowed-names.ts';
import { clearFlag, hasFlag, setFlag } from '../../../shared/domain/flags.ts';
import {
  AccountOption,
  type AlertLocation,
  isSellerRole,
  Role,
  UserOption,
} from '../../../shared/domain/user.ts';
import { listingEligibilityOf } from '../../core/accounts/account-state.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { findUserByEmail, findUserById, type UserRow } from '../../core/accounts/users-repository.ts';
import { THROTTLE_RULES } from '../../core/throttle.ts';
import { listUserAlerts as listCurrentUserAlerts, toAlert } from '../../core/user-alerts.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { alerts, favorites, orders, savedSearches, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, conflict, unauthorized } from '../../http/errors.ts';
import {
  afterPasswordChange,
  assertAcceptablePassword,
  hashPassword,
  issueSessionToken,
  passwordCheckPassed,
  redeemOneTimeToken,
  reservePasswordCheck,
  sendConfirmation,
  storeNewPassword,
  verifyPassword,
} from '../auth/index.ts';
import { escrowBalanceOf } from '../billing/index.ts';
import { sellerListingCounts } from '../listings/index.ts';
import { unreadCount } from '../messages/index.ts';
import { liveOfferCounts } from '../offers/index.ts';
import { toUserProfile } from './profile.ts';

export const USERS_MESSAGES = {
  emailTaken: 'An account with this email already exists. Sign in or reset your password.',
  invalidConfirmLink: 'This confirmation link is invalid or has expired. Sign in to get a new one.',
  wrongCurrentPassword: 'The current password is not correct.',
  displayNameNotAllowed: 'The chosen display name is not allowed.',
  accountGone: 'This account no longer exists.',
} as const;

type RegisterBody = RegisterRequest & { marketingOptIn: boolean };

async function requireUser(db: Database, auth: AuthContext): Promise<UserRow> {
  const user = await findUserById(db, auth.userId);
  if (!user) throw unauthorized(USERS_MESSAGES.accountGone);
  return user;
}

/**
 * Creates an account (Active, Buyer, email unconfirmed) and signs it in; a confirmation link is
 * emailed. Called with the token of an account pending registration, completes that account.
 */
export async function register(
  deps: AccountsDeps,
  body: RegisterBody,
  auth: AuthContext | null,
  address: string,
) {
  await deps.throttle.hit(THROTTLE_RULES.register, address);
  assertAcceptablePassword(body.password, body.email, 'password');
  const options =
    UserOption.AttestedToTermsOfService | (body.marketingOptIn ? UserOption.AttestedToMarketingOptIn : 0);
  const pending = auth ? await findUserById(deps.db, auth.userId) : undefined;
  const now = new Date();

  let user: UserRow | undefined;
  if (pending && hasFlag(pending.accountOptions, AccountOption.PendingRegistration)) {
    const other = await findUserByEmail(deps.db, body.email);
    if (other && other.id !== pending.id) throw conflict(USERS_MESSAGES.emailTaken);
    const sameEmail = pending.email.toLowerCase() === body.email.toLowerCase();
    [user] = await deps.db
      .update(users)
      .set({
        email: body.email.toLowerCase(),
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone ?? pending.phone,
        zip: body.zipCode ?? pending.zip,
        passwordHash: await hashPassword(body.password),
        passwordChangedAt: now,
        passwordExpiresAt: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        accountOptions: clearFlag(pending.accountOptions, AccountOption.PendingRegistration),
        userOptions: (pending.userOptions & ~UserOption.AttestedToMarketingOptIn) | options,
        emailConfirmedAt: sameEmail ? pending.emailConfirmedAt : null,
        updatedAt: now,
      })
      .where(eq(users.id, pending.id))
      .returning();
  } else {
    if (await findUserByEmail(deps.db, body.email)) throw conflict(USERS_MESSAGES.emailTaken);
    try {
      [user] = await deps.db
        .insert(users)
        .values({
          email: body.email.toLowerCase(),
          passwordHash: await hashPassword(body.password),
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone ?? null,
          zip: body.zipCode ?? null,
          roles: [Role.Buyer],
          status: 'Active',
          userOptions: options,
          passwordChangedAt: now,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(USERS_MESSAGES.emailTaken);
      throw error;
    }
  }
  if (!user) throw new Error('The account was not stored.');
  const confirmationRequired = user.emailConfirmedAt === null;
  if (confirmationRequired) await sendConfirmation(deps, user);
  return {
    userId: user.id,
    jwtToken: await issueSessionToken(user, deps.config.jwtSecret),
    emailConfirmationRequired: confirmationRequired,
  };
}

export async function confirmEmail(deps: AccountsDeps, userId: string, token: string, address: string) {
  // Counted as a failed redemption until the link proves valid.
  const attempt = await deps.throttle.reserve([{ rule: THROTTLE_RULES.tokenAddress, key: address }]);
  const redeemed = await redeemOneTimeToken(deps.db, token, 'EmailConfirm', userId);
  if (!redeemed) throw badRequest(USERS_MESSAGES.invalidConfirmLink);
  await deps.throttle.forget(attempt);
  await deps.db
    .update(users)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  return { success: true as const };
}

export async function isEmailTaken(deps: AccountsDeps, email: string, address: string) {
  await deps.throttle.hit(THROTTLE_RULES.checkEmail, address);
  return { isTaken: (await findUserByEmail(deps.db, email)) !== undefined };
}

/** Verifies the current password (failures count toward the sign-in limits) and answers a fresh token. */
export async function changePassword(
  deps: AccountsDeps,
  auth: AuthContext,
  body: ChangePasswordRequest,
  address: string,
) {
  const user = await requireUser(deps.db, auth);
  const attempt = await reservePasswordCheck(deps, user.email, address);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest(USERS_MESSAGES.wrongCurrentPassword, {
      currentPassword: USERS_MESSAGES.wrongCurrentPassword,
    });
  }
  await passwordCheckPassed(deps, attempt, user.email, address);
  assertAcceptablePassword(body.newPassword, user.email, 'newPassword');
  const updated = await storeNewPassword(deps, user, body.newPassword);
  await afterPasswordChange(deps, updated);
  return { success: true as const, jwtToken: await issueSessionToken(updated, deps.config.jwtSecret) };
}

export async function updateAccountInfo(
  deps: AccountsDeps,
  auth: AuthContext,
  body: UpdateAccountInfoRequest,
) {
  const user = await requireUser(deps.db, auth);
  // Only sellers show a display name; for other accounts the field is left as it is.
  const sellerDisplayName = isSellerRole(user.roles) ? body.sellerDisplayName : undefined;
  if (sellerDisplayName && validateNotDisallowed(sellerDisplayName, USERS_MESSAGES.displayNameNotAllowed)) {
    throw badRequest(USERS_MESSAGES.displayNameNotAllowed, {
      sellerDisplayName: USERS_MESSAGES.displayNameNotAllowed,
    });
  }
  let userOptions = user.userOptions;
  if (body.marketingOptIn !== undefined) {
    userOptions = body.marketingOptIn
      ? setFlag(userOptions, UserOption.AttestedToMarketingOptIn)
      : clearFlag(userOptions, UserOption.AttestedToMarketingOptIn);
  }
  // A field left out of the request (undefined) is left out of the update, so it keeps its value.
  const [updated] = await deps.db
    .update(users)
    .set({
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      sellerDisplayName,
      ...(body.address === undefined ? {} : addressColumns(body.address)),
      userOptions,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  const current = updated ?? user;
  return {
    profile: toUserProfile(current),
    jwtToken: await issueSessionToken(current, deps.config.jwtSecret),
  };
}

function addressColumns(address: Address | null) {
  return {
    address1: address?.address1 ?? null,
    address2: address?.address2 || null,
    city: address?.city ?? null,
    state: address?.state ?? null,
    zip: address?.zip ?? null,
  };
}

/** Another user's id reaches here only from an admin: the contract's `owner: 'account'` check. */
export async function getProfile(deps: AccountsDeps, auth: AuthContext, userId: string | undefined) {
  const user = await findUserById(deps.db, userId ?? auth.userId);
  if (!user) throw unauthorized(USERS_MESSAGES.accountGone);
  return toUserProfile(user);
}

function activeAlertsWhere(location: AlertLocation, now: Date) {
  return and(
    eq(alerts.location, location),
    lte(alerts.startsAt, now),
    or(isNull(alerts.endsAt), gt(alerts.endsAt, now)),
  );
}

const ALERTS_SHOWN_MAX = 50;

async function listAlerts(db: Database, location: AlertLocation, userId: string | null) {
  const now = new Date();
  const rows = await db
    .select()
    .from(alerts)
    .where(and(activeAlertsWhere(location, now), userId ? eq(alerts.userId, userId) : isNull(alerts.userId)))
    .orderBy(sql`${alerts.startsAt} desc`, alerts.id)
    .limit(ALERTS_SHOWN_MAX);
  return { results: rows.map((row) => toAlert(row)) };
}

/** An alert row as the contract answers it (`updates`: how many alerts of its subject it stands for). */
/** The caller's own alerts: settled ones left out, an offer's alerts as one entry (core/user-alerts.ts). */
export async function listUserAlerts(deps: AccountsDeps, auth: AuthContext, location: AlertLocation) {
  const listed = await listCurrentUserAlerts(deps.db, auth.userId, location, ALERTS_SHOWN_MAX);
  return { results: listed.map(({ row, updates }) => toAlert(row, { updates })) };
}

export const listPublicAlerts = (deps: AccountsDeps, location: AlertLocation) =>
  listAlerts(deps.db, location, null);

/** Orders still under way: neither completed nor cancelled or refunded. */
const OPEN_ORDER_STATES = ['placed', 'paid', 'awaitingDealer', 'shipped', 'delivered'] as const;

/** The figures of the dashboard that are counted per buyer and per seller, in one statement. */
async function dashboardCounts(db: Database, userId: string) {
  const open = sql.join(
    OPEN_ORDER_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const [row] = await queryRows<{
    favorites: number;
    savedSearches: number;
    boughtOpen: number;
    soldOpen: number;
  }>(
    db,
    sql`select
      (select count(*)::int from ${favorites} where user_id = ${userId}) as "favorites",
      (select count(*)::int from ${savedSearches} where user_id = ${userId}) as "savedSearches",
      (select count(*)::int from ${orders} where buyer_id = ${userId} and state in (${open})) as "boughtOpen",
      (select count(*)::int from ${orders} where seller_id = ${userId} and state in (${open})) as "soldOpen"`,
  );
  return row!;
}

/**
 * The dashboard's figures, each counted from the database. Offers, messages and escrow are not
 * built yet: their figures are left out (the contract makes them optional) rather than shown as 0.
 */
export async function dashboardSummary(deps: AccountsDeps, auth: AuthContext): Promise<DashboardSummary> {
  const user = await requireUser(deps.db, auth);
  const counts = await dashboardCounts(deps.db, user.id);
  const offers = await liveOfferCounts(deps.db, user.id);
  let selling: DashboardSummary['selling'] = null;
  if (isSellerRole(user.roles)) {
    // The tabs of My listings: out-of-stock and frozen listings are counted apart from active ones.
    const listings = await sellerListingCounts(deps.db, user.id);
    selling = {
      activeListings: listings.active,
      soldListings: listings.sold,
      closedListings: listings.closed,
      openOrders: counts.soldOpen,
      offers: offers.selling,
    };
  }
  return {
    buying: {
      favorites: counts.favorites,
      savedSearches: counts.savedSearches,
      openOrders: counts.boughtOpen,
      offers: offers.buying,
    },
    selling,
    messages: { unread: await unreadCount(deps.db, user.id) },
    billing: { pastDueAmount: user.pastDueAmount, escrowBalance: await escrowBalanceOf(deps.db, user.id) },
  };
}

export async function listingEligibility(deps: AccountsDeps, auth: AuthContext): Promise<ListingEligibility> {
  return listingEligibilityOf(await requireUser(deps.db, auth));
}
