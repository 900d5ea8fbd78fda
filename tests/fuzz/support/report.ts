/**
 * Tallies a fuzz run: requests sent, statuses, and each distinct failure (endpoint and kind) with
 * how often it happened and the first request that showed it, so one fault reads as one line.
 */
import type { Problem } from './checks.ts';
import type { FuzzRequest } from './requests.ts';

const MAX_VARIANTS = 8;

export interface Failure {
  endpoint: string;
  kind: string;
  count: number;
  /** A few distinct details (messages, bodies) of this kind, numbers blurred. */
  variants: Set<string>;
  example: { request: FuzzRequest; status: number; detail: string };
}

export class FuzzReport {
  requests = 0;
  readonly statuses = new Map<number, number>();
  readonly failures = new Map<string, Failure>();

  record(endpoint: string, request: FuzzRequest, status: number, problems: Problem[]): void {
    this.requests += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    for (const problem of problems) {
      const key = `${endpoint} | ${problem.kind}`;
      const known = this.failures.get(key);
      const failure = known ?? {
        endpoint,
        kind: problem.kind,
        count: 0,
        variants: new Set<string>(),
        example: { request, status, detail: problem.detail },
      };
      failure.count += 1;
      if (failure.variants.size < MAX_VARIANTS) failure.variants.add(blurred(problem.detail));
      this.failures.set(key, failure);
    }
  }

  failuresOf(endpoint: string): Failure[] {
    return [...this.failures.values()].filter((failure) => failure.endpoint === endpoint);
  }

  /** Requests, statuses, 5xx (the planned endpoints' 501 apart) and the distinct failure kinds. */
  summary(plannedNotImplemented: number): string {
    const statuses = [...this.statuses.entries()].sort(([a], [b]) => a - b);
    const serverErrors = statuses
      .filter(([status]) => status >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const kinds = new Map<string, { count: number; endpoints: Set<string>; variants: Set<string> }>();
    for (const failure of this.failures.values()) {
      const kind = kinds.get(failure.kind) ?? {
        count: 0,
        endpoints: new Set<string>(),
        variants: new Set<string>(),
      };
      kind.count += failure.count;
      kind.endpoints.add(failure.endpoint);
      for (const variant of failure.variants)
        if (kind.variants.size < MAX_VARIANTS) kind.variants.add(variant);
      kinds.set(failure.kind, kind);
    }
    return [
      `fuzz: ${this.requests} requests; statuses ${statuses.map(([status, count]) => `${status}×${count}`).join(', ')}`,
      `fuzz: 5xx ${serverErrors - plannedNotImplemented} (plus ${plannedNotImplemented} × 501 from planned endpoints)`,
      `fuzz: ${this.failures.size} distinct failures (endpoint × kind), ${kinds.size} kinds`,
      ...[...kinds.entries()]
        .sort(([, a], [, b]) => b.count - a.count)
        .map(
          ([kind, { count, endpoints, variants }]) =>
            `  ${count}× ${kind} — ${[...endpoints].sort().join(', ')}\n${[...variants].map((variant) => `      e.g. ${variant}`).join('\n')}`,
        ),
    ].join('\n');
  }
}

/** One failure, written so it can be replayed by hand. */
export function describeFailure(failure: Failure): string {
  const { request, status, detail } = failure.example;
  const payload =
    request.payload === undefined
      ? ''
      : `\n    body ${shortened(typeof request.payload === 'string' ? request.payload : request.payload.toString('latin1'))}`;
  return [
    `${failure.kind} (${failure.count}×)`,
    `    ${request.method} ${shortened(request.url)} as ${request.caller} [${request.attack}]${payload}`,
    `    → ${status}: ${shortened(detail)}`,
  ].join('\n');
}

/** Long runs of one character folded ("x×100000") and the rest cut, so a 100k-char request fits a line. */
function shortened(text: string): string {
  const folded = text.replace(/(.)\1{19,}/gsu, (run, char: string) => `${char}×${[...run].length}`);
  return folded.length > 400 ? `${folded.slice(0, 400)}… (${text.length} chars)` : folded;
}

/** A detail with its numbers blurred and cut short, so variants of one fault collapse. */
function blurred(detail: string): string {
  return shortened(detail.replace(/\d+(\.\d+)?/g, 'N')).slice(0, 160);
}
