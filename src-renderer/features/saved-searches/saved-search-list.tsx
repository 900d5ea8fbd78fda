import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  type SavedSearch,
  type SavedSearchFrequency,
  savedSearchInputSchema,
} from '../../../shared/contract/saved-searches.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import { FormError, FormField, FormNotice, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useDeleteSavedSearch, useSavedSearches, useSaveSearch } from './api/saved-searches.ts';
import { describeSearch } from './describe-search.ts';
import styles from './saved-searches.module.css';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The message of a failed call: the server's own words for a refusal, else a retry hint. */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback;
}

/** The name field's message by the contract's rule, or null when the name is fine. */
export function nameProblem(name: string): string | null {
  const checked = savedSearchInputSchema.shape.name.safeParse(name.trim());
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Name the search.');
}

/** The /search address a saved search opens. */
export const searchHref = (search: Pick<SavedSearch, 'searchQuery'>) =>
  search.searchQuery ? `${paths.search()}?${search.searchQuery}` : paths.search();

export function FrequencySelect({
  value,
  onChange,
  ...control
}: {
  value: SavedSearchFrequency;
  onChange: (frequency: SavedSearchFrequency) => void;
  id?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-label'?: string;
}) {
  return (
    <SelectInput
      {...control}
      value={value}
      onChange={(event) => onChange(event.target.value as SavedSearchFrequency)}
    >
      {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
        <option key={frequency} value={frequency}>
          {SAVED_SEARCH_FREQUENCY_LABELS[frequency]}
        </option>
      ))}
    </SelectInput>
  );
}

function RenameForm({ search, onDone }: { search: SavedSearch; onDone: (notice: string | null) => void }) {
  const save = useSaveSearch();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync({
        id: search.id,
        name: name.trim(),
        searchQuery: search.searchQuery,
        frequency: search.frequency,
      });
      onDone(`Renamed to “${saved.name}”.`);
    } catch (failure) {
      setError(
        (isApiError(failure) ? failure.fields.name : undefined) ??
          failureText(failure, 'The search could not be renamed. Please try again.'),
      );
    }
  };
  return (
    <form className={styles.rename} onSubmit={submit} noValidate>
      <FormField label={`New name for “${search.name}”`} error={error ?? undefined}>
        {(control) => (
          <TextInput
            {...control}
            ref={input}
            autoFocus
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save name'}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteDialog({ search, onClose }: { search: SavedSearch; onClose: (deleted: boolean) => void }) {
  const remove = useDeleteSavedSearch();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(search.id);
      onClose(true);
    } catch (failure) {
      setError(failureText(failure, 'The search could not be deleted. Please try again.'));
    }
  };
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
      title={`Delete “${search.name}”?`}
      description="You will no longer hear about new listings that match it."
    >
      <FormError>{error}</FormError>
      <DialogActions>
        <Button variant="secondary" onClick={() => onClose(false)}>
          Keep it
        </Button>
        <Button onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete search'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

function SavedSearchRow({
  search,
  onNotice,
  onDelete,
}: {
  search: SavedSearch;
  onNotice: (notice: string) => void;
  onDelete: (search: SavedSearch) => void;
}) {
  const save = useSaveSearch();
  const frequencyId = useId();
  const [renaming, setRenaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);

  const changeFrequency = async (frequency: SavedSearchFrequency) => {
    setError(null);
    try {
      await save.mutateAsync({
        id: search.id,
        name: search.name,
        searchQuery: search.searchQuery,
        frequency,
      });
      onNotice(`Alerts for “${search.name}”: ${SAVED_SEARCH_FREQUENCY_LABELS[frequency].toLowerCase()}.`);
    } catch (failure) {
      setError(failureText(failure, 'The alert frequency could not be changed. Please try again.'));
    }
  };

  return (
    <li className={styles.item}>
      <div className={styles.itemMain}>
        <h2 className={styles.itemHeading}>{search.name}</h2>
        <p className={styles.muted}>{describeSearch(search.searchQuery)}</p>
        <p className={styles.muted}>Saved {day.format(new Date(search.createdAt))}</p>
      </div>
      <div className={styles.itemControls}>
        <label htmlFor={frequencyId} className={styles.inlineLabel}>
          Alerts
        </label>
        <FrequencySelect
          id={frequencyId}
          value={search.frequency}
          disabled={save.isPending}
          onChange={(frequency) => void changeFrequency(frequency)}
        />
        <div className={styles.actions}>
          <LinkButton to={searchHref(search)} size="sm" aria-label={`Open ${search.name}`}>
            <Search size={16} aria-hidden="true" /> Open
          </LinkButton>
          <Button
            ref={renameButton}
            variant="secondary"
            size="sm"
            aria-expanded={renaming}
            aria-label={`Rename ${search.name}`}
            onClick={() => setRenaming((open) => !open)}
          >
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${search.name}`}
            onClick={() => onDelete(search)}
          >
            Delete
          </Button>
        </div>
      </div>
      {renaming ? (
        <RenameForm
          search={search}
          onDone={(notice) => {
            setRenaming(false);
            if (notice) onNotice(notice);
            renameButton.current?.focus();
          }}
        />
      ) : null}
      <FormError>{error}</FormError>
    </li>
  );
}

/** The buyer's saved searches: open, rename, change how often they alert, delete. */
export function SavedSearchList() {
  const searches = useSavedSearches();
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);

  let body: ReactNode;
  if (searches.isPending) {
    body = (
      <LoadingRegion label="Loading your saved searches" className={styles.list}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height="6rem" />
        ))}
      </LoadingRegion>
    );
  } else if (searches.isError) {
    body = (
      <div className={styles.state} role="alert">
        <p>{failureText(searches.error, 'Your saved searches could not be loaded.')}</p>
        <Button variant="secondary" onClick={() => void searches.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (searches.data.length === 0) {
    body = (
      <div className={styles.state}>
        <p>
          You have no saved searches yet. Run a search and choose <strong>Save search</strong> to hear about
          new listings that match it.
        </p>
        <LinkButton to={paths.search()} variant="secondary">
          Start a search
        </LinkButton>
      </div>
    );
  } else {
    body = (
      <ul className={styles.list} aria-label="Your saved searches">
        {searches.data.map((search) => (
          <SavedSearchRow key={search.id} search={search} onNotice={setNotice} onDelete={setDeleting} />
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.stack}>
      <FormNotice>{notice}</FormNotice>
      {body}
      {deleting ? (
        <DeleteDialog
          search={deleting}
          onClose={(deleted) => {
            if (deleted) setNotice(`“${deleting.name}” is deleted.`);
            setDeleting(null);
          }}
        />
      ) : null}
    </div>
  );
}
