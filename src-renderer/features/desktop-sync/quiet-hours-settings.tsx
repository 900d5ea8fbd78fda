import { MoonStar } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { type QuietHours, quietHoursSchema } from '../../../shared/quiet-hours.ts';
import type { QuietHoursControl } from '../../lib/platform/platform.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox, FormError, FormField, FormNotice, TextInput } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './desktop-sync.module.css';

/** The quiet hours in a sentence, saying when they run into the next morning. */
export function describeQuietHours(hours: QuietHours): string {
  if (!hours.enabled) return 'Off: notifications are shown at any time.';
  const nextMorning = hours.end < hours.start ? ' the next morning' : '';
  return `No notifications from ${hours.start} to ${hours.end}${nextMorning}.`;
}

type FieldErrors = Partial<Record<'start' | 'end', string>>;

function fieldErrorsOf(hours: QuietHours): FieldErrors | null {
  const parsed = quietHoursSchema.safeParse(hours);
  if (parsed.success) return null;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'start' || field === 'end') && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Reads the kept hours once; `reload` asks again after a failed read. */
function useQuietHours(control: QuietHoursControl | null) {
  const [kept, setKept] = useState<QuietHours | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!control) return;
    let live = true;
    void attempt;
    setLoadFailed(false);
    control
      .get()
      .then((hours) => {
        if (live) setKept(hours);
      })
      .catch(() => {
        if (live) setLoadFailed(true);
      });
    return () => {
      live = false;
    };
  }, [control, attempt]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { kept, setKept, loadFailed, reload };
}

/**
 * The desktop client's quiet hours, beside the message notifications in the account settings: a
 * daily stretch of local time (it may cross midnight) without desktop notifications, while the
 * badge and the tray menu keep counting. Renders nothing on the web.
 */
export function QuietHoursSettings() {
  const control = usePlatform().quietHours;
  const { kept, setKept, loadFailed, reload } = useQuietHours(control);
  const id = useId();
  if (!control) return null;
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        <MoonStar size={20} aria-hidden="true" />
        Quiet hours
      </h2>
      <p className={styles.intro}>
        During quiet hours this app shows no notifications. The app badge and the tray menu still count new
        messages, outbids and orders, so nothing is missed.
      </p>
      {kept ? (
        <QuietHoursForm control={control} kept={kept} onSaved={setKept} />
      ) : loadFailed ? (
        <div className={styles.problem} role="alert">
          <p>The quiet hours could not be read.</p>
          <Button variant="secondary" size="sm" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : (
        <LoadingRegion label="Loading the quiet hours">
          <div className={styles.skeletonRows}>
            <Skeleton height="20px" width="40%" />
            <Skeleton height="36px" width="18rem" />
          </div>
        </LoadingRegion>
      )}
    </section>
  );
}

function QuietHoursForm(props: {
  control: QuietHoursControl;
  kept: QuietHours;
  onSaved(hours: QuietHours): void;
}) {
  const [draft, setDraft] = useState<QuietHours>(props.kept);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedText, setSavedText] = useState<string | null>(null);
  const change = (next: Partial<QuietHours>) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors({});
    setSavedText(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = fieldErrorsOf(draft);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const kept = await props.control.set(draft);
      setDraft(kept);
      props.onSaved(kept);
      setSavedText(`Saved. ${describeQuietHours(kept)}`);
    } catch {
      setSaveError('The quiet hours could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.run} onSubmit={(event) => void save(event)} noValidate>
      <p className={styles.status}>{describeQuietHours(props.kept)}</p>
      <Checkbox
        label="Turn on quiet hours"
        checked={draft.enabled}
        onChange={(event) => change({ enabled: event.target.checked })}
      />
      <div className={styles.actions}>
        <FormField label="From" error={errors.start} help="Local time on this computer">
          {(field) => (
            <TextInput
              {...field}
              type="time"
              required
              value={draft.start}
              onChange={(event) => change({ start: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Until" error={errors.end} help="Earlier than “From”: the next morning">
          {(field) => (
            <TextInput
              {...field}
              type="time"
              required
              value={draft.end}
              onChange={(event) => change({ end: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={saving} aria-busy={saving}>
          Save quiet hours
        </Button>
      </div>
      {saveError ? <FormError>{saveError}</FormError> : null}
      <FormNotice>{savedText}</FormNotice>
    </form>
  );
}
