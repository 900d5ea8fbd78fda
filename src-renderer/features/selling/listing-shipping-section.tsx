import type { ListingInput } from '../../../shared/contract/listing-input.ts';
import { FormField, TextInput } from '../../ui/form-field.tsx';
import { toNumber } from './listing-form-fields.ts';
import styles from './selling.module.css';
import { StatePicker } from './state-picker.tsx';
import type { ListingFormApi } from './use-listing-form.ts';

/** Shipping: its cost, the days until the item ships, and the states it is not sold to. */
export function ListingShippingSection({ form }: { form: ListingFormApi }) {
  const { register, setValue } = form;
  const { errors } = form.formState;
  const excluded = form.watch('excludedShipToStates');
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Shipping</legend>
      <div className={styles.row}>
        <FormField
          label="Shipping cost (USD)"
          help="0 for free shipping."
          error={errors.shippingCost?.message}
        >
          {(controlProps) => (
            <TextInput
              {...controlProps}
              inputMode="decimal"
              {...register('shippingCost', { setValueAs: toNumber })}
            />
          )}
        </FormField>
        <FormField
          label="Delivery days"
          help="Days until you ship, 0 to 30."
          error={errors.deliveryDays?.message}
        >
          {(controlProps) => (
            <TextInput
              {...controlProps}
              type="number"
              min={0}
              max={30}
              step={1}
              {...register('deliveryDays', { setValueAs: toNumber })}
            />
          )}
        </FormField>
      </div>
      <StatePicker
        legend="States you do not ship to"
        help="Buyers in these states cannot buy this item."
        selected={excluded ?? []}
        register={register('excludedShipToStates')}
        onSetAll={(codes) =>
          setValue('excludedShipToStates', codes as ListingInput['excludedShipToStates'], {
            shouldDirty: true,
          })
        }
        error={errors.excludedShipToStates?.message}
      />
    </fieldset>
  );
}
