import { Check, Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { SELLER_API_PREFIX, SELLER_API_TOKEN_LIFETIME_SECONDS } from '../../../shared/contract/seller-api.ts';
import {
  type ClientCredential,
  type SellerApiResponse,
  sellerApiRequestSchema,
} from '../../../shared/contract/seller-api-credentials.ts';
import { isApiError } from '../../lib/api-client.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Button, ExternalLinkButton } from '../../ui/button.tsx';
import { FormError, FormField, FormNotice, TextInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import {
  useCreateSellerApiCredential,
  useRevokeSellerApiCredential,
  useSellerApiCredentials,
} from './api/seller-api-credentials.ts';
import styles from './seller-api-section.module.css';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The message of a failed call: the server's own words for a refusal, else a retry hint. */
function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback;
}

/** The name field's message by the contract's rule, or null when the name is fine. */
function nameProblem(name: string): string | null {
  // A blank name is no name: the contract's own message asks for one.
  const checked = sellerApiRequestSchema.safeParse({ generate: true, name: name.trim() || undefined });
  if (checked.success) return null;
  return checked.error.issues[0]?.message ?? 'Name the credential.';
}

type Created = NonNullable<SellerApiResponse['created']>;

/** Copies a value to the clipboard and says so where screen readers hear it. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className={styles.copy}>
      <Button variant="secondary" size="sm" onClick={copy} aria-label={`Copy the ${label}`}>
        {state === 'copied' ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className={styles.copyStatus}>
        {state === 'copied'
          ? `The ${label} is copied.`
          : state === 'failed'
            ? 'Copying is not allowed here; select the text and copy it.'
            : ''}
      </span>
    </span>
  );
}

/** The new credential, its secret shown this once: the seller must store it before closing. */
function NewSecretDialog({ created, onDone }: { created: Created; onDone: () => void }) {
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      title={`Credential “${created.name}” created`}
      description="Copy the client secret now and store it in your software's settings or a password manager."
      dismissible={false}
      wide
    >
      <div className={styles.warning} role="alert">
        <strong>This is the only time the secret is shown.</strong> We keep only a fingerprint of it, so
        nobody, not even our staff, can show it again. If you lose it, revoke this credential and create
        another.
      </div>
      <dl className={styles.secret}>
        <div>
          <dt>Client ID</dt>
          <dd>
            <code>{created.clientId}</code>
            <CopyButton value={created.clientId} label="client ID" />
          </dd>
        </div>
        <div>
          <dt>Client secret</dt>
          <dd>
            <code>{created.clientSecret}</code>
            <CopyButton value={created.clientSecret} label="client secret" />
          </dd>
        </div>
      </dl>
      <DialogActions>
        <Button onClick={onDone}>I have stored the secret</Button>
      </DialogActions>
    </ModalDialog>
  );
}

function RevokeDialog({
  credential,
  onClose,
}: {
  credential: ClientCredential;
  onClose: (revoked: boolean) => void;
}) {
  const revoke = useRevokeSellerApiCredential();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await revoke.mutateAsync(credential.id);
      onClose(true);
    } catch (failure) {
      setError(messageOf(failure, 'The credential could not be revoked. Please try again.'));
    }
  };
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
      title={`Revoke “${credential.name}”?`}
      description="Software using this credential stops working at once: its tokens are refused from the next call, and it cannot get new ones. This cannot be undone."
    >
      <FormError>{error}</FormError>
      <DialogActions>
        <Button variant="secondary" onClick={() => onClose(false)}>
          Keep it
        </Button>
        <Button onClick={confirm} disabled={revoke.isPending}>
          {revoke.isPending ? 'Revoking…' : 'Revoke credential'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

function CredentialTable({
  credentials,
  onRevoke,
}: {
  credentials: readonly ClientCredential[];
  onRevoke: (credential: ClientCredential) => void;
}) {
  if (credentials.length === 0) {
    return (
      <p className={styles.empty}>You have no credentials yet. Create one for each program you connect.</p>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>Your credentials</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Client ID</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {credentials.map((credential) => (
            <tr key={credential.id}>
              <th scope="row">{credential.name}</th>
              <td>
                <code>{credential.clientId}</code>
              </td>
              <td>{day.format(new Date(credential.createdAt))}</td>
              <td>{credential.lastUsedAt ? dateTime.format(new Date(credential.lastUsedAt)) : 'Never'}</td>
              <td>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRevoke(credential)}
                  aria-label={`Revoke ${credential.name}`}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The seller API on the selling tools page: the seller's client credentials (list, create with a
 * secret shown once, revoke) and where the API is documented.
 */
export function SellerApiSection() {
  const headingId = useId();
  const platform = usePlatform();
  const credentials = useSellerApiCredentials();
  const create = useCreateSellerApiCredential();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<ClientCredential | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setCreateError(null);
    const problem = nameProblem(name);
    setNameError(problem);
    if (problem) {
      nameInput.current?.focus();
      return;
    }
    try {
      const answer = await create.mutateAsync(name.trim());
      if (answer.created) setCreated(answer.created);
      setName('');
    } catch (error) {
      const field = isApiError(error) ? error.fields.name : undefined;
      if (field) setNameError(field);
      else setCreateError(messageOf(error, 'The credential could not be created. Please try again.'));
    }
  };

  const docsUrl = `${platform.apiOrigin}/api/docs`;
  const tokenUrl = `${platform.apiOrigin}/api/oauth/token`;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <KeyRound size={20} aria-hidden="true" /> Seller API
      </h2>
      <p className={styles.intro}>
        Connect your point-of-sale or inventory software so it keeps your listings in sync by stock number. It
        signs in with a client credential (the OAuth 2.0 client-credentials grant at{' '}
        <code>POST {tokenUrl}</code>) and gets tokens good for {SELLER_API_TOKEN_LIFETIME_SECONDS / 60}{' '}
        minutes, then calls <code>/api{SELLER_API_PREFIX}/…</code>. Listings you edit here afterwards are left
        alone by the API.
      </p>
      <p>
        <ExternalLinkButton href={docsUrl} variant="secondary" size="sm" newTab>
          API reference (opens in a new tab)
        </ExternalLinkButton>
      </p>

      <form className={styles.create} onSubmit={submit} noValidate>
        <FormField
          label="Credential name"
          help="For example the program or store it is for."
          error={nameError ?? undefined}
        >
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
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create credential'}
        </Button>
      </form>
      <FormError>{createError}</FormError>
      <FormNotice>{notice}</FormNotice>

      {credentials.isPending ? (
        <p className={styles.empty}>Loading your credentials…</p>
      ) : credentials.isError ? (
        <FormError>
          {messageOf(credentials.error, 'Your credentials could not be loaded. Please try again.')}
        </FormError>
      ) : (
        <CredentialTable credentials={credentials.data} onRevoke={setRevoking} />
      )}

      {created ? (
        <NewSecretDialog
          created={created}
          onDone={() => {
            setCreated(null);
            nameInput.current?.focus();
          }}
        />
      ) : null}
      {revoking ? (
        <RevokeDialog
          credential={revoking}
          onClose={(revoked) => {
            if (revoked) setNotice(`“${revoking.name}” is revoked.`);
            setRevoking(null);
          }}
        />
      ) : null}
    </section>
  );
}
