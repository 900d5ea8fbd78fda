import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';

/**
 * Puts the server's per-field messages on the form's fields; answers the message for the form as
 * a whole when none of them matched (or the call failed on the way).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback = 'Something went wrong. Please try again.',
): string | null {
  if (!isApiError(error)) return fallback;
  if (error.status === 0) return error.message;
  let matched = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: 'server', message });
      matched = true;
    }
  }
  if (matched) return null;
  return error.message || fallback;
}
