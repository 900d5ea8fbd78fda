import { useState } from 'react';
import { type AdminAlertRequest, PUBLIC_ALERT_LOCATIONS } from '../../../shared/contract/admin.ts';
import type { Alert } from '../../../shared/contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { useCreateAlert, useDeleteAlert, usePublicAlerts } from './api/admin-queries.ts';
import { ConfirmDialog, errorText, formatTime, isoOf, ListState, localInputOf } from './console-parts.tsx';

const LOCATION_LABELS: Record<(typeof PUBLIC_ALERT_LOCATIONS)[number], string> = {
  HomePage: 'Home page',
  SearchByTerm: 'Search results',
  SearchByCategory: 'Category pages',
};

const EMPTY: AdminAlertRequest = { location: 'HomePage', message: '', severity: 'info', dismissible: true };

function DeleteAlert({ alert }: { alert: Alert }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAlert();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove the alert “${alert.title ?? alert.message.slice(0, 60)}”?`}
        confirmLabel="Remove alert"
        onConfirm={() => remove.mutateAsync(alert.id)}
      />
    </>
  );
}

export function AlertsScreen() {
  const alerts = usePublicAlerts();
  const create = useCreateAlert();
  const [form, setForm] = useState<AdminAlertRequest>(EMPTY);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const set = (changes: Partial<AdminAlertRequest>) => setForm((current) => ({ ...current, ...changes }));

  return (
    <section aria-labelledby="admin-alerts-heading" className={styles.screen}>
      <h2 id="admin-alerts-heading">Public and category alerts</h2>
      <form
        className={styles.formGrid}
        aria-label="New alert"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          try {
            await create.mutateAsync({
              ...form,
              title: form.title?.trim() || undefined,
              linkUrl: form.linkUrl?.trim() || undefined,
              linkText: form.linkText?.trim() || undefined,
            });
            setForm(EMPTY);
          } catch (failure) {
            const fields = (failure as { fields?: Record<string, string> }).fields ?? {};
            setError({ message: errorText(failure), fields });
          }
        }}
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
        <FormField label="Title" optional error={error?.fields.title}>
          {(control) => (
            <TextInput
              {...control}
              maxLength={120}
              value={form.title ?? ''}
              onChange={(event) => set({ title: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Message" error={error?.fields.message}>
          {(control) => (
            <TextInput
              {...control}
              required
              maxLength={1000}
              value={form.message}
              onChange={(event) => set({ message: event.target.value })}
            />
          )}
        </FormField>
        <FormField
          label="Link"
          optional
          help="A path on this site (/…) or an https:// address."
          error={error?.fields.linkUrl}
        >
          {(control) => (
            <TextInput
              {...control}
              value={form.linkUrl ?? ''}
              onChange={(event) => set({ linkUrl: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Link text" optional error={error?.fields.linkText}>
          {(control) => (
            <TextInput
              {...control}
              maxLength={80}
              value={form.linkText ?? ''}
              onChange={(event) => set({ linkText: event.target.value })}
            />
          )}
        </FormField>
        <FormField
          label="Ends"
          optional
          help="Leave empty to keep it until removed."
          error={error?.fields.endsAt}
        >
          {(control) => (
            <TextInput
              {...control}
              type="datetime-local"
              value={localInputOf(form.endsAt)}
              onChange={(event) => set({ endsAt: isoOf(event.target.value) ?? undefined })}
            />
          )}
        </FormField>
        <Checkbox
          label="Visitors may dismiss it"
          checked={form.dismissible ?? true}
          onChange={(event) => set({ dismissible: event.target.checked })}
        />
        {error ? (
          <p role="alert" className={styles.error}>
            {error.message}
          </p>
        ) : null}
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
