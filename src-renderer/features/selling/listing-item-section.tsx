import { useId } from 'react';
import { Link } from 'react-router';
import { LISTING_TITLE_MAX } from '../../../shared/contract/listing-input.ts';
import { CONDITION_LABELS, Condition } from '../../../shared/domain/listing.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { useBrandNames } from './api/use-brand-names.ts';
import { ListingCategoryField } from './listing-category-field.tsx';
import { ListingDescriptionField } from './listing-description-field.tsx';
import { optionalText } from './listing-form-fields.ts';
import styles from './selling.module.css';
import type { ListingFormState } from './use-listing-form.ts';

/** The item: its category, maker, model, caliber, condition and numbers, its title and description. */
export function ListingItemSection({ state }: { state: ListingFormState }) {
  const { form, fields } = state;
  const { register } = form;
  const { errors } = form.formState;
  const brandNames = useBrandNames();
  const id = useId();
  const brandListId = `${id}-brands`;
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Item</legend>
      <ListingCategoryField form={form} fields={fields} />
      {state.startValues.id ? null : (
        <p className={styles.help}>
          Not sure of the maker or model?{' '}
          <Link className={styles.link} to={paths.identify()}>
            Identify your firearm from photos
          </Link>{' '}
          and see what it sold for here recently.
        </p>
      )}
      <div className={styles.row3}>
        <FormField label="Manufacturer" optional error={errors.manufacturer?.message}>
          {(controlProps) => (
            <>
              <TextInput
                {...controlProps}
                list={brandListId}
                autoComplete="off"
                {...register('manufacturer', { setValueAs: optionalText })}
              />
              <datalist id={brandListId}>
                {(brandNames.data ?? []).map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField label="Model" optional error={errors.model?.message}>
          {(controlProps) => (
            <TextInput {...controlProps} {...register('model', { setValueAs: optionalText })} />
          )}
        </FormField>
        {fields.showsCaliber ? (
          <FormField label={fields.caliberLabel} optional error={errors.caliber?.message}>
            {(controlProps) => (
              <TextInput {...controlProps} {...register('caliber', { setValueAs: optionalText })} />
            )}
          </FormField>
        ) : null}
      </div>
      <div className={styles.row}>
        <FormField label="Condition" error={errors.condition?.message}>
          {(controlProps) => (
            <SelectInput {...controlProps} {...register('condition')}>
              {Object.values(Condition).map((condition) => (
                <option key={condition} value={condition}>
                  {CONDITION_LABELS[condition]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField
          label="UPC"
          optional
          help="The 12-digit barcode number, if the item has one."
          error={errors.upc?.message}
        >
          {(controlProps) => (
            <TextInput
              {...controlProps}
              inputMode="numeric"
              {...register('upc', { setValueAs: optionalText })}
            />
          )}
        </FormField>
      </div>
      <div className={styles.row}>
        <FormField label="SKU" optional error={errors.sku?.message}>
          {(controlProps) => (
            <TextInput {...controlProps} {...register('sku', { setValueAs: optionalText })} />
          )}
        </FormField>
        <FormField
          label="Stock number"
          optional
          help="Your own number for this item."
          error={errors.sellerStockNumber?.message}
        >
          {(controlProps) => (
            <TextInput {...controlProps} {...register('sellerStockNumber', { setValueAs: optionalText })} />
          )}
        </FormField>
      </div>
      <ListingTitleField state={state} />
      <ListingDescriptionField
        form={form}
        initialHtml={state.startValues.description ?? ''}
        resetKey={state.resetKey}
      />
    </fieldset>
  );
}

/** The title: made from the item fields until the seller writes their own. */
function ListingTitleField({ state: { form, titleEdited, setTitleEdited } }: { state: ListingFormState }) {
  return (
    <FormField
      label="Title"
      error={form.formState.errors.title?.message}
      help={
        <>
          {titleEdited
            ? 'Your own title.'
            : 'Made from the manufacturer, model and caliber; edit it as you like.'}{' '}
          At most {LISTING_TITLE_MAX} characters.{' '}
          {titleEdited ? (
            <button
              type="button"
              className={styles.inlineButton}
              onClick={() => {
                setTitleEdited(false);
              }}
            >
              Make the title from the fields
            </button>
          ) : null}
        </>
      }
    >
      {(controlProps) => (
        <TextInput
          {...controlProps}
          maxLength={LISTING_TITLE_MAX}
          {...form.register('title', { onChange: () => setTitleEdited(true) })}
        />
      )}
    </FormField>
  );
}
