import { sql } from 'drizzle-orm';
import type { AdminUserDetail } from '../../../shared/contract/admin.ts';
import { STAFF_LISTING_OPTIONS } from '../../../shared/domain/listing.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';

/** How many of each the user detail lists; the totals are counted apart. */
const RECENT = 10;

type Activity = Pick<AdminUserDetail, 'recentListings' | 'recentOrders' | 'recentOffers' | 'messageReports'>;

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The newest listings, orders, offers and message reports of one user, for the console. */
export async function userActivity(db: DbExecutor, userId: string): Promise<Activity> {
  const [listingRows, orderRows, offerRows, reportRows] = await Promise.all([
    queryRows<{
      id: string;
      title: string;
      price: string | number;
      is_active: boolean;
      is_sold: boolean;
      frozen: boolean;
      created_at: Date | string;
    }>(
      db,
      sql`select id, title, price, is_active, is_sold,
          (listing_options & ${STAFF_LISTING_OPTIONS}) <> 0 as frozen, created_at
        from listings where user_id = ${userId}
        order by created_at desc, id desc limit ${RECENT}`,
    ),
    queryRows<{
      id: string;
      side: 'buyer' | 'seller';
      state: string;
      total: string | number;
      created_at: Date | string;
    }>(
      db,
      sql`select id, case when buyer_id = ${userId} then 'buyer' else 'seller' end as side, state, total, created_at
        from orders where buyer_id = ${userId} or seller_id = ${userId}
        order by created_at desc, id desc limit ${RECENT}`,
    ),
    queryRows<{
      id: string;
      side: 'buyer' | 'seller';
      title: string;
      state: string;
      amount: string | number;
      quantity: number;
      created_at: Date | string;
    }>(
      db,
      sql`select o.id, case when o.buyer_id = ${userId} then 'buyer' else 'seller' end as side, l.title,
          o.state, o.amount, o.quantity, o.created_at
        from offers o join listings l on l.id = o.listing_id
        where o.buyer_id = ${userId} or o.seller_id = ${userId}
        order by o.created_at desc, o.id desc limit ${RECENT}`,
    ),
    queryRows<{
      id: string;
      direction: 'by' | 'about';
      other_id: string;
      other_email: string;
      subject: string;
      reason: string;
      created_at: Date | string;
    }>(
      db,
      sql`select p.id, case when p.reporter_id = ${userId} then 'by' else 'about' end as direction,
          other.id as other_id, other.email as other_email, m.subject, p.reason, p.created_at
        from message_reports p
        join messages m on m.id = p.message_id
        join users other on other.id = case when p.reporter_id = ${userId} then m.sender_id else p.reporter_id end
        where p.reporter_id = ${userId} or m.sender_id = ${userId}
        order by p.created_at desc, p.id desc limit ${RECENT}`,
    ),
  ]);
  return {
    recentListings: listingRows.map((row) => ({
      id: row.id,
      title: row.title,
      price: Number(row.price),
      isActive: row.is_active,
      isSold: row.is_sold,
      frozen: row.frozen,
      createdAt: iso(row.created_at),
    })),
    recentOrders: orderRows.map((row) => ({
      id: row.id,
      side: row.side,
      state: row.state,
      total: Number(row.total),
      createdAt: iso(row.created_at),
    })),
    recentOffers: offerRows.map((row) => ({
      id: row.id,
      side: row.side,
      listingTitle: row.title,
      state: row.state,
      amount: Number(row.amount),
      quantity: row.quantity,
      createdAt: iso(row.created_at),
    })),
    messageReports: reportRows.map((row) => ({
      id: row.id,
      direction: row.direction,
      otherParty: { id: row.other_id, email: row.other_email },
      subject: row.subject,
      reason: row.reason,
      createdAt: iso(row.created_at),
    })),
  };
}
