import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminAuditAction, type AdminAuditQuery } from '../../../shared/contract/admin.ts';
import { Button } from '../../ui/button.tsx';
import { FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import { useAuditLog } from './api/admin-queries.ts';
import { adminPath, formatTime, ListState, TableHead } from './console-parts.tsx';

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How the log names each action to staff. */
const AUDIT_ACTION_LABELS: Readonly<Record<AdminAuditAction, string>> = {
  impersonate: 'Viewed as the user',
  addCredit: 'Added credit',
  freeze: 'Froze the account',
  unfreeze: 'Unfroze the account',
  lock: 'Locked the account',
  unlock: 'Unlocked the account',
  forcePasswordReset: 'Forced a password reset',
  setRoles: 'Set roles',
  resendConfirmation: 'Resent the confirmation email',
  freezeListing: 'Froze a listing',
  unfreezeListing: 'Unfroze a listing',
  createAlert: 'Created an alert',
  deleteAlert: 'Deleted an alert',
  createShortLink: 'Created a short link',
  resolveEscrowDispute: 'Resolved an escrow dispute',
  readConversation: 'Read a conversation',
  dismissMessageReport: 'Dismissed a message report',
  removeMessage: 'Removed a message',
  warnSender: 'Warned a sender',
  lockSender: 'Locked a reported sender',
  cancelAuction: 'Cancelled an auction',
  setValuationAccess: 'Set the valuation option',
  addFirearmReference: 'Added to the firearms reference',
  editFirearmReference: 'Changed the firearms reference',
  removeFirearmReference: 'Removed from the firearms reference',
};

const FILTERS = ['keyword', 'action', 'adminId', 'targetUserId', 'from', 'to'] as const;

/** A date input's day as the start (from) or end (to) of that day, local time. */
const dayBound = (day: string | null, end: boolean): string | undefined =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

function queryFrom(params: URLSearchParams): AdminAuditQuery {
  const action = params.get('action');
  const id = (name: string) => {
    const value = params.get(name)?.trim();
    return value && UUID.test(value) ? value : undefined;
  };
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    action: Object.values(AdminAuditAction).find((value) => value === action),
    adminId: id('adminId'),
    targetUserId: id('targetUserId'),
    from: dayBound(params.get('from'), false),
    to: dayBound(params.get('to'), true),
    page: Number(params.get('page') ?? '1') || 1,
    pageSize: PAGE_SIZE,
  };
}

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value, null, 1) : '—');

export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(() =>
    Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])),
  );
  const query = queryFrom(params);
  const log = useAuditLog(query);

  const apply = (page?: number) => {
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name]?.trim()) next.set(name, draft[name].trim());
    if (page && page > 1) next.set('page', String(page));
    setParams(next, { replace: true });
  };
  const text = (name: (typeof FILTERS)[number], label: string, type = 'text', help?: string) => (
    <FormField label={label} optional help={help}>
      {(control) => (
        <TextInput
          {...control}
          type={type}
          value={draft[name] ?? ''}
          onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
        />
      )}
    </FormField>
  );

  return (
    <section aria-labelledby="admin-audit-heading" className={styles.screen}>
      <h2 id="admin-audit-heading">Audit log</h2>
      <form
        aria-label="Filter the audit log"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        {text('keyword', 'Email', 'search', "Part of the admin's or the user's email.")}
        <FormField label="Action">
          {(control) => (
            <SelectInput
              {...control}
              value={draft.action ?? ''}
              onChange={(event) => setDraft((current) => ({ ...current, action: event.target.value }))}
            >
              <option value="">Any action</option>
              {Object.values(AdminAuditAction).map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        {text('adminId', 'Admin id')}
        {text('targetUserId', 'User id')}
        {text('from', 'From', 'date')}
        {text('to', 'To', 'date')}
        <Button type="submit">Filter</Button>
      </form>
      <ListState
        query={log}
        label="the audit log"
        empty="No entry matches these filters."
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <p className={styles.count}>{data.total} entries</p>
            <table className={styles.table}>
              <TableHead columns={['When', 'Admin', 'Action', 'User', 'From', 'Before', 'After']} />
              <tbody>
                {data.results.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatTime(entry.createdAt)}</td>
                    <td>{entry.adminEmail}</td>
                    <td>{AUDIT_ACTION_LABELS[entry.action]}</td>
                    <td>
                      {entry.targetUserId ? (
                        <Link to={adminPath(`users/${entry.targetUserId}`)}>
                          {entry.targetEmail ?? entry.targetUserId}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      <code>{entry.address}</code>
                    </td>
                    <td>
                      <pre className={styles.json}>{json(entry.before)}</pre>
                    </td>
                    <td>
                      <pre className={styles.json}>{json(entry.after)}</pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={data.page}
              pages={Math.ceil(data.total / data.pageSize)}
              onPage={(page) => apply(page)}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
