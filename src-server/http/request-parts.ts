import type { z } from 'zod';
import { unstorableTextReason } from '../../shared/domain/text.ts';
import { AppError, fieldsFromZod } from './errors.ts';

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

function pathTo(visit: Visit): string[] {
  const keys: string[] = [];
  for (let at: Visit = visit; at.parent; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/**
 * The first string (value or key) no text column can store (a NUL or an unpaired surrogate): its
 * path and why. Walked with a stack and parent links, so deeply nested JSON cannot overflow or slow it.
 */
function unstorableText(root: unknown): { path: string[]; reason: string } | undefined {
  const pending: Visit[] = [{ value: root, key: '', parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    const reason = typeof value === 'string' ? unstorableTextReason(value) : undefined;
    if (reason) return { path: pathTo(visit), reason };
    if (value === null || typeof value !== 'object') continue;
    for (const [key, item] of Object.entries(value)) {
      const child = { value: item, key, parent: visit };
      const keyReason = unstorableTextReason(key);
      if (keyReason) return { path: pathTo(child), reason: keyReason };
      pending.push(child);
    }
  }
  return undefined;
}

/**
 * One part of a request (params, query or body) parsed with its contract schema: text no column can
 * store is refused first, then the schema's issues answer 400 with the fields that failed.
 */
export function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  // The request schemas refuse such text; this catches any text field, key or id that slipped through them.
  const unstorable = unstorableText(value);
  if (unstorable) {
    const field =
      [where === 'body' ? undefined : where, ...unstorable.path].filter(Boolean).join('.') || where;
    throw new AppError(400, 'validation_failed', 'The request is not valid.', {
      fields: { [field]: unstorable.reason },
    });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // A rule on the whole request (no path) carries a message of the contract, e.g. 'No ids provided'.
  const wholeRequestIssue = result.error.issues.find((issue) => issue.path.length === 0);
  throw new AppError(400, 'validation_failed', wholeRequestIssue?.message ?? 'The request is not valid.', {
    fields: fieldsFromZod(result.error, where === 'body' ? undefined : where),
  });
}
