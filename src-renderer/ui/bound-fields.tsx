import type { ChangeEvent, ComponentPropsWithoutRef } from 'react';
import { type FieldError, type FieldErrors, get, useFormContext, useFormState } from 'react-hook-form';
import { FormField, SelectInput, TextInput } from './form-field.tsx';

/** A field's path in the form: its key, under the group's path when the fields sit in one (`payment.zip`). */
export function fieldPath(group: string | undefined, key: string): string {
  return group ? `${group}.${key}` : key;
}

function messageOf(errors: FieldErrors, name: string): string | undefined {
  return get<FieldErrors, FieldError | undefined>(errors, name)?.message;
}

type InputAttributes = Omit<ComponentPropsWithoutRef<'input'>, 'name' | 'onChange' | 'onBlur' | 'value'>;

export interface BoundTextFieldProps extends InputAttributes {
  /** The field's path in the surrounding react-hook-form form (see `fieldPath`). */
  name: string;
  label: string;
  optional?: boolean | undefined;
  /**
   * Rewrites what is typed as it is typed (e.g. the card number grouped by four), given the value
   * before the change; the field is checked again at once when it was already touched or submitted.
   */
  format?: ((typed: string, previous: string) => string) | undefined;
}

/** A text input registered in the surrounding form, its label and message tied to it by FormField. */
export function BoundTextField({ name, label, optional, format, ...input }: BoundTextFieldProps) {
  const { register, setValue, getValues } = useFormContext();
  const { errors, touchedFields, isSubmitted } = useFormState({ name });
  const registered = register(name);
  const onChange = format
    ? (event: ChangeEvent<HTMLInputElement>) => {
        const shouldValidate = Boolean(get(touchedFields, name)) || isSubmitted;
        setValue(name, format(event.target.value, String(getValues(name) ?? '')), { shouldValidate });
      }
    : registered.onChange;
  return (
    <FormField label={label} error={messageOf(errors, name)} optional={optional}>
      {(control) => <TextInput {...control} {...registered} onChange={onChange} {...input} />}
    </FormField>
  );
}

export interface Region {
  code: string;
  name: string;
}

export interface BoundRegionFieldProps extends Omit<ComponentPropsWithoutRef<'select'>, 'name' | 'children'> {
  name: string;
  label: string;
  regions: readonly Region[];
}

/** A state picker ('Choose…' until one is picked) registered in the surrounding form. */
export function BoundRegionField({ name, label, regions, ...select }: BoundRegionFieldProps) {
  const { register } = useFormContext();
  const { errors } = useFormState({ name });
  return (
    <FormField label={label} error={messageOf(errors, name)}>
      {(control) => (
        <SelectInput {...control} {...register(name)} {...select}>
          <option value="">Choose…</option>
          {regions.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </SelectInput>
      )}
    </FormField>
  );
}
