import { describe, expect, it } from 'vitest';
import { ENDPOINT_MODULES } from './endpoint-modules.ts';
import { ENDPOINT_NAMES, moduleOf } from './endpoints.ts';

describe('the endpoint → module index', () => {
  it('lists each endpoint under the module whose table holds it, and nothing else', () => {
    const wrong = ENDPOINT_NAMES.filter((name) => ENDPOINT_MODULES[name] !== moduleOf(name));
    expect(wrong).toEqual([]);
    expect(Object.keys(ENDPOINT_MODULES).sort()).toEqual([...ENDPOINT_NAMES].sort());
  });
});
