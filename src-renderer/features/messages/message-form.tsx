import { type FormEvent, useState } from 'react';
import {
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_BODY_MAX,
} from '../../../shared/contract/messages.ts';
import { Button } from '../../ui/button.tsx';
import { FileChooser } from '../../ui/file-picker.tsx';
import { FormError, FormField, FormNotice } from '../../ui/form-field.tsx';
import styles from './messages.module.css';

export interface MessageFormProps {
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  busyLabel: string;
  /** Signed-in writers may attach files; a visitor's message is kept in the browser, text only. */
  allowFiles: boolean;
  /**
   * Resolves with an error to show, or a notice (kept to send later): the typed text is kept for
   * both; null once sent.
   */
  onSubmit(body: string, files: File[]): Promise<MessageFormOutcome>;
  onCancel?: () => void;
}

/** What became of a submitted message: null sent, a string an error, a notice kept to send later. */
export type MessageFormOutcome = string | null | { notice: string };

const MB = 1024 * 1024;

/** Checks the picked files as far as the browser can (the server checks their content too). */
export function attachmentProblem(files: readonly File[]): string | null {
  if (files.length > MESSAGE_ATTACHMENTS_MAX) return `Attach at most ${MESSAGE_ATTACHMENTS_MAX} files.`;
  const tooLarge = files.find((file) => file.size > MESSAGE_ATTACHMENT_MAX_BYTES);
  if (tooLarge)
    return `“${tooLarge.name}” is larger than ${MESSAGE_ATTACHMENT_MAX_BYTES / MB} MB. Choose a smaller file.`;
  const wrongType = files.find(
    (file) => !(MESSAGE_ATTACHMENT_TYPES as readonly string[]).includes(file.type),
  );
  if (wrongType) return `“${wrongType.name}” is not a JPEG, PNG, WebP image or a PDF.`;
  return null;
}

/** The text of a message and its attachments; an error never clears what was typed. */
export function MessageForm({
  name,
  submitLabel,
  busyLabel,
  allowFiles,
  onSubmit,
  onCancel,
}: MessageFormProps) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (body.trim() === '') {
      setFieldError('Write a message.');
      return;
    }
    setFieldError(undefined);
    const problem = attachmentProblem(files);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    const outcome = await onSubmit(body.trim(), files);
    setBusy(false);
    if (typeof outcome === 'string') {
      setError(outcome);
      return;
    }
    if (outcome) {
      setNotice(outcome.notice);
      return;
    }
    setBody('');
    setFiles([]);
  };

  return (
    <form aria-label={name} onSubmit={(event) => void submit(event)} noValidate>
      <FormField label="Message" error={fieldError}>
        {(control) => (
          <textarea
            {...control}
            className={styles.textarea}
            value={body}
            maxLength={MESSAGE_BODY_MAX}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </FormField>
      {allowFiles ? (
        <FormField
          label="Attachments"
          optional
          help={`Up to ${MESSAGE_ATTACHMENTS_MAX} files: JPEG, PNG or WebP images and PDFs, ${MESSAGE_ATTACHMENT_MAX_BYTES / MB} MB each. Photo location data is removed.`}
        >
          {(control) => (
            // The chosen files are named once, in the list below, not beside the button as well.
            <FileChooser
              {...control}
              label="Choose files"
              multiple
              accept={MESSAGE_ATTACHMENT_TYPES.join(',')}
              keepsChoice
              onFiles={setFiles}
            />
          )}
        </FormField>
      ) : null}
      {files.length > 0 ? (
        <ul className={styles.files} aria-label="Files to attach">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`}>{file.name}</li>
          ))}
        </ul>
      ) : null}
      {error ? <FormError>{error}</FormError> : null}
      <FormNotice>{notice}</FormNotice>
      <div className={styles.toolbar}>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
