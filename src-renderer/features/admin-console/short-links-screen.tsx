import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import { useCreateShortLink, useShortLinks } from './api/admin-queries.ts';
import { TextField, useFormSubmit } from './console-forms.tsx';
import { AlertText, DoneText, formatTime, ListState, TableHead } from './console-parts.tsx';

export function ShortLinksScreen() {
  const [page, setPage] = useState(1);
  const links = useShortLinks(page);
  const create = useCreateShortLink();
  const [fullLink, setFullLink] = useState('');
  const [shortCode, setShortCode] = useState('');
  const { error, submit } = useFormSubmit();
  const [created, setCreated] = useState<string | null>(null);

  return (
    <section aria-labelledby="admin-shortlinks-heading" className={styles.screen}>
      <h2 id="admin-shortlinks-heading">Short links</h2>
      <form
        className={styles.filters}
        aria-label="New short link"
        onSubmit={submit(async () => {
          setCreated(null);
          const link = await create.mutateAsync({
            fullLink: fullLink.trim(),
            shortCode: shortCode.trim() || undefined,
          });
          setCreated(`/l/${link.shortCode}`);
          setFullLink('');
          setShortCode('');
          setPage(1);
        })}
      >
        <TextField
          label="Link to shorten"
          help="A path on this site (/…) or an https:// address."
          error={error?.fields.fullLink}
          className={styles.grow}
          required
          value={fullLink}
          onValue={setFullLink}
        />
        <TextField
          label="Code"
          optional
          help="Letters, digits, - and _; one is picked when empty."
          error={error?.fields.shortCode}
          maxLength={64}
          value={shortCode}
          onValue={setShortCode}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create'}
        </Button>
      </form>
      <AlertText>{error?.message}</AlertText>
      <DoneText>
        {created ? (
          <>
            Created <code>{created}</code>.
          </>
        ) : null}
      </DoneText>
      <ListState
        query={links}
        label="short links"
        empty="No short links yet."
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <table className={styles.table}>
              <TableHead columns={['Short link', 'Leads to', 'Created']} />
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
