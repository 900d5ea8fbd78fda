import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminAccountAction, AdminUserDetail } from '../../../shared/contract/admin.ts';
import { FreezeReason, Role, UserOption, UserStatus } from '../../../shared/domain/user.ts';
import { listingPath, paths } from '../../../shared/routes/paths.ts';
import { useStartViewingAs } from '../../lib/session/impersonation.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { useAccountAction, useAddCredit, useImpersonationToken, useUserDetail } from './api/admin-queries.ts';
import { adminPath, ConfirmDialog, formatMoney, formatTime, ListState } from './console-parts.tsx';

type ActionKind =
  | 'viewAs'
  | 'addCredit'
  | 'freeze'
  | 'unfreeze'
  | 'lock'
  | 'unlock'
  | 'forcePasswordReset'
  | 'setRoles'
  | 'resendConfirmation';

const FREEZE_LABELS: Record<FreezeReason, string> = {
  NonPayment: 'Non-payment (past-due balance)',
  Fraud: 'Fraud (also freezes their listings)',
};

const MAX_CREDIT = 10_000;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function None({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
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
        {user.escrow.entries.length === 0 ? (
          <None>No ledger entries yet.</None>
        ) : (
          <ul className={styles.rows}>
            {user.escrow.entries.slice(0, 10).map((entry) => (
              <li key={entry.id}>
                {formatTime(entry.createdAt)} · {entry.kind}{' '}
                <span className={styles.figure}>{formatMoney(entry.amount)}</span> · {entry.description}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section
        title={`Listings (${user.listings.total}: ${user.listings.active} active, ${user.listings.frozen} frozen)`}
      >
        {user.recentListings.length === 0 ? (
          <None>No listings.</None>
        ) : (
          <ul className={styles.rows}>
            {user.recentListings.map((listing) => (
              <li key={listing.id}>
                <Link to={listingPath(listing.id, listing.title)}>{listing.title}</Link> ·{' '}
                <span className={styles.figure}>{formatMoney(listing.price)}</span> ·{' '}
                {listing.frozen ? 'frozen' : listing.isSold ? 'sold' : listing.isActive ? 'active' : 'closed'}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={`Orders (${user.orders.asBuyer} bought, ${user.orders.asSeller} sold)`}>
        {user.recentOrders.length === 0 ? (
          <None>No orders.</None>
        ) : (
          <ul className={styles.rows}>
            {user.recentOrders.map((order) => (
              <li key={order.id}>
                {formatTime(order.createdAt)} · as {order.side} · {order.state} ·{' '}
                <span className={styles.figure}>{formatMoney(order.total)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Offers">
        {user.recentOffers.length === 0 ? (
          <None>No offers.</None>
        ) : (
          <ul className={styles.rows}>
            {user.recentOffers.map((offer) => (
              <li key={offer.id}>
                {formatTime(offer.createdAt)} · as {offer.side} · {offer.listingTitle} · {offer.quantity} ×{' '}
                <span className={styles.figure}>{formatMoney(offer.amount)}</span> · {offer.state}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Messages reported">
        {user.messageReports.length === 0 ? (
          <None>No reported messages by or about this user.</None>
        ) : (
          <ul className={styles.rows}>
            {user.messageReports.map((report) => (
              <li key={report.id}>
                {formatTime(report.createdAt)} ·{' '}
                {report.direction === 'by'
                  ? `reported a message from ${report.otherParty.email}`
                  : `reported by ${report.otherParty.email}`}{' '}
                · “{report.subject}” · {report.reason}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Recent sign-ins">
        {user.signIns.length === 0 ? (
          <None>No sign-ins recorded.</None>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Address</th>
                <th scope="col">Client</th>
              </tr>
            </thead>
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

function Actions({ user }: { user: AdminUserDetail }) {
  const [open, setOpen] = useState<ActionKind | null>(null);
  const [freezeReason, setFreezeReason] = useState<FreezeReason>('NonPayment');
  const [unfreezeReason, setUnfreezeReason] = useState<FreezeReason>(user.freezeReasons[0] ?? 'NonPayment');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [roles, setRoles] = useState<string[]>(user.roles);
  const [done, setDone] = useState<string | null>(null);
  const act = useAccountAction(user.id);
  const addCredit = useAddCredit();
  const token = useImpersonationToken();
  const startViewingAs = useStartViewingAs();
  const navigate = useNavigate();
  const who = `${user.firstName} ${user.lastName} (${user.email})`;
  const isAdmin = user.roles.includes(Role.Admin);
  const notFrozen = Object.values(FreezeReason).filter((reason) => !user.freezeReasons.includes(reason));

  const run = (body: AdminAccountAction, message: string) => async () => {
    await act.mutateAsync(body);
    setDone(message);
  };
  const amountValue = Number(amount);
  const creditProblem =
    amount === ''
      ? null
      : !(amountValue >= 0.01 && amountValue <= MAX_CREDIT) ||
          Math.round(amountValue * 100) !== amountValue * 100
        ? `Enter an amount from $0.01 to $${MAX_CREDIT.toLocaleString('en-US')}, in cents at most.`
        : null;

  const dialogs: Record<
    ActionKind,
    {
      title: string;
      confirm: string;
      onConfirm: () => Promise<unknown>;
      body?: ReactNode;
      disabled?: boolean;
    }
  > = {
    viewAs: {
      title: `View the site as ${who}?`,
      confirm: 'View as this user',
      body: (
        <p>
          You will see what they see. Their password, email and payments stay out of reach; the view lasts at
          most an hour and is recorded in the audit log.
        </p>
      ),
      onConfirm: async () => {
        const { token: viewToken } = await token.mutateAsync(user.id);
        await startViewingAs(viewToken);
        navigate(paths.dashboard());
      },
    },
    addCredit: {
      title: `Add credit to ${who}`,
      confirm: 'Add credit',
      disabled: amount === '' || creditProblem !== null || description.trim() === '',
      body: (
        <>
          <FormField
            label="Amount (USD)"
            error={creditProblem ?? undefined}
            help={`At most $${MAX_CREDIT.toLocaleString('en-US')}.`}
          >
            {(control) => (
              <TextInput
                {...control}
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Description" help="Shown in the user's escrow account.">
            {(control) => (
              <TextInput
                {...control}
                maxLength={500}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
              />
            )}
          </FormField>
        </>
      ),
      onConfirm: async () => {
        const result = await addCredit.mutateAsync({
          userId: user.id,
          amount: amountValue,
          description: description.trim(),
        });
        setAmount('');
        setDescription('');
        setDone(`Added ${formatMoney(result.amount)}; the balance is ${formatMoney(result.balance)}.`);
      },
    },
    freeze: {
      title: `Freeze ${who}?`,
      confirm: 'Freeze account',
      body: (
        <FormField label="Reason">
          {(control) => (
            <SelectInput
              {...control}
              value={freezeReason}
              onChange={(event) => setFreezeReason(event.target.value as FreezeReason)}
            >
              {notFrozen.map((reason) => (
                <option key={reason} value={reason}>
                  {FREEZE_LABELS[reason]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
      ),
      onConfirm: run({ action: 'freeze', reason: freezeReason }, 'The account is frozen.'),
    },
    unfreeze: {
      title: `Unfreeze ${who}?`,
      confirm: 'Unfreeze account',
      body: (
        <FormField label="Lift the freeze for">
          {(control) => (
            <SelectInput
              {...control}
              value={unfreezeReason}
              onChange={(event) => setUnfreezeReason(event.target.value as FreezeReason)}
            >
              {user.freezeReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {FREEZE_LABELS[reason]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
      ),
      onConfirm: run({ action: 'unfreeze', reason: unfreezeReason }, 'The freeze is lifted.'),
    },
    lock: {
      title: `Lock ${who}?`,
      confirm: 'Lock account',
      body: <p>Their sessions end at once and they cannot use the site until unlocked.</p>,
      onConfirm: run({ action: 'lock' }, 'The account is locked.'),
    },
    unlock: {
      title: `Unlock ${who}?`,
      confirm: 'Unlock account',
      onConfirm: run({ action: 'unlock' }, 'The account is unlocked.'),
    },
    forcePasswordReset: {
      title: `Force a password reset for ${who}?`,
      confirm: 'Force reset',
      body: <p>Their sessions end and they are e-mailed a link to choose a new password.</p>,
      onConfirm: run({ action: 'forcePasswordReset' }, 'Sessions ended; a reset link was e-mailed.'),
    },
    setRoles: {
      title: `Change the roles of ${who}`,
      confirm: 'Save roles',
      body: (
        <fieldset className={styles.fieldset}>
          <legend>Roles (Buyer is always kept)</legend>
          {Object.values(Role).map((role) => (
            <Checkbox
              key={role}
              label={role}
              checked={role === Role.Buyer || roles.includes(role)}
              disabled={role === Role.Buyer}
              onChange={(event) =>
                setRoles((current) =>
                  event.target.checked ? [...current, role] : current.filter((r) => r !== role),
                )
              }
            />
          ))}
        </fieldset>
      ),
      onConfirm: run(
        {
          action: 'setRoles',
          roles: Object.values(Role).filter((role) => role === Role.Buyer || roles.includes(role)),
        },
        'The roles are saved.',
      ),
    },
    resendConfirmation: {
      title: `Resend the confirmation e-mail to ${who}?`,
      confirm: 'Resend',
      onConfirm: run({ action: 'resendConfirmation' }, 'The confirmation e-mail was sent again.'),
    },
  };

  const buttons: [ActionKind, string, boolean][] = [
    ['viewAs', 'View as user', !isAdmin],
    ['addCredit', 'Add credit', true],
    ['freeze', 'Freeze…', notFrozen.length > 0],
    ['unfreeze', 'Unfreeze…', user.freezeReasons.length > 0],
    ['lock', 'Lock', user.status !== UserStatus.Locked],
    ['unlock', 'Unlock', user.status === UserStatus.Locked],
    ['forcePasswordReset', 'Force password reset', true],
    ['setRoles', 'Change roles…', true],
    ['resendConfirmation', 'Resend confirmation', !user.emailConfirmed],
  ];
  const dialog = open ? dialogs[open] : null;

  return (
    <section className={styles.section} aria-label="Actions">
      <h3>Actions</h3>
      <div className={styles.actions}>
        {buttons
          .filter(([, , shown]) => shown)
          .map(([kind, label]) => (
            <Button
              key={kind}
              size="sm"
              variant={kind === 'viewAs' ? 'primary' : 'secondary'}
              onClick={() => {
                setDone(null);
                if (kind === 'freeze') setFreezeReason(notFrozen[0] ?? 'NonPayment');
                if (kind === 'unfreeze') setUnfreezeReason(user.freezeReasons[0] ?? 'NonPayment');
                if (kind === 'setRoles') setRoles(user.roles);
                setOpen(kind);
              }}
            >
              {label}
            </Button>
          ))}
      </div>
      {done ? (
        <p role="status" className={styles.done}>
          {done}
        </p>
      ) : null}
      {dialog ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => setOpen(next ? open : null)}
          title={dialog.title}
          confirmLabel={dialog.confirm}
          onConfirm={dialog.onConfirm}
          disabled={dialog.disabled}
        >
          {dialog.body}
        </ConfirmDialog>
      ) : null}
    </section>
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
            <Actions user={user} />
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
