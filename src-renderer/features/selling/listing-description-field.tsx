import { useId } from 'react';
import { useController } from 'react-hook-form';
import formFieldStyles from '../../ui/form-field.module.css';
import { FieldError } from '../../ui/form-field.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import type { ListingFormApi } from './use-listing-form.ts';

export interface ListingDescriptionFieldProps {
  form: ListingFormApi;
  initialHtml: string;
  /** Changes when the form starts over: the editor then shows `initialHtml` again. */
  resetKey: number;
}

/** The description, written with light formatting. */
export function ListingDescriptionField({ form, initialHtml, resetKey }: ListingDescriptionFieldProps) {
  const id = useId();
  const description = useController({ name: 'description', control: form.control });
  const error = form.formState.errors.description;
  const labelId = `${id}-description-label`;
  const helpId = `${id}-description-help`;
  const errorId = `${id}-description-error`;
  return (
    <div className={formFieldStyles.field}>
      <span id={labelId} className={formFieldStyles.label}>
        Description
      </span>
      <RichTextEditor
        id={`${id}-description`}
        labelId={labelId}
        toolbarLabel="Description formatting"
        initialHtml={initialHtml}
        resetKey={resetKey}
        editorRef={description.field.ref}
        onChange={description.field.onChange}
        onBlur={description.field.onBlur}
        aria-invalid={Boolean(error)}
        aria-describedby={[helpId, error ? errorId : null].filter(Boolean).join(' ')}
      />
      <div id={helpId} className={formFieldStyles.help}>
        Bold, italic, lists and links are kept; other formatting is removed when the listing is saved.
      </div>
      <FieldError id={errorId}>{error?.message}</FieldError>
    </div>
  );
}
