import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { FormField, TextInput } from '../../ui/form-field.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import { useCreateShortLink, useShortLinks } from './api/admin-queries.ts';
import { errorText, formatTime, ListState } from './console-parts.tsx';

export function ShortLinksScreen() {
  const [page, setPage] = useState(1);
  const links = useShortLinks(page);
  const create = useCreateShortLink();
  const [fullLink, setFullLink] = useState('');
  const [shortCode, setShortCode] = useState('');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  return (
    <section aria-labelledby="admin-shortlinks-heading" className={styles.screen}>
      <h2 id="admin-shortlinks-heading">Short links</h2>
      <form
        className={styles.filters}
        aria-label="New short link"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          setCreated(null);
          try {
            const link = await create.mutateAsync({
              fullLink: fullLink.trim(),
              shortCode: shortCode.trim() || undefined,
            });
            setCreated(`/l/${link.shortCode}`);
            setFullLink('');
            setShortCode('');
            setPage(1);
          } catch (failure) {
            setError({
              message: errorText(failure),
              fields: (failure as { fields?: Record<string, string> }).fields ?? {},
            });
          }
        }}
      >
        <FormField
          label="Link to shorten"
          help="A path on this site (/…) or an https:// address."
          error={error?.fields.fullLink}
          className={styles.grow}
        >
          {(control) => (
            <TextInput
              {...control}
              required
              value={fullLink}
              onChange={(event) => setFullLink(event.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="Code"
          optional
          help="Letters, digits, - and _; one is picked when empty."
          error={error?.fields.shortCode}
        >
          {(control) => (
            <TextInput
              {...control}
              maxLength={64}
              value={shortCode}
              onChange={(event) => setShortCode(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create'}
        </Button>
      </form>
      {error ? (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      ) : null}
      {created ? (
        <p role="status" className={styles.done}>
          Created <code>{created}</code>.
        </p>
      ) : null}
      <ListState
        query={links}
        label="short links"
        empty="No short links yet."
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Short link</th>
                  <th scope="col">Leads to</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((link) => (
                  <tr key={link.id}>
                    <td>
                      <code>/l/{link.shortCode}</code>
                    </td>
                    <td className={styles.wrap}>{link.fullLink}</td>
                    <td>{formatTime(link.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} pages={Math.ceil(data.total / data.pageSize)} onPage={setPage} />
          </>
        )}
      </ListState>
    </section>
  );
}
