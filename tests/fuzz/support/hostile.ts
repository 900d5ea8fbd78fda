/**
 * What an attacker or a broken client sends instead of a valid request: wrong types, hostile text
 * (control characters, bidi overrides, huge strings), prototype keys, boundary numbers, missing
 * fields, and garbage in the path and the query string.
 */
import fc from 'fast-check';

const HUGE = 'x'.repeat(100_000);

/** Text that must be refused or stored faithfully, never crash the server. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u0003\u0007\b\u001b[31m',
  'line\nbreak\r\ttab',
  '\u007f\u0085\u009f',
  '\u202eevil\u202c',
  '\u2066isolate\u2069',
  '\u200b\u200d\ufeff',
  '🔫🦅🇺🇸',
  'Zoë Ñandú 東京 مرحبا',
  '\ud800',
  'e\u0301\u0301\u0301',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%ff%',
  '\u0024{7*7}{{7*7}}',
  '__proto__',
  'constructor',
  HUGE,
  'a'.repeat(10_000),
];

/** Numbers on and beyond every limit the contract uses. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  1.5,
  -0.001,
  0.001,
  24,
  100,
  101,
  10_000,
  10_001,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  1e21,
  -1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** A value of the wrong type, or a hostile value of the right one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [1, 2], { a: 1 }, ['x'], [null]),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A whole body that is not the object asked for. */
export const HOSTILE_BODIES: readonly { text: string; contentType?: string }[] = [
  { text: '[]' },
  { text: '[{}]' },
  { text: '"text"' },
  { text: '42' },
  { text: 'null' },
  { text: 'true' },
  { text: '' },
  { text: '{' },
  { text: '{"a":' },
  { text: '{"__proto__":{"isAdmin":true}}' },
  { text: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { text: `{"a":"${'x'.repeat(100_000)}"}` },
  { text: '{}', contentType: 'text/plain' },
  { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { text: '{}', contentType: 'application/json; charset=latin1' },
  {
    text: '--x\r\nContent-Disposition: form-data; name="request"\r\n\r\n{}\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
  { text: '--x\r\n\r\n', contentType: 'multipart/form-data' },
  {
    text: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
];

/** A path parameter no client would send, raw: malformed escapes, traversal, control bytes, huge. */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '%ff',
  '%',
  '%00',
  '%0a',
  // A bare '..' is resolved by the URL parser of inject into another route, so only encoded slashes.
  '..%2f..%2fetc%2fpasswd',
  '%E2%80%AE',
  '%F0%9F%94%AB',
  'a'.repeat(5_000),
  'x'.repeat(100_000),
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  'constructor',
  '%20',
];

/** Raw query strings appended to the generated one. */
export const HOSTILE_QUERIES: readonly string[] = [
  '%ff=%ff',
  'page=%',
  'page=1&page=2',
  'pageSize=-1',
  'page=1e400',
  'cmc=%00',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  `q=${'x'.repeat(20_000)}`,
  'a[b][c]=1',
];

export type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'proto'; at: number; key: '__proto__' | 'constructor' | 'prototype' }
  | { kind: 'stretch'; at: number }
  | { kind: 'taint'; with: string };

/** Characters a text field must refuse or keep faithfully, slipped into every string of a request. */
const TAINTS = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', 'a\u0000', '\u0001', '\u001b', '\u007f') },
  { weight: 1, arbitrary: fc.constantFrom('\u202e', '\u2066', '\ud800', '\r\n', '🔫') },
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
  },
  fc.record({
    kind: fc.constant('proto' as const),
    at: fc.nat(),
    key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const),
  }),
  fc.record({ kind: fc.constant('stretch' as const), at: fc.nat() }),
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('taint' as const), with: TAINTS }) },
);

type Path = (string | number)[];

/** Every place in a JSON value, the root first. */
function placesIn(value: unknown, path: Path = []): Path[] {
  const places: Path[] = [path];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) places.push(...placesIn(item, [...path, index]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) places.push(...placesIn(item, [...path, key]));
  }
  return places;
}

const clone = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** Applies a mutation to a copy of a valid value; `undefined` at the root means "send nothing". */
export function mutate(value: unknown, change: Mutation): unknown {
  const copy = clone(value);
  const places = placesIn(copy);
  if (change.kind === 'taint') {
    return places.reduce((root, path) => {
      const text = at(root, path);
      if (typeof text !== 'string') return root;
      const middle = Math.floor(text.length / 2);
      return replaceAt(root, path, `${text.slice(0, middle)}${change.with}${text.slice(middle)}`);
    }, copy);
  }
  const objects = places.filter((path) => isObject(at(copy, path)));
  if (change.kind === 'proto') {
    const target = objects.length > 0 ? at(copy, objects[change.at % objects.length]!) : undefined;
    // defineProperty makes "__proto__" an own key that JSON.stringify writes, as a raw request would.
    const payload = change.key === 'constructor' ? { prototype: { isAdmin: true } } : { isAdmin: true };
    if (isObject(target)) Object.defineProperty(target, change.key, { value: payload, enumerable: true });
    return copy;
  }
  if (change.kind === 'drop') {
    const inner = places.filter((path) => path.length > 0);
    if (inner.length === 0) return undefined;
    const path = inner[change.at % inner.length]!;
    const parent = at(copy, path.slice(0, -1));
    const key = path.at(-1)!;
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete (parent as Record<string, unknown>)[key];
    return copy;
  }
  const path = places[change.at % places.length]!;
  const current = at(copy, path);
  const replacement =
    change.kind === 'stretch'
      ? typeof current === 'string'
        ? current + 'ẍ'.repeat(5_000)
        : 'x'.repeat(100_000)
      : change.value;
  return replaceAt(copy, path, replacement);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

function replaceAt(root: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  (at(root, path.slice(0, -1)) as Record<string | number, unknown>)[path.at(-1)!] = replacement;
  return root;
}
