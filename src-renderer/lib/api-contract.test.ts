import { describe, expect, it } from 'vitest';
import { API_MODULES, ENDPOINT_NAMES, ENDPOINT_TABLES, ENDPOINTS } from '../../shared/contract/endpoints.ts';
import { loadEndpoint, MODULE_TABLES } from './api-contract.ts';

describe("the API client's contract, loaded a module at a time", () => {
  it("loads each module's own table", async () => {
    for (const module of API_MODULES) {
      expect(Object.keys(await MODULE_TABLES[module]()).sort(), module).toEqual(
        Object.keys(ENDPOINT_TABLES[module]).sort(),
      );
    }
  });

  it('finds every endpoint', async () => {
    for (const name of ENDPOINT_NAMES) expect(await loadEndpoint(name), name).toBe(ENDPOINTS[name]);
  });
});
