import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AdminAuditAction } from '../../../shared/contract/admin.ts';
import type {
  AdminDisputesResponse,
  adminDisputesQuerySchema,
  EscrowDispute,
} from '../../../shared/contract/billing-ledger.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/contract/common.ts';
import type { OrderState } from '../../../shared/domain/orders.ts';
import { orderNumber } from '../../../shared/domain/orders.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';

/**
 * GET /pprAdmin/escrow/disputes: the staff queue of escrow disputes. An order carries at most one
 * dispute (only a held order can be disputed, and a resolved one is no longer held), so a dispute is
 * an order with a dispute reason: open while its funds are `disputed`, resolved once refunded or
 * released. When it was opened comes from the order's history; who resolved it, how and why from
 * the audit entry the resolution wrote (found through the buyer's entries, which are indexed), with
 * the staff member's current email (the one kept in the entry once the account is gone).
 */

/** The note of the order event a dispute writes; the list reads when the dispute was opened from it. */
export const DISPUTE_NOTE_PREFIX = 'Disputed: ';

interface DisputeRow extends Record<string, unknown> {
  id: string;
  number: number;
  state: OrderState;
  escrow_status: 'disputed' | 'released' | 'refunded';
  total: string | number;
  reason: string;
  disputed_at: Date | string;
  buyer_id: string;
  buyer_name: string;
  buyer_email: string;
  seller_id: string;
  seller_name: string;
  seller_email: string;
  resolver_id: string | null;
  resolver_email: string | null;
  resolved_at: Date | string | null;
  resolution_note: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toDispute(row: DisputeRow): EscrowDispute {
  return {
    orderId: row.id,
    orderNumber: orderNumber(Number(row.number)),
    state: row.state,
    buyer: { id: row.buyer_id, name: row.buyer_name, email: row.buyer_email },
    seller: { id: row.seller_id, name: row.seller_name, email: row.seller_email },
    amount: Number(row.total),
    reason: row.reason,
    disputedAt: iso(row.disputed_at),
    resolution:
      row.escrow_status === 'disputed' || row.resolved_at === null
        ? null
        : {
            outcome: row.escrow_status === 'refunded' ? 'refund' : 'release',
            resolvedBy:
              row.resolver_id && row.resolver_email
                ? { id: row.resolver_id, email: row.resolver_email }
                : null,
            resolvedAt: iso(row.resolved_at),
            note: row.resolution_note,
          },
  };
}

const displayName = (alias: string) =>
  sql.raw(`coalesce(${alias}.seller_display_name, ${alias}.first_name || ' ' || ${alias}.last_name)`);

export async function listDisputes(
  db: DbExecutor,
  query: z.output<typeof adminDisputesQuerySchema>,
): Promise<AdminDisputesResponse> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const open = query.status === 'open';
  const where: SQL = open
    ? sql`o.escrow_status = 'disputed'`
    : sql`o.dispute_reason is not null and o.escrow_status in ('released', 'refunded')`;
  const order: SQL = open ? sql`disputed_at asc, id asc` : sql`resolved_at desc, id desc`;
  const found = await pagedRead(
    { page, pageSize },
    {
      count: () =>
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from orders o where ${where}`),
      rows: ({ limit, offset }) =>
        queryRows<DisputeRow>(
          db,
          sql`select * from (
          select o.id, o.number, o.state, o.escrow_status, o.total,
            coalesce(o.dispute_reason, '') as reason,
            coalesce(
              (select max(e.created_at) from order_events e
                where e.order_id = o.id and e.actor = 'buyer' and e.note like ${`${DISPUTE_NOTE_PREFIX}%`}),
              o.updated_at
            ) as disputed_at,
            b.id as buyer_id, ${displayName('b')} as buyer_name, b.email as buyer_email,
            s.id as seller_id, ${displayName('s')} as seller_name, s.email as seller_email,
            r.admin_id as resolver_id, r.admin_email as resolver_email, r.note as resolution_note,
            case when o.escrow_status = 'disputed' then null else coalesce(r.created_at, o.updated_at) end
              as resolved_at
          from orders o
          join users b on b.id = o.buyer_id
          join users s on s.id = o.seller_id
          left join lateral (
            select a.admin_id, coalesce(staff.email, a.admin_email) as admin_email, a.created_at,
              a.after ->> 'note' as note
            from admin_audit_log a
            left join users staff on staff.id = a.admin_id
            where a.target_user_id = o.buyer_id
              and a.action = ${AdminAuditAction.ResolveEscrowDispute}
              and a.after ->> 'orderId' = o.id::text
            order by a.created_at desc
            limit 1
          ) r on o.escrow_status <> 'disputed'
          where ${where}
        ) d
        order by ${order}
        limit ${limit} offset ${offset}`,
        ),
    },
  );
  return { ...found, results: found.results.map(toDispute) };
}
