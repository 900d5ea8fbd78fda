import { useController } from 'react-hook-form';
import { CATEGORY_FAMILIES, requiresFfl } from '../../../shared/domain/category.ts';
import { FormField, SelectInput } from '../../ui/form-field.tsx';
import { type FamilyFields, familyOptionLabel, toNumber } from './listing-form-fields.ts';
import type { ListingFormApi } from './use-listing-form.ts';

/** The category, and whether an item of it ships through an FFL dealer. */
export function ListingCategoryField({ form, fields }: { form: ListingFormApi; fields: FamilyFields }) {
  // Controlled, so an edited listing's category shows from the first render.
  const family = useController({ name: 'familyId', control: form.control });
  const requiresTransfer = fields.family ? requiresFfl(fields.family.key) : null;
  return (
    <FormField
      label="Category"
      error={form.formState.errors.familyId?.message}
      help={
        requiresTransfer === null ? (
          'The category decides which details are asked for and how the item ships.'
        ) : (
          <span aria-live="polite">
            {requiresTransfer
              ? 'FFL transfer required: this item ships to the buyer’s FFL dealer.'
              : 'No FFL transfer required: this item may ship directly to the buyer.'}
          </span>
        )
      }
    >
      {(controlProps) => (
        <SelectInput
          {...controlProps}
          name={family.field.name}
          ref={family.field.ref}
          value={family.field.value ?? ''}
          onChange={(event) => family.field.onChange(toNumber(event.target.value))}
          onBlur={family.field.onBlur}
        >
          <option value="">Choose a category</option>
          {CATEGORY_FAMILIES.map((family) => (
            <option key={family.id} value={family.id}>
              {familyOptionLabel(family.key)}
            </option>
          ))}
        </SelectInput>
      )}
    </FormField>
  );
}
