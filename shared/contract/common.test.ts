import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EMPTY_GUID,
  ERROR_CODES,
  ERROR_STATUS,
  errorEnvelope,
  errorEnvelopeSchema,
  isEmptyGuid,
  moneySchema,
  uuidSchema,
  validationEnvelope,
  zipCodeSchema,
} from './common.ts';

describe('common values', () => {
  it('accept GUIDs, the empty GUID included', () => {
    expect(uuidSchema.safeParse(EMPTY_GUID).success).toBe(true);
    expect(uuidSchema.safeParse('6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70').success).toBe(true);
    expect(uuidSchema.safeParse('123').success).toBe(false);
    expect(isEmptyGuid(EMPTY_GUID)).toBe(true);
    expect(isEmptyGuid('6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70')).toBe(false);
  });

  it('keep money to cents', () => {
    for (const ok of [0, 0.01, 19.99, 549.99, 1234.56]) expect(moneySchema.safeParse(ok).success).toBe(true);
    for (const bad of [-1, 1.005, Number.NaN]) expect(moneySchema.safeParse(bad).success).toBe(false);
  });

  it('take 5 or 5+4 digit zip codes', () => {
    for (const ok of ['75207', '75207-1234', '75207 1234'])
      expect(zipCodeSchema.safeParse(ok).success).toBe(true);
    expect(zipCodeSchema.safeParse('7520').error?.issues[0]?.message).toBe('Invalid zipcode format.');
  });
});

describe('error envelope', () => {
  it('gives every code a status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS.payment_required).toBe(402);
  });

  it('carries code, message and optional field messages', () => {
    expect(errorEnvelopeSchema.parse(errorEnvelope('not_found', 'Not found.'))).toEqual({
      error: { code: 'not_found', message: 'Not found.' },
    });
    expect(errorEnvelopeSchema.safeParse({ error: { message: 'no code' } }).success).toBe(false);
  });

  it('turns field issues into fields and a whole-request rule into the message', () => {
    const schema = z
      .object({ name: z.string().min(1, { error: 'Name it.' }), a: z.number(), b: z.number() })
      .refine((v) => v.a < v.b, { error: 'a must be below b.' });
    const fields = schema.safeParse({ name: '', a: 1, b: 2 });
    expect(fields.success || validationEnvelope(fields.error)).toEqual({
      error: {
        code: 'validation_failed',
        message: 'The request is not valid.',
        fields: { name: 'Name it.' },
      },
    });
    const whole = schema.safeParse({ name: 'x', a: 3, b: 2 });
    expect(whole.success || validationEnvelope(whole.error)).toEqual({
      error: { code: 'validation_failed', message: 'a must be below b.' },
    });
  });
});
