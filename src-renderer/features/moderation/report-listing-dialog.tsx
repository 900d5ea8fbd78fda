import { type FormEvent, useState } from 'react';
import {
  CHOOSE_REPORT_CATEGORY_MESSAGE,
  LISTING_REPORT_CATEGORY_LABELS,
  LISTING_REPORT_REASON_MAX,
  ListingReportCategory,
  reportListingRequestSchema,
} from '../../../shared/contract/moderation.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import formFieldStyles from '../../ui/form-field.module.css';
import { FormError, FormField, FormNotice, SelectInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { useReportListing } from './api/report-listing.ts';
import styles from './report-listing.module.css';

interface Values {
  category: ListingReportCategory | '';
  reason: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { category: '', reason: '' };

/** The fields' own messages, checked as the server checks them, before anything is sent. */
function check(values: Values): Errors {
  const errors: Errors = {};
  if (values.category === '') errors.category = CHOOSE_REPORT_CATEGORY_MESSAGE;
  const reason = reportListingRequestSchema.shape.reason.safeParse(values.reason);
  if (!reason.success) errors.reason = reason.error.issues[0]?.message;
  return errors;
}

export interface ReportListingDialogProps {
  listingId: string;
  listingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The report form: what kind of problem (a choice) and what is wrong (details). A refused or failed
 * report keeps what was typed; a sent one says staff will review it.
 */
export function ReportListingDialog({
  listingId,
  listingTitle,
  open,
  onOpenChange,
}: ReportListingDialogProps) {
  const report = useReportListing();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next && sent) {
      setSent(false);
      setValues(EMPTY);
    }
    if (!next) {
      setErrors({});
      setFailure(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || values.category === '') return;
    try {
      await report.mutateAsync({ listingId, category: values.category, reason: values.reason.trim() });
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status > 0 && error.status < 500) {
        const fields = error.fields as Errors;
        setErrors({ category: fields.category, reason: fields.reason });
        if (!fields.category && !fields.reason) setFailure(error.message);
      } else setFailure('Your report could not be sent right now. Please try again.');
    }
  };

  return (
    <ModalDialog open={open} onOpenChange={close} title="Report this listing" description={listingTitle}>
      {sent ? (
        <div className={styles.form}>
          <FormNotice>Thank you. Ironsight staff will review this listing.</FormNotice>
          <DialogActions>
            <Button onClick={() => close(false)}>Done</Button>
          </DialogActions>
        </div>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <FormField label="What is wrong?" error={errors.category}>
            {(control) => (
              <SelectInput
                {...control}
                value={values.category}
                onChange={(event) =>
                  setValues((current) => ({
                    ...current,
                    category: event.target.value as ListingReportCategory | '',
                  }))
                }
              >
                <option value="">Choose a reason</option>
                {Object.values(ListingReportCategory).map((category) => (
                  <option key={category} value={category}>
                    {LISTING_REPORT_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField
            label="Details"
            error={errors.reason}
            help="What staff should look at: the words, photos or price that are wrong, and why."
          >
            {(control) => (
              <textarea
                {...control}
                className={formFieldStyles.input}
                value={values.reason}
                maxLength={LISTING_REPORT_REASON_MAX}
                rows={4}
                onChange={(event) => setValues((current) => ({ ...current, reason: event.target.value }))}
              />
            )}
          </FormField>
          <FormError>{failure}</FormError>
          <DialogActions>
            <Button type="submit" disabled={report.isPending} aria-busy={report.isPending}>
              {report.isPending ? 'Sending…' : 'Send report'}
            </Button>
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
          </DialogActions>
        </form>
      )}
    </ModalDialog>
  );
}
