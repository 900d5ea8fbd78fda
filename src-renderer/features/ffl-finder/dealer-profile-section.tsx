import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  dealerDisplayName,
  FFL_LICENSE_COPY_MAX_BYTES,
  FFL_NOTES_MAX,
  FFL_TRANSFER_FEE_MAX,
  type FflProfile,
  normalizeLicenseNumber,
} from '../../../shared/contract/ffl.ts';
import { isApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { useEndpointMutation } from '../../lib/use-endpoint-mutation.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormField, FormNotice, TextInput } from '../../ui/form-field.tsx';
import { useDealerProfile, useStoreDealerProfile } from './api/use-dealer-profile.ts';
import styles from './ffl-finder.module.css';

const formSchema = z.object({
  licenseNumber: z
    .string()
    .trim()
    .refine((value) => normalizeLicenseNumber(value) !== null, {
      error: 'Enter the licence number as printed, e.g. 5-75-113-01-9K-01234.',
    }),
  transferFee: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+(\.\d{1,2})?$/.test(value) && Number(value) <= FFL_TRANSFER_FEE_MAX),
      { error: 'Enter a fee in dollars and cents, e.g. 25 or 25.00.' },
    ),
  notes: z
    .string()
    .trim()
    .max(FFL_NOTES_MAX, { error: `Keep notes under ${FFL_NOTES_MAX} characters.` }),
});
type FormValues = z.input<typeof formSchema>;

const valuesOf = (profile: FflProfile | undefined): FormValues => ({
  licenseNumber: profile?.dealer?.licenseNumber ?? '',
  transferFee: profile?.dealer?.transferFee == null ? '' : profile.dealer.transferFee.toFixed(2),
  notes: profile?.dealer?.notes ?? '',
});

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/**
 * A licensed dealer's own settings: the licence its account manages (linked by the number it
 * enters, matched against the federal list), the transfer fee and notes buyers see in the finder,
 * and the licence copy sellers receive with an order.
 */
export function DealerProfileSection() {
  const profile = useDealerProfile();
  const store = useStoreDealerProfile();
  const save = useEndpointMutation('fflUpdateProfile');
  const uploadCopy = useEndpointMutation('fflUploadLicenseCopy');
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileId = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(profile.data),
  });
  useEffect(() => {
    if (profile.data) reset(valuesOf(profile.data));
  }, [profile.data, reset]);

  if (profile.isPending) return <p>Loading your dealer profile…</p>;
  if (profile.error) {
    // Accounts that are not a dealer's have no profile to show.
    if (isApiError(profile.error) && profile.error.status === 403) return null;
    return <FormError>{profile.error.message || 'Your dealer profile could not be loaded.'}</FormError>;
  }
  const data = profile.data;
  const dealer = data.dealer;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setNotice(null);
    try {
      const saved = await save.mutateAsync({
        body: {
          licenseNumber: values.licenseNumber,
          transferFee: values.transferFee === '' ? null : Number(values.transferFee),
          notes: values.notes === '' ? null : values.notes,
        },
      });
      store(saved);
      setNotice('Your dealer profile is saved.');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['licenseNumber', 'transferFee', 'notes']));
    }
  });

  const onFile = async (file: File | undefined) => {
    setUploadError(null);
    setNotice(null);
    if (!file) return;
    if (file.size > FFL_LICENSE_COPY_MAX_BYTES) {
      setUploadError(
        `The file is larger than ${FFL_LICENSE_COPY_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller file.`,
      );
      return;
    }
    try {
      store(await uploadCopy.mutateAsync({ files: [file] }));
      setNotice('Your licence copy is uploaded.');
    } catch (error) {
      setUploadError(isApiError(error) ? error.message : 'The licence copy could not be uploaded.');
    }
  };

  return (
    <section className={styles.profile} aria-labelledby={`${fileId}-heading`}>
      <h2 id={`${fileId}-heading`}>Dealer profile (FFL)</h2>
      {dealer ? (
        <p>
          {dealerDisplayName(dealer)} — {dealer.premiseStreet}, {dealer.premiseCity}, {dealer.premiseState}{' '}
          {dealer.premiseZip}
          {data.active ? '' : ' (no longer in the current federal list)'}
          {data.licenseExpiresOn ? `. Licence expires ${data.licenseExpiresOn}.` : ''}
        </p>
      ) : (
        <p>
          Enter your federal firearms licence number to link your account to your listing in the dealer
          finder.
        </p>
      )}
      <form className={styles.profileForm} aria-label="Dealer profile" onSubmit={submit} noValidate>
        <FormField label="Licence number" error={formState.errors.licenseNumber?.message}>
          {(control) => (
            <TextInput
              {...control}
              {...register('licenseNumber')}
              autoComplete="off"
              placeholder="5-75-113-01-9K-01234"
            />
          )}
        </FormField>
        <FormField
          label="Transfer fee (USD)"
          optional
          help="What you charge a buyer to receive a firearm and run the background check."
          error={formState.errors.transferFee?.message}
        >
          {(control) => <TextInput {...control} {...register('transferFee')} inputMode="decimal" />}
        </FormField>
        <FormField
          label="Notes for buyers"
          optional
          help="Hours, what to bring, how you contact buyers."
          error={formState.errors.notes?.message}
        >
          {(control) => <textarea {...control} {...register('notes')} className={styles.textarea} rows={4} />}
        </FormField>
        <FormError>{formError}</FormError>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save dealer profile'}
          </Button>
        </div>
      </form>
      {dealer ? (
        <FormField
          label="Licence copy"
          help={
            data.licenseCopy
              ? `On file (${data.licenseCopy.mediaType === 'application/pdf' ? 'PDF' : 'image'}, uploaded ${new Date(data.licenseCopy.uploadedAt).toLocaleDateString('en-US')}). Choose a file to replace it. PDF, JPEG or PNG, up to 10 MB.`
              : 'PDF, JPEG or PNG, up to 10 MB. Sellers shipping to you receive it with the order.'
          }
          error={uploadError ?? undefined}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept={ACCEPT}
              disabled={uploadCopy.isPending}
              onChange={(event) => {
                void onFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          )}
        </FormField>
      ) : null}
      <FormNotice>{notice}</FormNotice>
    </section>
  );
}
