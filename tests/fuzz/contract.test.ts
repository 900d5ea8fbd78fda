/**
 * Every endpoint of the contract's table, fuzzed from its own schemas as a visitor, a buyer, a
 * seller and an admin: never a 5xx, every 4xx in the error envelope with a human message, every
 * 2xx matching the response schema. An endpoint added to the table is fuzzed without more code.
 * FUZZ_SEED and FUZZ_RUNS (requests per endpoint) change the run: `npm run fuzz -- --runs 500`.
 * Then every text field of every endpoint, in turn, carries text no database can store.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointDefinition } from '../../shared/contract/endpoints.ts';
import { checkResponse } from './support/checks.ts';
import { createFuzzApp, type FuzzApp } from './support/fuzz-app.ts';
import { describeFailure, FuzzReport } from './support/report.ts';
import { requestArbitrary } from './support/requests.ts';
import { unstorableTextRequests } from './support/unstorable-text.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_511);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let fuzz: FuzzApp;
const report = new FuzzReport();
let plannedNotImplemented = 0;

beforeAll(async () => {
  fuzz = await createFuzzApp();
});
afterAll(async () => {
  console.info(`fuzz: seed ${SEED}, ${RUNS} requests per endpoint\n${report.summary(plannedNotImplemented)}`);
  await fuzz?.close();
});

/** Each endpoint's own seed, so adding an endpoint leaves the others' requests unchanged. */
function seedOf(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('every endpoint of the contract under generated and hostile requests', () => {
  it.each(ENDPOINT_NAMES)(
    '%s: no 5xx, 4xx in the envelope with a human message, 2xx matching the contract',
    async (name) => {
      const endpoint = ENDPOINTS[name] as EndpointDefinition;
      const requests = fc.sample(requestArbitrary(endpoint, fuzz.hints), {
        seed: seedOf(name),
        numRuns: RUNS,
      });
      for (const request of requests) {
        const res = await fuzz.send(request, { stream: endpoint.produces === 'events' });
        if (res.statusCode === 501 && endpoint.planned) plannedNotImplemented += 1;
        report.record(name, request, res.statusCode, checkResponse(endpoint, res));
      }
      const failures = report.failuresOf(name).map(describeFailure);
      expect(failures.length, `${endpoint.method} ${endpoint.path}:\n${failures.join('\n')}\n`).toBe(0);
    },
    Math.max(30_000, RUNS * 1_000),
  );
});

describe('every text field of every endpoint with text no database can store', () => {
  it.each(ENDPOINT_NAMES)(
    '%s: an unpaired surrogate or a NUL in each text field never answers 5xx',
    async (name) => {
      const endpoint = ENDPOINTS[name] as EndpointDefinition;
      const failures: string[] = [];
      for (const { field, text, request } of unstorableTextRequests(endpoint, fuzz.hints, seedOf(name))) {
        const res = await fuzz.send(request, { stream: endpoint.produces === 'events' });
        if (res.statusCode === 501 && endpoint.planned) plannedNotImplemented += 1;
        const problems = checkResponse(endpoint, res);
        report.record(`${name} (unstorable text)`, request, res.statusCode, problems);
        for (const problem of problems)
          failures.push(`${text} in ${field}: ${res.statusCode} ${problem.kind}`);
      }
      expect(failures, `${endpoint.method} ${endpoint.path}`).toEqual([]);
    },
    60_000,
  );
});
