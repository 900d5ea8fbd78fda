import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZIP_CODE_PATTERN } from '../../../shared/contract/common.ts';
import { FFL_NAME_MAX } from '../../../shared/contract/ffl.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import { FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import styles from './ffl-finder.module.css';
import { type FflSearch, RADIUS_CHOICES } from './search-state.ts';

const formSchema = z
  .object({
    zip: z
      .string()
      .trim()
      .refine((value) => value === '' || ZIP_CODE_PATTERN.test(value), { error: 'Invalid zipcode format.' }),
    radius: z.string(),
    name: z
      .string()
      .trim()
      .max(FFL_NAME_MAX, { error: `Keep the name under ${FFL_NAME_MAX} characters.` }),
  })
  .refine((values) => values.zip !== '' || values.name !== '', {
    error: 'Enter a zip code or a dealer name.',
    path: ['zip'],
  });
type FormValues = z.input<typeof formSchema>;

const valuesOf = (search: FflSearch): FormValues => ({
  zip: search.zip,
  radius: String(search.radius),
  name: search.name,
});

export interface FflSearchFormProps {
  search: FflSearch;
  onSearch: (search: FflSearch) => void;
  /** Errors the server gave for the search (e.g. an unknown zip code), by field. */
  serverErrors?: Partial<Record<'zip' | 'radius' | 'name', string>>;
}

/** ZIP code and distance, and/or the dealer's name; a search starts at its first page. */
export function FflSearchForm({ search, onSearch, serverErrors = {} }: FflSearchFormProps) {
  const { register, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(search),
  });
  // Back and forward change the search: the fields follow.
  useEffect(() => {
    reset(valuesOf(search));
  }, [search, reset]);

  const submit = handleSubmit((values) => {
    onSearch({ zip: values.zip.trim(), radius: Number(values.radius), name: values.name.trim(), page: 1 });
  });
  const { errors } = formState;

  return (
    <form className={styles.form} aria-label="Find a dealer" onSubmit={submit} noValidate>
      <FormField label="ZIP code" error={errors.zip?.message ?? serverErrors.zip} className={styles.zip}>
        {(control) => (
          <TextInput
            {...control}
            {...register('zip')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
          />
        )}
      </FormField>
      <FormField label="Distance" error={serverErrors.radius} className={styles.radius}>
        {(control) => (
          <SelectInput {...control} {...register('radius')}>
            {RADIUS_CHOICES.map((miles) => (
              <option key={miles} value={String(miles)}>
                Within {miles} miles
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField
        label="Dealer name"
        optional
        error={errors.name?.message ?? serverErrors.name}
        className={styles.name}
      >
        {(control) => <TextInput {...control} {...register('name')} type="search" autoComplete="off" />}
      </FormField>
      <Button type="submit" className={styles.submit}>
        Search
      </Button>
    </form>
  );
}
