import { type FormEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  type SavedSearchFrequency as Frequency,
  SavedSearchFrequency,
} from '../../../shared/contract/saved-searches.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { parseSearchParams } from '../../../shared/search/search-url.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session/session.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormField, TextInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { useSaveSearch } from './api/saved-searches.ts';
import { savableQuery } from './describe-search.ts';
import { FrequencySelect, failureText, nameProblem } from './saved-search-list.tsx';
import styles from './saved-searches.module.css';

export interface SaveSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The frequency offered first (the buyer's default from Buyer Tools). */
  defaultFrequency?: Frequency | undefined;
  /** The search was saved under this name. */
  onSaved: (name: string) => void;
}

/** A name for the search before the buyer types one: its keyword, else a plain label. */
function suggestedName(search: string): string {
  const keyword = parseSearchParams(search).keyword?.trim();
  return keyword ? keyword.slice(0, 100) : 'My search';
}

/**
 * The "Save this search" dialog: a name and how often to alert. A visitor is sent to log in with
 * the search in the address; after logging in it is saved (Redirect after login).
 */
export function SaveSearchDialog({ open, onOpenChange, defaultFrequency, onSaved }: SaveSearchDialogProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const save = useSaveSearch();
  const [name, setName] = useState(() => suggestedName(location.search));
  // Until the buyer picks one, the dialog follows their default (which may arrive after it opens).
  const [chosen, setChosen] = useState<Frequency | null>(null);
  const frequency = chosen ?? defaultFrequency ?? SavedSearchFrequency.Daily;
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problem = nameProblem(name);
    setNameError(problem);
    if (problem) {
      nameInput.current?.focus();
      return;
    }
    const searchQuery = savableQuery(location.search);
    if (session.status !== 'signedIn') {
      const here = `${location.pathname}${location.search}`;
      await navigate(paths.login(here, { searchName: name.trim(), searchQuery, frequency }));
      return;
    }
    try {
      const answer = await save.mutateAsync({ name: name.trim(), searchQuery, frequency });
      onOpenChange(false);
      onSaved(answer.name);
    } catch (failure) {
      const field = isApiError(failure) ? failure.fields.name : undefined;
      if (field) setNameError(field);
      else setError(failureText(failure, 'The search could not be saved. Please try again.'));
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save this search"
      description="We will alert you on your dashboard and by e-mail when new listings match it."
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate aria-label="Save this search">
        <FormField label="Name" error={nameError ?? undefined}>
          {(control) => (
            <TextInput
              {...control}
              ref={nameInput}
              value={name}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Alert me about new matches">
          {(control) => <FrequencySelect {...control} value={frequency} onChange={setChosen} />}
        </FormField>
        {session.status !== 'signedIn' ? (
          <p className={styles.muted}>You will log in first; the search is saved right after.</p>
        ) : null}
        <FormError>{error}</FormError>
        <DialogActions>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : session.status === 'signedIn' ? 'Save search' : 'Log in and save'}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
