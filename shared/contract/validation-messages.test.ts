import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from './endpoints.ts';

/** What zod writes when nobody worded a message, and anything that prints a pattern. */
const MACHINE_WORDING = [
  /Invalid input/,
  /Invalid (string|option|element|key|number)/,
  /\bexpected\b/,
  /\breceived\b/,
  /must match pattern/i,
  /Too (big|small)/,
  /\/\^|\$\/|\\[dswpu]|\[\^?[\w\\-]+\]/,
];

const BAD_VALUES: readonly unknown[] = [
  undefined,
  null,
  true,
  -1,
  1.5,
  1e12,
  '',
  'x'.repeat(5000),
  'not a value',
  'a\u0000b',
  '\u202Eevil',
  [],
  [1, 'two', null],
  {},
  { __proto__: { polluted: true } },
];

type Json = { type?: string | string[]; properties?: Record<string, Json>; items?: Json };

/** The property names of an object schema, one level deep, from its JSON Schema. */
function propertiesOf(json: Json): Record<string, Json> {
  return json.properties ?? {};
}

/** Bad requests for one schema: wrong whole values, then each field (and each nested field) set to each bad value. */
function badInputs(schema: z.ZodType): unknown[] {
  const inputs: unknown[] = [...BAD_VALUES];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  for (const [key, property] of Object.entries(propertiesOf(json))) {
    for (const value of BAD_VALUES) inputs.push({ [key]: value });
    for (const [inner] of Object.entries(propertiesOf(property))) {
      for (const value of BAD_VALUES) inputs.push({ [key]: { [inner]: value } });
    }
    if (property.items) for (const value of BAD_VALUES) inputs.push({ [key]: [value] });
  }
  return inputs;
}

const parts = Object.entries(ENDPOINTS).flatMap(([name, endpoint]) =>
  (['params', 'query', 'body'] as const)
    .map((part) => ({ name, part, schema: (endpoint as Record<string, unknown>)[part] }))
    .filter(
      (entry): entry is { name: string; part: 'params' | 'query' | 'body'; schema: z.ZodType } =>
        entry.schema instanceof z.ZodType,
    ),
);

describe('request schemas of every endpoint word their failures for people', () => {
  it('covers the request schemas of the table', () => {
    expect(parts.length).toBeGreaterThan(50);
  });

  it.each(parts)('$name $part', ({ schema }) => {
    const machine: string[] = [];
    for (const input of badInputs(schema)) {
      const result = schema.safeParse(input);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        if (MACHINE_WORDING.some((pattern) => pattern.test(issue.message))) {
          machine.push(`${JSON.stringify(input)?.slice(0, 60)} → ${issue.path.join('.')}: ${issue.message}`);
        }
      }
    }
    expect(machine).toEqual([]);
  });
});
