import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type AdminUserSearchRequest, AdminUserSort } from '../../../shared/contract/admin.ts';
import { Role, UserStatus } from '../../../shared/domain/user.ts';
import { Button } from '../../ui/button.tsx';
import { FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import { useUserSearch } from './api/admin-queries.ts';
import { adminPath, formatTime, ListState } from './console-parts.tsx';

const PAGE_SIZE = 20;

const SORT_LABELS: Record<AdminUserSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  email: 'Email',
  name: 'Last name',
};

/** The search as the URL holds it, so Back from a user returns to the same results. */
function requestFrom(params: URLSearchParams): AdminUserSearchRequest {
  const role = params.get('role');
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  return {
    keyword: params.get('q')?.trim() || undefined,
    role: Object.values(Role).find((value) => value === role),
    status: Object.values(UserStatus).find((value) => value === status),
    sort: Object.values(AdminUserSort).find((value) => value === sort) ?? 'newest',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

/**
 * Arrow keys move through the results: Down from the search box to the first, Up and Down between
 * them, Home and End to the ends; Enter opens the focused user.
 */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLOListElement | null) {
  const links = [...(list?.querySelectorAll<HTMLAnchorElement>('a[data-result]') ?? [])];
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next =
    event.key === 'ArrowDown'
      ? Math.min(at + 1, links.length - 1)
      : event.key === 'ArrowUp'
        ? at - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? links.length - 1
            : null;
  if (next === null || (at === -1 && event.key !== 'ArrowDown')) return;
  event.preventDefault();
  if (next < 0) {
    list?.closest('section')?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    return;
  }
  links[next]?.focus();
}

export function UserSearchScreen() {
  const [params, setParams] = useSearchParams();
  const request = requestFrom(params);
  const [keyword, setKeyword] = useState(request.keyword ?? '');
  const search = useUserSearch(request);
  const list = useRef<HTMLOListElement>(null);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="admin-users-heading" className={styles.screen}>
      <h2 id="admin-users-heading">Users</h2>
      <form
        aria-label="Search"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: keyword.trim() || undefined });
        }}
      >
        <FormField
          label="Search users"
          help="Email, name, seller name, phone, user id or legacy lister id. Press ↓ to move through the results."
          className={styles.grow}
        >
          {(control) => (
            <TextInput
              {...control}
              type="search"
              // The console opens on the search: staff start typing at once.
              autoFocus
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              onKeyDown={(event) => moveFocus(event, list.current)}
            />
          )}
        </FormField>
        <FormField label="Role">
          {(control) => (
            <SelectInput
              {...control}
              value={request.role ?? ''}
              onChange={(event) => update({ role: event.target.value })}
            >
              <option value="">Any role</option>
              {Object.values(Role).map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Status">
          {(control) => (
            <SelectInput
              {...control}
              value={request.status ?? ''}
              onChange={(event) => update({ status: event.target.value })}
            >
              <option value="">Any status</option>
              {Object.values(UserStatus).map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Sort by">
          {(control) => (
            <SelectInput
              {...control}
              value={request.sort}
              onChange={(event) => update({ sort: event.target.value })}
            >
              {Object.values(AdminUserSort).map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <Button type="submit">Search</Button>
      </form>

      <ListState
        query={search}
        label="users"
        empty="No user matches. Try part of an email or name, or clear the filters."
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <p className={styles.count} aria-live="polite">
              {data.total} {data.total === 1 ? 'user' : 'users'}
            </p>
            <ol
              ref={list}
              className={styles.results}
              aria-label="Users found"
              onKeyDown={(event) => moveFocus(event, list.current)}
            >
              {data.results.map((user) => (
                <li key={user.id}>
                  <Link data-result to={adminPath(`users/${user.id}`)} className={styles.resultLink}>
                    <span className={styles.resultName}>
                      {user.firstName} {user.lastName}
                      {user.sellerDisplayName ? ` · ${user.sellerDisplayName}` : ''}
                    </span>
                    <span>{user.email}</span>
                    <span className={styles.muted}>
                      {user.roles.join(', ')} · {user.status}
                      {user.legacyListerId ? ` · lister #${user.legacyListerId}` : ''} · joined{' '}
                      {formatTime(user.createdAt)}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
            <Pager
              page={data.page}
              pages={Math.ceil(data.total / data.pageSize)}
              onPage={(page) => update({ page: String(page) })}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
