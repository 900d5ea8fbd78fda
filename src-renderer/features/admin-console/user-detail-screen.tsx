import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminUserDetail } from '../../../shared/contract/admin.ts';
import { UserOption } from '../../../shared/domain/user.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import styles from './admin-console.module.css';
import { useUserDetail } from './api/admin-queries.ts';
import { adminPath, formatMoney, formatTime, ListState, TableHead } from './console-parts.tsx';
import { FREEZE_LABELS, hasValuationAccess } from './user-action-dialogs.tsx';
import { UserActions } from './user-actions.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** A section's recent records, one a line, or what says there are none. */
function Rows<T>({
  items,
  empty,
  keyOf,
  children,
}: {
  items: readonly T[];
  empty: string;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.rows}>
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}

function Facts({ user }: { user: AdminUserDetail }) {
  const rows: [string, ReactNode][] = [
    ['Email', `${user.email}${user.emailConfirmed ? ' (confirmed)' : ' (not confirmed)'}`],
    ['Phone', user.phone ?? '—'],
    ['User id', <code key="id">{user.id}</code>],
    ['Legacy lister id', user.legacyListerId ?? '—'],
    ['Roles', user.roles.join(', ')],
    ['Status', user.status],
    [
      'Frozen',
      user.freezeReasons.length > 0 ? user.freezeReasons.map((r) => FREEZE_LABELS[r]).join('; ') : 'No',
    ],
    ['Past due', formatMoney(user.pastDueAmount)],
    ['Dealer (FFL)', user.isDealer ? 'Yes' : 'No'],
    ['Valuations', hasValuationAccess(user) ? 'Allowed (staff granted)' : 'Not allowed'],
    [
      'Options',
      Object.entries(UserOption)
        .filter(([, bit]) => bit !== 0 && (user.userOptions & bit) !== 0)
        .map(([name]) => name)
        .join(', ') || '—',
    ],
    ['Joined', formatTime(user.createdAt)],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Activity({ user }: { user: AdminUserDetail }) {
  return (
    <>
      <Section title="Escrow and credit">
        <p>
          Balance <strong className={styles.figure}>{formatMoney(user.escrow.balance)}</strong> · held{' '}
          <span className={styles.figure}>{formatMoney(user.escrow.pendingBalance)}</span>
        </p>
        <Rows
          items={user.escrow.entries.slice(0, 10)}
          empty="No ledger entries yet."
          keyOf={(entry) => entry.id}
        >
          {(entry) => (
            <>
              {formatTime(entry.createdAt)} · {entry.kind}{' '}
              <span className={styles.figure}>{formatMoney(entry.amount)}</span> · {entry.description}
            </>
          )}
        </Rows>
      </Section>
      <Section
        title={`Listings (${user.listings.total}: ${user.listings.active} active, ${user.listings.frozen} frozen)`}
      >
        <Rows items={user.recentListings} empty="No listings." keyOf={(listing) => listing.id}>
          {(listing) => (
            <>
              <Link to={listingPath(listing.id, listing.title)}>{listing.title}</Link> ·{' '}
              <span className={styles.figure}>{formatMoney(listing.price)}</span> ·{' '}
              {listing.frozen ? 'frozen' : listing.isSold ? 'sold' : listing.isActive ? 'active' : 'closed'}
            </>
          )}
        </Rows>
      </Section>
      <Section title={`Orders (${user.orders.asBuyer} bought, ${user.orders.asSeller} sold)`}>
        <Rows items={user.recentOrders} empty="No orders." keyOf={(order) => order.id}>
          {(order) => (
            <>
              {formatTime(order.createdAt)} · as {order.side} · {order.state} ·{' '}
              <span className={styles.figure}>{formatMoney(order.total)}</span>
            </>
          )}
        </Rows>
      </Section>
      <Section title="Offers">
        <Rows items={user.recentOffers} empty="No offers." keyOf={(offer) => offer.id}>
          {(offer) => (
            <>
              {formatTime(offer.createdAt)} · as {offer.side} · {offer.listingTitle} · {offer.quantity} ×{' '}
              <span className={styles.figure}>{formatMoney(offer.amount)}</span> · {offer.state}
            </>
          )}
        </Rows>
      </Section>
      <Section title="Messages reported">
        <Rows
          items={user.messageReports}
          empty="No reported messages by or about this user."
          keyOf={(report) => report.id}
        >
          {(report) => (
            <>
              {formatTime(report.createdAt)} ·{' '}
              {report.direction === 'by'
                ? `reported a message from ${report.otherParty.email}`
                : `reported by ${report.otherParty.email}`}{' '}
              · “{report.subject}” · {report.reason}
            </>
          )}
        </Rows>
      </Section>
      <Section title="Recent sign-ins">
        {user.signIns.length === 0 ? (
          <p className={styles.empty}>No sign-ins recorded.</p>
        ) : (
          <table className={styles.table}>
            <TableHead columns={['When', 'Address', 'Client']} />
            <tbody>
              {user.signIns.map((signIn) => (
                <tr key={`${signIn.createdAt}-${signIn.address}`}>
                  <td>{formatTime(signIn.createdAt)}</td>
                  <td>
                    <code>{signIn.address}</code>
                  </td>
                  <td>{signIn.userAgent ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </>
  );
}

export function UserDetailScreen({ id }: { id: string }) {
  const detail = useUserDetail(id);
  return (
    <section aria-labelledby="admin-user-heading" className={styles.screen}>
      <p>
        <Link to={adminPath()}>← User search</Link>
      </p>
      <ListState query={detail} label="this user" empty="" isEmpty={() => false}>
        {(user) => (
          <>
            <h2 id="admin-user-heading">
              {user.firstName} {user.lastName}
              {user.sellerDisplayName ? ` · ${user.sellerDisplayName}` : ''}
            </h2>
            <Facts user={user} />
            <UserActions user={user} />
            <Activity user={user} />
            <p>
              <Link to={`${adminPath('audit')}?targetUserId=${user.id}`}>Audit log for this user</Link>
            </p>
          </>
        )}
      </ListState>
    </section>
  );
}
