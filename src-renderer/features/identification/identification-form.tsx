import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type FirearmIdentification,
  type FirearmInfo,
  firearmInfoSchema,
} from '../../../shared/contract/identification.ts';
import { CONDITION_LABELS, Condition } from '../../../shared/domain/listing.ts';
import { familyLabel } from '../../lib/family-label.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import formFieldStyles from '../../ui/form-field.module.css';
import { FormError, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { useIdentifyFirearm } from './api/identify-firearm.ts';
import styles from './identification.module.css';
import { type IdentificationPhoto, IdentificationPhotos } from './identification-photos.tsx';
import { FIREARM_FAMILIES, optionalNumber, optionalText } from './identification-words.ts';

type FirearmInfoInput = z.input<typeof firearmInfoSchema>;

const FIELDS = [
  'manufacturer',
  'model',
  'caliber',
  'familyId',
  'serialPrefix',
  'barrelInches',
  'markings',
  'finish',
  'condition',
  'notes',
] as const satisfies readonly (keyof FirearmInfo)[];

const NO_PHOTO = 'Add at least one photo of the firearm.';
const FAILED = 'The identification could not be sent. Please try again.';

export interface IdentificationFormProps {
  /** The server identified the firearm: its answer, and what was sent. */
  onIdentified: (answer: FirearmIdentification, info: FirearmInfo) => void;
  /** The owner started over: focus goes to the photos, where the form begins. */
  focusFirst?: boolean;
}

/**
 * What the owner has: photos (at least one) and what they know of the firearm. A refusal or a failure
 * is said above the form, and nothing typed or chosen is lost.
 */
export function IdentificationForm({ onIdentified, focusFirst = false }: IdentificationFormProps) {
  const id = useId();
  const identify = useIdentifyFirearm();
  const [photos, setPhotos] = useState<IdentificationPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notIdentified, setNotIdentified] = useState<string | null>(null);
  // Each refusal or failure takes focus once it is shown (the page may be scrolled to the button).
  const [told, setTold] = useState(0);
  const messageRef = useRef<HTMLDivElement>(null);
  const photosRef = useRef<HTMLDivElement>(null);
  const form = useForm<FirearmInfoInput, unknown, FirearmInfo>({
    resolver: zodResolver(firearmInfoSchema),
    mode: 'onTouched',
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || identify.isPending;

  useEffect(() => {
    if (told > 0) messageRef.current?.focus();
  }, [told]);

  useEffect(() => {
    if (focusFirst) photosRef.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
  }, [focusFirst]);

  function choosePhotos(next: IdentificationPhoto[]) {
    setPhotos(next);
    if (next.length > 0) setPhotoError(null);
  }

  const onSubmit = form.handleSubmit(async (info) => {
    setFormError(null);
    setNotIdentified(null);
    if (photos.length === 0) {
      setPhotoError(NO_PHOTO);
      photosRef.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
      return;
    }
    try {
      const answer = await identify.mutateAsync({ info, photos: photos.map((photo) => photo.file) });
      if (answer.data === null) {
        setNotIdentified(
          answer.message || 'We could not tell which firearm this is. Add the manufacturer and model.',
        );
        setTold((count) => count + 1);
        return;
      }
      onIdentified(answer, info);
    } catch (error) {
      const message = applyServerErrors(error, form.setError, FIELDS, FAILED);
      setFormError(message);
      // A message on a field is focused by its field; one for the whole form is focused here.
      if (message) setTold((count) => count + 1);
      else form.setFocus(FIELDS.find((name) => form.getFieldState(name).error) ?? 'manufacturer');
    }
  });

  const textField = (name: 'manufacturer' | 'model' | 'caliber' | 'finish', label: string, help: string) => (
    <FormField label={label} optional help={help} error={errors[name]?.message}>
      {(control) => (
        <TextInput {...control} autoComplete="off" {...register(name, { setValueAs: optionalText })} />
      )}
    </FormField>
  );

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={onSubmit}
      aria-label="Identify a firearm"
      aria-busy={busy}
    >
      <div ref={messageRef} tabIndex={-1} className={styles.messages}>
        <FormError>{formError}</FormError>
        {notIdentified ? (
          <div className={styles.notIdentified} role="alert">
            <strong>Not identified.</strong> {notIdentified}
          </div>
        ) : null}
      </div>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Photos</legend>
        <div ref={photosRef}>
          <IdentificationPhotos
            photos={photos}
            onChange={choosePhotos}
            error={photoError}
            errorId={`${id}-photos-error`}
            disabled={busy}
          />
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>What you know about it</legend>
        <p className={styles.help}>
          Write what is stamped on the firearm, as you read it; abbreviations and misspellings are fine.
        </p>
        <div className={styles.row3}>
          {textField('manufacturer', 'Manufacturer', 'For example Glock, S&W, Ruger.')}
          {textField('model', 'Model', 'For example 19, M&P9 2.0, 10/22.')}
          {textField('caliber', 'Caliber or gauge', 'For example 9mm, .308 Win, 12 ga.')}
        </div>
        <div className={styles.row3}>
          <FormField label="Category" optional error={errors.familyId?.message}>
            {(control) => (
              <SelectInput {...control} {...register('familyId', { setValueAs: optionalNumber })}>
                <option value="">Not sure</option>
                {FIREARM_FAMILIES.map((family) => (
                  <option key={family.id} value={family.id}>
                    {familyLabel(family.key)}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Barrel length (inches)" optional error={errors.barrelInches?.message}>
            {(control) => (
              <TextInput
                {...control}
                inputMode="decimal"
                {...register('barrelInches', { setValueAs: optionalNumber })}
              />
            )}
          </FormField>
          <FormField label="Condition" optional error={errors.condition?.message}>
            {(control) => (
              <SelectInput {...control} {...register('condition', { setValueAs: optionalText })}>
                <option value="">Not sure</option>
                {Object.values(Condition).map((condition) => (
                  <option key={condition} value={condition}>
                    {CONDITION_LABELS[condition]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
        </div>
        <div className={styles.row}>
          {textField('finish', 'Finish', 'For example black, stainless, blued, FDE.')}
          <FormField
            label="Serial number prefix"
            optional
            help="The first few characters only. Kept with your request; not used to identify the firearm."
            error={errors.serialPrefix?.message}
          >
            {(control) => (
              <TextInput
                {...control}
                autoComplete="off"
                {...register('serialPrefix', { setValueAs: optionalText })}
              />
            )}
          </FormField>
        </div>
        <FormField
          label="Markings"
          optional
          help="What is stamped or engraved on the slide, barrel or receiver."
          error={errors.markings?.message}
        >
          {(control) => (
            <textarea
              {...control}
              className={formFieldStyles.input}
              rows={3}
              {...register('markings', { setValueAs: optionalText })}
            />
          )}
        </FormField>
        <FormField
          label="Notes"
          optional
          help="Anything else: accessories, history, changes."
          error={errors.notes?.message}
        >
          {(control) => (
            <textarea
              {...control}
              className={formFieldStyles.input}
              rows={3}
              {...register('notes', { setValueAs: optionalText })}
            />
          )}
        </FormField>
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Identifying...' : 'Identify'}
        </Button>
        {identify.progress !== null ? <SendProgress sent={identify.progress} /> : null}
      </div>
    </form>
  );
}

/** The photos' upload, then the reading, as a bar with its words; only the change of step is announced. */
function SendProgress({ sent }: { sent: number }) {
  const uploading = sent < 1;
  return (
    <div className={styles.progress}>
      <progress max={1} value={uploading ? sent : undefined} aria-label="Sending the photos" />
      <span>
        <span role="status">{uploading ? 'Sending photos...' : 'Reading the photos and details...'}</span>
        {uploading ? (
          <span aria-hidden="true" data-numeric="">
            {' '}
            {Math.round(sent * 100)}%
          </span>
        ) : null}
      </span>
    </div>
  );
}
