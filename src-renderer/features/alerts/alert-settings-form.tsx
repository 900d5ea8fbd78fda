import { BellRing } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type AlertSettings,
  type AlertSettingsInput,
  alertSettingsInputSchema,
} from '../../../shared/contract/alerts.ts';
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  type SavedSearchFrequency,
} from '../../../shared/contract/saved-searches.ts';
import { LOCAL_ALERT_DISTANCES } from '../../../shared/domain/alerts.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, FormError, FormField, FormNotice, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './alert-settings-form.module.css';
import { useAlertSettings, useUpdateAlertSettings } from './api/alert-settings.ts';

type Draft = Omit<AlertSettings, 'localZipCode'> & { localZipCode: string };
type FieldErrors = Partial<Record<keyof Draft, string>>;

const toDraft = (settings: AlertSettings): Draft => ({
  ...settings,
  localZipCode: settings.localZipCode ?? '',
});

const toInput = (draft: Draft): AlertSettingsInput => ({
  ...draft,
  localZipCode: draft.localZipCode.trim() === '' ? null : draft.localZipCode.trim(),
});

/** The contract's messages for the draft, by field. */
function problemsOf(draft: Draft): FieldErrors {
  const checked = alertSettingsInputSchema.safeParse(toInput(draft));
  if (checked.success) return {};
  const errors: FieldErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as keyof Draft | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function SettingsForm({ settings }: { settings: AlertSettings }) {
  const update = useUpdateAlertSettings();
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setNotice(null);
    setDraft((current) => ({ ...current, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const problems = problemsOf(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = await update.mutateAsync(toInput(draft));
      setDraft(toDraft(saved));
      setNotice('Your alert settings are saved.');
    } catch (failure) {
      // The typed settings stay in the form; the server's field messages go beside their fields.
      const fields = isApiError(failure) ? (failure.fields as FieldErrors) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) {
        setError(
          isApiError(failure) && failure.status > 0 && failure.status < 500
            ? failure.message
            : 'Your alert settings could not be saved. Please try again.',
        );
      }
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Alert settings">
      <fieldset className={styles.group}>
        <legend className={styles.legend}>E-mail</legend>
        <Checkbox
          label="E-mail me one digest of new alerts each time there is something new"
          checked={draft.emailDigest}
          onChange={(event) => set('emailDigest', event.target.checked)}
        />
        <p className={styles.help}>Alerts always show on your dashboard, whichever you choose.</p>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Saved searches</legend>
        <FormField
          label="New saved searches alert me"
          help="Each saved search keeps its own choice; change it under Saved Searches."
        >
          {(control) => (
            <SelectInput
              {...control}
              value={draft.defaultFrequency}
              onChange={(event) => set('defaultFrequency', event.target.value as SavedSearchFrequency)}
            >
              {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {SAVED_SEARCH_FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Favorites</legend>
        <Checkbox
          label="Alert me when a favorite's price drops"
          checked={draft.priceDrops}
          onChange={(event) => set('priceDrops', event.target.checked)}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Local listings</legend>
        <p className={styles.help}>
          New local-pickup listings within your chosen distance, from when you turn this on.
        </p>
        <Checkbox
          label="Alert me about new local listings near me"
          checked={draft.localListings}
          onChange={(event) => set('localListings', event.target.checked)}
        />
        <div className={styles.row}>
          <FormField label="ZIP code" error={errors.localZipCode} optional={!draft.localListings}>
            {(control) => (
              <TextInput
                {...control}
                value={draft.localZipCode}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={10}
                onChange={(event) => set('localZipCode', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Distance" error={errors.localDistance}>
            {(control) => (
              <SelectInput
                {...control}
                value={draft.localDistance}
                onChange={(event) => set('localDistance', Number(event.target.value))}
              >
                {LOCAL_ALERT_DISTANCES.map((miles) => (
                  <option key={miles} value={miles}>
                    Within {miles} miles
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
        </div>
      </fieldset>

      <FormError>{error}</FormError>
      <FormNotice>{notice}</FormNotice>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save alert settings'}
        </Button>
      </div>
    </form>
  );
}

/** Buyer Tools: what the alert job watches for this buyer and whether it e-mails them. */
export function AlertSettingsSection() {
  const settings = useAlertSettings();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <BellRing size={20} aria-hidden="true" /> Alerts
      </h2>
      {settings.isPending ? (
        <LoadingRegion label="Loading your alert settings">
          <Skeleton height="20rem" />
        </LoadingRegion>
      ) : settings.isError ? (
        <div role="alert" className={styles.state}>
          <p>Your alert settings could not be loaded.</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </section>
  );
}
