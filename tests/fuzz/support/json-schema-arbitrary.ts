/**
 * JSON Schema (as `z.toJSONSchema` writes it for the contract) → a fast-check arbitrary of values
 * the schema accepts. It covers what the contract uses: objects, arrays, records, strings with
 * format/pattern/length, numbers and integers with bounds and steps, enum/const, anyOf/oneOf, null
 * and booleans. Values sit on the boundaries (shortest, longest, min, max) often, as bugs do.
 */
import fc from 'fast-check';
import { z } from 'zod';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

/** Known good values by property name (seeded ids, slugs, emails), so valid requests also find data. */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

/** The input side of a zod schema as JSON Schema; what the schema cannot say becomes "anything". */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Longest generated string: long enough to meet limits, short enough to keep thousands of requests fast. */
const GENERATED_MAX_LENGTH = 300;
const GENERATED_MAX_ITEMS = 4;

export function arbitraryOf(schema: JsonSchema, hints: Hints = {}, name = ''): fc.Arbitrary<unknown> {
  const base = baseArbitrary(schema, hints, name);
  const known = hints[name];
  return known && known.length > 0 ? fc.oneof(base, fc.constantFrom(...known)) : base;
}

function baseArbitrary(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, hints)));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], hints);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, hints)));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'string':
      return stringArbitrary(schema);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, hints, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? GENERATED_MAX_ITEMS, GENERATED_MAX_ITEMS),
        ),
      });
    case 'object':
      return objectArbitrary(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
    const keys = schema.propertyNames ? stringArbitrary(schema.propertyNames) : fc.string({ maxLength: 20 });
    return fc.dictionary(keys as fc.Arbitrary<string>, arbitraryOf(schema.additionalProperties, hints), {
      maxKeys: GENERATED_MAX_ITEMS,
    });
  }
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, arbitraryOf(property, hints, key)]),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.ceil(
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1e6),
  );
  const max = Math.floor(
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1e6),
  );
  const low = Math.max(min, Number.MIN_SAFE_INTEGER);
  const high = Math.min(max, Number.MAX_SAFE_INTEGER);
  return fc.oneof(fc.integer({ min: low, max: high }), fc.constantFrom(low, high));
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum ?? schema.minimum ?? -1e7;
  const max = schema.exclusiveMaximum ?? schema.maximum ?? 1e7;
  const step = schema.multipleOf;
  if (step) {
    const low = Math.ceil(min / step);
    const high = Math.floor(max / step);
    const excludeLow = schema.exclusiveMinimum !== undefined && low * step === min ? 1 : 0;
    return fc
      .oneof(fc.integer({ min: low + excludeLow, max: high }), fc.constantFrom(low + excludeLow, high))
      .map((units) => Number((units * step).toFixed(10)));
  }
  const double = fc.double({
    min,
    max,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
  const edges = [schema.minimum, schema.maximum].filter((edge): edge is number => edge !== undefined);
  return edges.length > 0 ? fc.oneof(double, fc.constantFrom(...edges)) : double;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(
    minLength,
    Math.min(schema.maxLength ?? GENERATED_MAX_LENGTH, GENERATED_MAX_LENGTH),
  );
  // Bends a generated value into the length limits (never filters, so generation cannot starve).
  const fit = (value: string) => value.slice(0, schema.maxLength ?? value.length).padEnd(minLength, '7');
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().map(fit);
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'uri':
      return fc.webUrl().map(fit);
  }
  if (schema.pattern) {
    return patternArbitrary(schema.pattern).map(fit);
  }
  const text = fc.string({ minLength, maxLength, unit: 'grapheme' });
  const longest = fc.string({ minLength: maxLength, maxLength, unit: 'grapheme-ascii' });
  return fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: longest });
}

/** Strings matching a pattern, or plain words when fast-check cannot build them. */
function patternArbitrary(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern), { size: 'small' });
  } catch {
    // Plain words, which the free-text patterns fast-check cannot build (`\p{L}` names, cities) accept.
    return fc.oneof(
      fc.constantFrom('Austin', 'San Antonio', 'Zoë', 'Ñandú'),
      fc.string({ minLength: 1, maxLength: 30 }),
    );
  }
}
