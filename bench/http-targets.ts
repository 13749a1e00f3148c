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
  /**
   * The server's memory after the run: its processes' proportional set sizes summed (shared pages
   * once: what the issue's memory row judges), their resident sets summed, and the sum of their
   * peaks so far (VmHWM).
   */
  pssMb: number
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

/** Server memory after the load runs (PSS summed over its processes), on both engines. */
export const MEMORY_LIMIT_MB = 600

/**
 * The rows of the table that are not a load run: bytes on the wire, the JavaScript a first
 * visit loads, how hashed assets are served. Checked once per engine's server (the bytes) or once
 * per build (the JavaScript), so every row of the table has its PASS or FAIL in one run.
 */
export type HttpStaticSubject = 'animalesHtml' | 'listJson' | 'assets' | 'loginJs' | 'animalesJs'

export interface HttpCheck {
  scenario: HttpScenario | HttpStaticSubject
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
    what: 'server memory MB after the run (PSS)',
    value: m.pssMb,
    limit: MEMORY_LIMIT_MB,
    comparison: '≤',
    pass: m.pssMb <= MEMORY_LIMIT_MB,
  })
  return checks
}

/** Whether every check of every run passed (the bench's exit status). */
export function allPass(checks: readonly HttpCheck[]) {
  return checks.length > 0 && checks.every((c) => c.pass)
}

/** The Animales page's HTML on the wire (compressed), at most (issue 18: "≤ 40 KB"). */
export const PAGE_WIRE_LIMIT_BYTES = 40_000
/** A first visit's JavaScript, gzip kilobytes (1 KB = 1,000 bytes, as scripts/js-budgets.ts counts). */
export const JS_TARGETS_KB = { loginJs: 170, animalesJs: 300 } as const
/** What a hashed `/assets` file must be served with. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** One answer as the bench received it, undecoded: the bytes a browser asking for br/gzip gets. */
export interface WireAnswer {
  status: number
  /** `Content-Encoding`, '' when none. */
  encoding: string
  /** Bytes received (the body as sent, compressed or not). */
  bytes: number
  cacheControl: string
  /** Whether the answer declared its length (a precompressed file does; a per-request stream does not). */
  declaredLength: boolean
}

export interface WireFigures {
  animalesHtml: WireAnswer
  listJson: WireAnswer
  /** The largest hashed script of the build, asked for with Accept-Encoding br/gzip. */
  asset: WireAnswer
}

const compressed = (answer: WireAnswer) => answer.encoding === 'br' || answer.encoding === 'gzip'

/**
 * The table's "bytes on the wire" rows: the page compressed and at most 40 KB, the list JSON
 * compressed, and a hashed asset served precompressed (a declared length: not compressed per request)
 * with the immutable Cache-Control. Each also needs a 200.
 */
export function evaluateWire(figures: WireFigures): HttpCheck[] {
  const page = figures.animalesHtml
  const list = figures.listJson
  const asset = figures.asset
  return [
    {
      scenario: 'animalesHtml',
      what: 'HTML bytes on the wire (200, compressed)',
      value: page.status === 200 && compressed(page) ? page.bytes : Number.POSITIVE_INFINITY,
      limit: PAGE_WIRE_LIMIT_BYTES,
      comparison: '≤',
      pass: page.status === 200 && compressed(page) && page.bytes <= PAGE_WIRE_LIMIT_BYTES,
    },
    {
      scenario: 'listJson',
      what: '50-row JSON compressed (1 = yes)',
      value: list.status === 200 && compressed(list) ? 1 : 0,
      limit: 1,
      comparison: '=',
      pass: list.status === 200 && compressed(list),
    },
    {
      scenario: 'assets',
      what: 'hashed asset precompressed and immutable (1 = yes)',
      value:
        asset.status === 200 &&
        compressed(asset) &&
        asset.declaredLength &&
        asset.cacheControl === IMMUTABLE_CACHE_CONTROL
          ? 1
          : 0,
      limit: 1,
      comparison: '=',
      pass:
        asset.status === 200 &&
        compressed(asset) &&
        asset.declaredLength &&
        asset.cacheControl === IMMUTABLE_CACHE_CONTROL,
    },
  ]
}

/** The table's JavaScript rows, from scripts/js-budgets.ts's walk of the build (gzip bytes per page). */
export function evaluateJavaScript(gzipBytes: { loginJs: number; animalesJs: number }): HttpCheck[] {
  return (['loginJs', 'animalesJs'] as const).map((key) => ({
    scenario: key,
    what: 'first-visit JavaScript, KB gzip',
    value: Math.round(gzipBytes[key] / 100) / 10,
    limit: JS_TARGETS_KB[key],
    comparison: '≤',
    pass: gzipBytes[key] <= JS_TARGETS_KB[key] * 1000,
  }))
}
