/**
 * Issue 18's targets for the served app under load, and the verdict on one autocannon run against
 * them. Kept apart from http.ts (which starts servers and drives them) so the verdict is unit-tested:
 * a run that fails in some way must never be reported as PASS.
 */
import type { DatabaseEngine } from '~/db/database.server'

/** What the HTTP bench drives, one autocannon run each. */
export type HttpScenario = 'list' | 'ssrAnimals' | 'animalPage' | 'chuteWeighing'

/** One run's figures, as http.ts takes them from autocannon and from the server's /proc entry. */
export interface HttpMeasurement {
  scenario: HttpScenario
  engine: DatabaseEngine
  connections: number
  durationSeconds: number
  /** Responses of any status. */
  requests: number
  /** Mean responses per second over the run. */
  requestsPerSecond: number
  p50Ms: number
  p97_5Ms: number
  p99Ms: number
  /** Requests without an answer: connection errors, timeouts included (autocannon's `errors`). */
  errors: number
  /** Of those, timeouts. */
  timeouts: number
  /** Responses with a status outside 200–299 (a redirect to the sign-in page counts). */
  non2xx: number
  /** Resident memory of the server process after the run, and its peak so far (VmHWM). */
  rssMb: number
  peakRssMb: number
}

interface LoadTarget {
  /** Mean requests per second, at least. */
  minRps?: number
  /** The 97.5th percentile latency, strictly below. */
  maxP97_5Ms?: number
}

/** The table, per scenario and engine. Scenarios without a target are measured only. */
export const HTTP_TARGETS: Partial<Record<HttpScenario, Record<DatabaseEngine, LoadTarget>>> = {
  list: { postgres: { minRps: 200, maxP97_5Ms: 100 }, pglite: { minRps: 120, maxP97_5Ms: 250 } },
  ssrAnimals: { postgres: { minRps: 100 }, pglite: { minRps: 50 } },
}

/** Server memory after the load runs, on both engines. */
export const RSS_LIMIT_MB = 600

export interface HttpCheck {
  scenario: HttpScenario
  what: string
  value: number
  limit: number
  /** How `value` must compare with `limit` to pass. */
  comparison: '≥' | '<' | '≤' | '='
  pass: boolean
}

/**
 * The checks of one run: its throughput and latency targets (if the scenario has any), the server's
 * memory, and that every request got a 2xx answer. The last one applies to every scenario: a server
 * that answers fast with 401s, redirects or 500s has not met any target.
 */
export function evaluateRun(m: HttpMeasurement): HttpCheck[] {
  const checks: HttpCheck[] = []
  const target = HTTP_TARGETS[m.scenario]?.[m.engine]
  if (target?.minRps !== undefined) {
    checks.push({
      scenario: m.scenario,
      what: 'req/s',
      value: m.requestsPerSecond,
      limit: target.minRps,
      comparison: '≥',
      pass: m.requestsPerSecond >= target.minRps,
    })
  }
  if (target?.maxP97_5Ms !== undefined) {
    checks.push({
      scenario: m.scenario,
      what: 'p97.5 ms',
      value: m.p97_5Ms,
      limit: target.maxP97_5Ms,
      comparison: '<',
      pass: m.p97_5Ms < target.maxP97_5Ms,
    })
  }
  // No answer at all within the run (every request slower than it) is a failure, not a vacuous pass.
  checks.push({
    scenario: m.scenario,
    what: 'answers',
    value: m.requests,
    limit: 1,
    comparison: '≥',
    pass: m.requests >= 1,
  })
  const failed = m.errors + m.non2xx
  checks.push({
    scenario: m.scenario,
    what: 'errors and non-2xx',
    value: failed,
    limit: 0,
    comparison: '=',
    pass: failed === 0,
  })
  checks.push({
    scenario: m.scenario,
    what: 'server RSS MB after the run',
    value: m.rssMb,
    limit: RSS_LIMIT_MB,
    comparison: '≤',
    pass: m.rssMb <= RSS_LIMIT_MB,
  })
  return checks
}

/** Whether every check of every run passed (the bench's exit status). */
export function allPass(checks: readonly HttpCheck[]) {
  return checks.length > 0 && checks.every((c) => c.pass)
}
