/** A failed rule: a stable key for code and the spec's message for people. */
export type ValidationError = { key: string; message: string };

/** A validator returns null when the value passes. */
export type Validator<T = string> = (value: T) => ValidationError | null;

export function fail(key: string, message: string): ValidationError {
  return { key, message };
}

/** Runs validators in order and returns the first failure. */
export function firstError<T>(value: T, ...validators: readonly Validator<T>[]): ValidationError | null {
  for (const validate of validators) {
    const error = validate(value);
    if (error) return error;
  }
  return null;
}

/** Builds a validator from validators run in order; the first failure wins. */
export function compose<T>(...validators: readonly Validator<T>[]): Validator<T> {
  return (value) => firstError(value, ...validators);
}

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function required(message: string): Validator<string | null | undefined> {
  return (value) => (isBlank(value) ? fail('required', message) : null);
}

export function pattern(regex: RegExp, message: string, key = 'pattern'): Validator<string> {
  return (value) => (regex.test(value) ? null : fail(key, message));
}

export function minLength(min: number, message: string): Validator<string> {
  return (value) => (value.trim().length >= min ? null : fail('minLength', message));
}

/** Adapts a validator to react-hook-form's `validate`: the message on failure, true on success. */
export function toFieldValidator<T>(validate: Validator<T>): (value: T) => string | true {
  return (value) => validate(value)?.message ?? true;
}
