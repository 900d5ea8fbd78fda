import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AdminAccountAction,
  AdminAuditEntry,
  AdminAuditResponse,
  AdminUserDetail,
  AdminUserRow,
  AdminUserSearchRequest,
  AdminUserSearchResponse,
  adminAuditQuerySchema,
} from '../../../shared/contract/admin.ts';
import type { CreditTransaction, creditTransactionRequestSchema } from '../../../shared/contract/billing.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/contract/common.ts';
import { clearFlag, hasFlag, setFlag } from '../../../shared/domain/flags.ts';
import { ListingOption, STAFF_LISTING_OPTIONS } from '../../../shared/domain/listing.ts';
import {
  AccountOption,
  FreezeReason,
  isAdminRole,
  Role,
  UserOption,
  UserStatus,
} from '../../../shared/domain/user.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import type { UserRow } from '../../core/accounts/users-repository.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import { adminAuditLog, ledgerTransactions, listings, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { resetLink, resetMessage } from '../../mail/account-messages.ts';
import { sendQuietly } from '../../mail/delivery.ts';
import {
  createOneTimeToken,
  issueImpersonationToken,
  recentSignIns,
  sendConfirmation,
} from '../auth/index.ts';
import { escrowAccountOf, LedgerKind, postMovement } from '../billing/index.ts';
import { userActivity } from './user-activity.ts';

export const ADMIN_MESSAGES = {
  userNotFound: 'No user has that id.',
  adminNotImpersonated: 'An administrator account cannot be viewed as; act on it from the console instead.',
  lastAdmin: 'You are the last administrator: another administrator must exist before you give up the role.',
  notFrozen: 'The account is not frozen for that reason.',
  alreadyFrozen: 'The account is already frozen for that reason.',
  alreadyLocked: 'The account is already locked.',
  notLocked: 'The account is not locked.',
  alreadyConfirmed: 'This account has confirmed its email already.',
  alreadyValuationAllowed: 'This account already has the valuation option.',
  notValuationAllowed: 'This account does not have the valuation option.',
} as const;

/** The largest single credit an admin may add; larger amounts go through billing. */
export const MAX_ADMIN_CREDIT = 10_000;

const FREEZE_FLAG: Record<FreezeReason, number> = {
  [FreezeReason.NonPayment]: AccountOption.FrozenForNonPayment,
  [FreezeReason.Fraud]: AccountOption.FrozenForFraud,
};
const LISTING_FREEZE_FLAG = ListingOption.FrozenDueToFraud;

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

function toRow(user: UserRow): AdminUserRow {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    sellerDisplayName: user.sellerDisplayName,
    roles: user.roles,
    status: user.status,
    accountOptions: user.accountOptions,
    userOptions: user.userOptions,
    legacyListerId: user.legacyListerId,
    createdAt: user.createdAt.toISOString(),
  };
}

const SORTS: Record<NonNullable<AdminUserSearchRequest['sort']>, Array<SQL | PgColumn>> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [users.createdAt, users.id],
  email: [sql`lower(${users.email})`, users.id],
  name: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, users.id],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A keyword made of a phone number's characters alone: digits, spaces, brackets, dots, dashes, a leading +. */
const PHONE_SHAPED = /^\+?[\d\s().-]+$/;

/** An ILIKE pattern that finds the text anywhere, its wildcards taken literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function keywordCondition(keyword: string): SQL {
  const like = containing(keyword);
  // A phone number typed any way ('(214) 555-0142', '+1 214 555 0142'), never the digits of other
  // text: an email address with digits in it finds no one by phone.
  const digits = PHONE_SHAPED.test(keyword) ? keyword.replace(/\D/g, '') : '';
  const any: SQL[] = [
    sql`${users.email} ilike ${like}`,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
    sql`coalesce(${users.sellerDisplayName}, '') ilike ${like}`,
  ];
  if (digits.length >= 4)
    any.push(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`);
  if (/^\d{1,15}$/.test(keyword)) any.push(sql`${users.legacyListerId} = ${Number(keyword)}`);
  if (UUID.test(keyword)) any.push(sql`${users.id} = ${keyword.toLowerCase()}`);
  return sql`(${sql.join(any, sql` or `)})`;
}

export async function searchUsers(
  db: Database,
  request: AdminUserSearchRequest,
): Promise<AdminUserSearchResponse> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  const where: SQL[] = [];
  if (request.keyword) where.push(keywordCondition(request.keyword));
  if (request.role) where.push(sql`${request.role} = any(${users.roles})`);
  if (request.status) where.push(eq(users.status, request.status));
  const condition = where.length > 0 ? and(...where) : undefined;
  const found = await pagedRead(
    { page, pageSize },
    {
      count: () => db.select({ total: count() }).from(users).where(condition),
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(users)
          .where(condition)
          .orderBy(...SORTS[request.sort ?? 'newest'])
          .limit(limit)
          .offset(offset),
    },
  );
  return { ...found, results: found.results.map(toRow) };
}

export async function requireUser(db: DbExecutor, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  return user;
}

export async function userDetail(db: Database, id: string): Promise<AdminUserDetail> {
  const user = await requireUser(db, id);
  const [listingCounts] = await queryRows<{ total: number; active: number; frozen: number }>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where is_active and not is_sold and (listing_options & ${STAFF_LISTING_OPTIONS}) = 0)::int as active,
        count(*) filter (where (listing_options & ${STAFF_LISTING_OPTIONS}) <> 0)::int as frozen
      from listings where user_id = ${id}`,
  );
  const [orderCounts] = await queryRows<{ as_buyer: number; as_seller: number }>(
    db,
    sql`select count(*) filter (where buyer_id = ${id})::int as as_buyer,
        count(*) filter (where seller_id = ${id})::int as as_seller
      from orders where buyer_id = ${id} or seller_id = ${id}`,
  );
  const activity = await userActivity(db, id);
  return {
    ...toRow(user),
    ...activity,
    signIns: await recentSignIns(db, id),
    phone: user.phone,
    isDealer: user.isDealer,
    emailConfirmed: user.emailConfirmedAt !== null,
    freezeReasons: Object.values(FreezeReason).filter((reason) =>
      hasFlag(user.accountOptions, FREEZE_FLAG[reason]),
    ),
    pastDueAmount: user.pastDueAmount,
    listings: listingCounts ?? { total: 0, active: 0, frozen: 0 },
    orders: { asBuyer: orderCounts?.as_buyer ?? 0, asSeller: orderCounts?.as_seller ?? 0 },
    escrow: await escrowAccountOf(db, user),
  };
}

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

/** What an account action may change, as the audit log records it before and after. */
function accountState(user: UserRow): Record<string, unknown> {
  return {
    status: user.status,
    roles: [...user.roles],
    accountOptions: user.accountOptions,
    userOptions: user.userOptions,
    tokenVersion: user.tokenVersion,
  };
}

export async function auditLog(
  db: Database,
  query: z.output<typeof adminAuditQuerySchema>,
): Promise<AdminAuditResponse> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const where: SQL[] = [];
  if (query.keyword) {
    const like = containing(query.keyword);
    where.push(
      sql`(${adminAuditLog.adminEmail} ilike ${like} or coalesce(${adminAuditLog.targetEmail}, '') ilike ${like})`,
    );
  }
  if (query.adminId) where.push(eq(adminAuditLog.adminId, query.adminId));
  if (query.targetUserId) where.push(eq(adminAuditLog.targetUserId, query.targetUserId));
  if (query.action) where.push(eq(adminAuditLog.action, query.action));
  if (query.from) where.push(gte(adminAuditLog.createdAt, new Date(query.from)));
  if (query.to) where.push(lte(adminAuditLog.createdAt, new Date(query.to)));
  const condition = where.length > 0 ? and(...where) : undefined;
  const found = await pagedRead(
    { page, pageSize },
    {
      count: () => db.select({ total: count() }).from(adminAuditLog).where(condition),
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(adminAuditLog)
          .where(condition)
          .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
          .limit(limit)
          .offset(offset),
    },
  );
  const results: AdminAuditEntry[] = found.results.map((row) => ({
    id: row.id,
    adminId: row.adminId,
    adminEmail: row.adminEmail,
    action: row.action,
    targetUserId: row.targetUserId,
    targetEmail: row.targetEmail,
    address: row.address,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
  return { ...found, results };
}

// ---------------------------------------------------------------------------------------------
// Impersonation
// ---------------------------------------------------------------------------------------------

/** A short-lived token for the user that names the admin; recorded in the audit log. */
export async function impersonate(db: Database, secret: string, actor: AdminActor, id: string) {
  const user = await requireUser(db, id);
  if (isAdminRole(user.roles)) throw forbidden(ADMIN_MESSAGES.adminNotImpersonated);
  const token = await issueImpersonationToken(user, actor.auth.userId, secret);
  await audit(db, actor, 'impersonate', user, null, null);
  return { token };
}

// ---------------------------------------------------------------------------------------------
// Escrow and credit
// ---------------------------------------------------------------------------------------------

/** A credit to the user's escrow account: one ledger entry and its audit entry, in one transaction. */
export async function addCredit(
  db: Database,
  actor: AdminActor,
  body: z.output<typeof creditTransactionRequestSchema>,
): Promise<CreditTransaction> {
  if (body.amount > MAX_ADMIN_CREDIT) {
    const message = `A credit is at most $${MAX_ADMIN_CREDIT.toLocaleString('en-US')}.`;
    throw badRequest(message, { amount: message });
  }
  return db.transaction(async (tx) => {
    const user = await requireUser(tx, body.userId);
    const entryId = await postMovement(
      tx,
      LedgerKind.Credit,
      { user: user.id },
      Math.round(body.amount * 100),
      body.description,
      { createdBy: actor.auth.userId },
    );
    const [entry] = entryId
      ? await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, entryId))
      : [];
    if (!entry) throw new Error('The credit was not written.');
    const { balance } = await escrowAccountOf(tx, user);
    await audit(tx, actor, 'addCredit', user, null, {
      entryId: entry.id,
      amount: body.amount,
      description: body.description,
      balance,
    });
    return {
      id: entry.id,
      userId: user.id,
      amount: body.amount,
      description: entry.description,
      createdBy: actor.auth.userId,
      createdAt: entry.createdAt.toISOString(),
      balance,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Account actions
// ---------------------------------------------------------------------------------------------

/** Roles as stored: Buyer always kept, each role once, in the order of `Role`. */
function normalizedRoles(roles: readonly string[]): string[] {
  const wanted = new Set<string>([Role.Buyer, ...roles]);
  return Object.values(Role).filter((role) => wanted.has(role));
}

/**
 * One account action, with its audit entry (the account before and after) in the same transaction.
 * Mail (a reset link, a confirmation) goes out after the commit.
 */
export async function accountAction(
  deps: AccountsDeps,
  actor: AdminActor,
  id: string,
  action: AdminAccountAction,
): Promise<AdminUserRow> {
  const after = await deps.db.transaction(async (tx) => {
    // The row is locked so two admins' actions on one account apply one after the other.
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
    if (!before) throw notFound(ADMIN_MESSAGES.userNotFound);
    const changes = await changesFor(tx, actor, before, action);
    const [updated] = changes
      ? await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning()
      : [before];
    if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
    await audit(tx, actor, action.action, updated, accountState(before), {
      ...accountState(updated),
      ...('reason' in action ? { reason: action.reason } : {}),
      ...('allowed' in action ? { valuationAllowed: action.allowed } : {}),
    });
    return updated;
  });
  if (action.action === 'forcePasswordReset') {
    const token = await createOneTimeToken(deps.db, after.id, 'PasswordReset');
    await sendQuietly(deps, resetMessage(after, resetLink(deps.config.publicOrigin, token)));
  }
  if (action.action === 'resendConfirmation') await sendConfirmation(deps, after);
  return toRow(after);
}

type UserChanges = Partial<
  Pick<UserRow, 'status' | 'roles' | 'accountOptions' | 'userOptions' | 'tokenVersion'>
>;

async function changesFor(
  tx: DbExecutor,
  actor: AdminActor,
  user: UserRow,
  action: AdminAccountAction,
): Promise<UserChanges | null> {
  switch (action.action) {
    case 'freeze': {
      const flag = FREEZE_FLAG[action.reason];
      if (hasFlag(user.accountOptions, flag)) throw conflict(ADMIN_MESSAGES.alreadyFrozen);
      // Fraud takes the user's listings out of search and out of their hands until staff lift it.
      if (action.reason === FreezeReason.Fraud) {
        await tx
          .update(listings)
          .set({ listingOptions: sql`${listings.listingOptions} | ${LISTING_FREEZE_FLAG}` })
          .where(
            and(eq(listings.userId, user.id), sql`(${listings.listingOptions} & ${LISTING_FREEZE_FLAG}) = 0`),
          );
      }
      return { accountOptions: setFlag(user.accountOptions, flag) };
    }
    case 'unfreeze': {
      const flag = FREEZE_FLAG[action.reason];
      if (!hasFlag(user.accountOptions, flag)) throw conflict(ADMIN_MESSAGES.notFrozen);
      if (action.reason === FreezeReason.Fraud) {
        await tx
          .update(listings)
          .set({ listingOptions: sql`${listings.listingOptions} & ${~LISTING_FREEZE_FLAG}` })
          .where(
            and(
              eq(listings.userId, user.id),
              sql`(${listings.listingOptions} & ${LISTING_FREEZE_FLAG}) <> 0`,
            ),
          );
      }
      return { accountOptions: clearFlag(user.accountOptions, flag) };
    }
    case 'lock':
      if (user.status === UserStatus.Locked) throw conflict(ADMIN_MESSAGES.alreadyLocked);
      // A new token version refuses every token issued so far, at once.
      return { status: UserStatus.Locked, tokenVersion: user.tokenVersion + 1 };
    case 'unlock':
      if (user.status !== UserStatus.Locked) throw conflict(ADMIN_MESSAGES.notLocked);
      return { status: UserStatus.Active };
    case 'forcePasswordReset':
      return { tokenVersion: user.tokenVersion + 1 };
    case 'setRoles': {
      const roles = normalizedRoles(action.roles);
      if (user.id === actor.auth.userId && isAdminRole(user.roles) && !isAdminRole(roles)) {
        const [others] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from users
            where ${Role.Admin} = any(roles) and status = ${UserStatus.Active} and id <> ${user.id}`,
        );
        if ((others?.n ?? 0) === 0) throw conflict(ADMIN_MESSAGES.lastAdmin);
      }
      return { roles };
    }
    case 'resendConfirmation':
      if (user.emailConfirmedAt !== null) throw conflict(ADMIN_MESSAGES.alreadyConfirmed);
      return null;
    case 'setValuationAccess': {
      // The identification reads the option from the account, not the token: no new token is needed.
      const flag = UserOption.WhatIsMyGunWorthAllowed;
      if (hasFlag(user.userOptions, flag) === action.allowed) {
        throw conflict(
          action.allowed ? ADMIN_MESSAGES.alreadyValuationAllowed : ADMIN_MESSAGES.notValuationAllowed,
        );
      }
      return {
        userOptions: action.allowed ? setFlag(user.userOptions, flag) : clearFlag(user.userOptions, flag),
      };
    }
  }
}
