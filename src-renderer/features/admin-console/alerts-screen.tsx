import { useState } from 'react';
import { type AdminAlertRequest, PUBLIC_ALERT_LOCATIONS } from '../../../shared/contract/admin.ts';
import type { Alert } from '../../../shared/contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, FormField, SelectInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { useCreateAlert, useDeleteAlert, usePublicAlerts } from './api/admin-queries.ts';
import { ConfirmButton, TextField, useFormSubmit } from './console-forms.tsx';
import { AlertText, formatTime, isoOf, ListState, localInputOf } from './console-parts.tsx';

const LOCATION_LABELS: Record<(typeof PUBLIC_ALERT_LOCATIONS)[number], string> = {
  HomePage: 'Home page',
  SearchByTerm: 'Search results',
  SearchByCategory: 'Category pages',
};

const EMPTY: AdminAlertRequest = { location: 'HomePage', message: '', severity: 'info', dismissible: true };

function DeleteAlert({ alert }: { alert: Alert }) {
  const remove = useDeleteAlert();
  return (
    <ConfirmButton
      button="Remove"
      title={`Remove the alert “${alert.title ?? alert.message.slice(0, 60)}”?`}
      confirmLabel="Remove alert"
      onConfirm={() => remove.mutateAsync(alert.id)}
    />
  );
}

export function AlertsScreen() {
  const alerts = usePublicAlerts();
  const create = useCreateAlert();
  const [form, setForm] = useState<AdminAlertRequest>(EMPTY);
  const { error, submit } = useFormSubmit();
  const set = (changes: Partial<AdminAlertRequest>) => setForm((current) => ({ ...current, ...changes }));

  return (
    <section aria-labelledby="admin-alerts-heading" className={styles.screen}>
      <h2 id="admin-alerts-heading">Public and category alerts</h2>
      <form
        className={styles.formGrid}
        aria-label="New alert"
        onSubmit={submit(async () => {
          await create.mutateAsync({
            ...form,
            title: form.title?.trim() || undefined,
            linkUrl: form.linkUrl?.trim() || undefined,
            linkText: form.linkText?.trim() || undefined,
          });
          setForm(EMPTY);
        })}
      >
        <FormField label="Where">
          {(control) => (
            <SelectInput
              {...control}
              value={form.location}
              onChange={(event) => set({ location: event.target.value as AdminAlertRequest['location'] })}
            >
              {PUBLIC_ALERT_LOCATIONS.map((location) => (
                <option key={location} value={location}>
                  {LOCATION_LABELS[location]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Severity">
          {(control) => (
            <SelectInput
              {...control}
              value={form.severity}
              onChange={(event) => set({ severity: event.target.value as AdminAlertRequest['severity'] })}
            >
              <option value="info">Information</option>
              <option value="warning">Warning</option>
              <option value="critical">Critical</option>
            </SelectInput>
          )}
        </FormField>
        <TextField
          label="Title"
          optional
          error={error?.fields.title}
          maxLength={120}
          value={form.title ?? ''}
          onValue={(title) => set({ title })}
        />
        <TextField
          label="Message"
          error={error?.fields.message}
          required
          maxLength={1000}
          value={form.message}
          onValue={(message) => set({ message })}
        />
        <TextField
          label="Link"
          optional
          help="A path on this site (/…) or an https:// address."
          error={error?.fields.linkUrl}
          value={form.linkUrl ?? ''}
          onValue={(linkUrl) => set({ linkUrl })}
        />
        <TextField
          label="Link text"
          optional
          error={error?.fields.linkText}
          maxLength={80}
          value={form.linkText ?? ''}
          onValue={(linkText) => set({ linkText })}
        />
        <TextField
          label="Ends"
          optional
          help="Leave empty to keep it until removed."
          error={error?.fields.endsAt}
          type="datetime-local"
          value={localInputOf(form.endsAt)}
          onValue={(value) => set({ endsAt: isoOf(value) ?? undefined })}
        />
        <Checkbox
          label="Visitors may dismiss it"
          checked={form.dismissible ?? true}
          onChange={(event) => set({ dismissible: event.target.checked })}
        />
        <AlertText>{error?.message}</AlertText>
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add alert'}
          </Button>
        </div>
      </form>

      <h3>Alerts</h3>
      <ListState
        query={alerts}
        label="alerts"
        empty="No public or category alerts. Add one above."
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <ul className={styles.cards}>
            {data.results.map((alert) => (
              <li key={alert.id} className={styles.card}>
                <p>
                  <strong>
                    {LOCATION_LABELS[alert.location as keyof typeof LOCATION_LABELS] ?? alert.location}
                  </strong>{' '}
                  · {alert.severity} · from {formatTime(alert.startsAt)}
                  {alert.endsAt ? ` to ${formatTime(alert.endsAt)}` : ''}
                </p>
                <p>
                  {alert.title ? <strong>{alert.title}: </strong> : null}
                  {alert.message}
                  {alert.linkUrl ? ` (${alert.linkText ?? 'link'}: ${alert.linkUrl})` : ''}
                </p>
                <DeleteAlert alert={alert} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
