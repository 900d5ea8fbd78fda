import { z } from 'zod';

/**
 * Human messages for every zod issue a schema does not word itself, so no client ever shows
 * "Invalid input: expected object, received array" or a regular expression. A message given on a
 * schema or check always wins; these are the fallback. The server (app.ts), the renderer
 * (zod-config.ts) and the contract (common.ts) import this module, so the words are the same
 * wherever a schema is parsed.
 */

type Issue = z.core.$ZodRawIssue;

const TYPE_MESSAGES: Readonly<Record<string, string>> = {
  string: 'Enter text.',
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  bigint: 'Enter a whole number.',
  boolean: 'Use true or false.',
  array: 'Send a list.',
  object: 'Send an object with the fields of this request.',
  date: 'Enter a date.',
};

const FORMAT_MESSAGES: Readonly<Record<string, string>> = {
  email: 'Enter a valid email.',
  url: 'Enter a valid web address.',
  guid: 'Enter a valid id.',
  uuid: 'Enter a valid id.',
  datetime: 'Enter a valid date and time.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
};

const plural = (count: number | bigint, one: string, many: string) =>
  `${count} ${Number(count) === 1 ? one : many}`;

function typeMessage(expected: string, input: unknown): string {
  if (input === undefined) return 'This field is required.';
  if (input === null) return 'This field cannot be empty.';
  return TYPE_MESSAGES[expected] ?? 'This value is not of the right kind.';
}

function tooSmallMessage(origin: string, minimum: number | bigint, inclusive: boolean): string {
  if (origin === 'string') {
    return Number(minimum) <= 1
      ? 'This field is required.'
      : `Use at least ${plural(minimum, 'character', 'characters')}.`;
  }
  if (origin === 'array' || origin === 'set') {
    return `Add at least ${plural(minimum, 'item', 'items')}.`;
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return inclusive ? `Use ${minimum} or more.` : `Use more than ${minimum}.`;
  }
  return 'This value is too small.';
}

function tooBigMessage(origin: string, maximum: number | bigint, inclusive: boolean): string {
  if (origin === 'string') return `Use at most ${plural(maximum, 'character', 'characters')}.`;
  if (origin === 'array' || origin === 'set') return `Use at most ${plural(maximum, 'item', 'items')}.`;
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return inclusive ? `Use ${maximum} or less.` : `Use less than ${maximum}.`;
  }
  if (origin === 'file') return 'The file is too large.';
  return 'This value is too large.';
}

function choiceMessage(values: readonly unknown[]): string {
  const shown = values.filter((value) => ['string', 'number', 'boolean'].includes(typeof value));
  if (shown.length === 0 || shown.length !== values.length || shown.length > 12) {
    return 'Choose one of the allowed values.';
  }
  return `Choose one of: ${shown.map(String).join(', ')}.`;
}

export function humanZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return typeMessage(issue.expected, issue.input);
    case 'too_small':
      return tooSmallMessage(issue.origin, issue.minimum, issue.inclusive ?? true);
    case 'too_big':
      return tooBigMessage(issue.origin, issue.maximum, issue.inclusive ?? true);
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? 'This value is not in the right format.';
    case 'not_multiple_of':
      return Number(issue.divisor) === 0.01
        ? 'Use at most two decimals.'
        : `Use a multiple of ${issue.divisor}.`;
    case 'invalid_value':
      return choiceMessage(issue.values);
    case 'unrecognized_keys':
      return 'Remove the fields this request does not take.';
    case 'invalid_key':
      return 'This has a key that is not allowed.';
    case 'invalid_element':
      return 'This has a value that is not allowed.';
    case 'invalid_union':
      return 'This value is not valid here.';
    default:
      return 'This value is not valid.';
  }
}

z.config({ customError: humanZodMessage });
