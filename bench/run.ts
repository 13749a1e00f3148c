/**
 * npm run bench [-- --animals N --iterations K --warmup W --engine pglite|postgres|all --no-vacuum]
 *
 * Speed is measured here, not in timed tests. Every engine gets the same fixed data (the
 * deterministic demo plus one large establishment of N animals), every case runs W warm-up rounds
 * and K measured rounds, and each median is also given as a ratio to a `select 1` round trip on the
 * same engine, measured in the same rounds: ratios travel between noisy machines, milliseconds do
 * not. See bench/README.md.
 */

import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  CompiledQuery,
  type Insertable,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely'
import { type ApiApp, createApiApp } from '~/api/app'
import { type DatabaseEngine, type DB, migrateToLatest } from '~/db/database.server'
import type { Database } from '~/db/schema'
import { DEMO_REFERENCE_DATE, isoDay, referenceDay } from '~/db/seed/calendar'
import { DEMO_PASSWORD, seedDemo, seedLargeEstablishment } from '~/db/seed/demo.server'
import { ANIMAL_EXPORT_COLUMN_IDS } from '~/features/animals/animals.export'
import { bulkUploadResultSchema } from '~/features/bulk-upload/bulk-upload.schema'
import { readUpload } from '~/features/bulk-upload/bulk-upload.server'
import { fillTemplate, xlsxFile } from '~/features/bulk-upload/testing.server'
import { openBenchDatabase, runCleanups } from './databases'
import { checkInsightsTargets, insightsCases, isInsightsCase } from './insights'
import { databaseBytes, SCALE_LARGE_ANIMALS, scalePlanProblem, seedOtherEstablishments } from './scale'

const USAGE = `Usage: npm run bench [-- options]
  --animals N      animals of the large establishment (default 20000; the full size is 100000)
  --iterations K   measured rounds per case (default 30)
  --warmup W       unmeasured rounds before them (default 3)
  --engine E       pglite | postgres | all (default all: PGlite, plus PostgreSQL when
                   BENCH_DATABASE_URL or DATABASE_URL is set)
  --no-vacuum      skip the bench's own VACUUM ANALYZE after seeding: the seeder's upkeep
                   (decision 027) is then all the tables get, as in an embedded install
  --establishments N
                   PostgreSQL only: --animals is then the whole database's herd, over N
                   establishments (the demo's 3, one of 100,000 measured, the rest generated in
                   SQL; e.g. --establishments 50 --animals 1000000, see bench/scale.ts)
  --http           the production build under HTTP load instead (npm run bench -- --http --help)`

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'latest.json')
const API = '/app-insights/api'
const PAGE_SIZE = 50
const WEIGHINGS_BATCH = 1_000
const BASELINE_BURST = 20

/**
 * The targets for the animal list at 100,000 animals: the p95 of every list case, per engine (issue
 * 4's 50 / 150 ms, raised by issue 18 once the list stopped planning a 24-join statement on every
 * request: decision 027), and the last page against the first (ratio of the medians).
 */
const LIST_P95_TARGET_MS: Record<DatabaseEngine, number> = { postgres: 25, pglite: 60 }
const LAST_PAGE_MAX_RATIO = 2
/** Issue 8's target: a 10,000-row weighing file parsed, validated and written (p95 of the request). */
const UPLOAD_ROWS = 10_000
const UPLOAD_TARGET_MS: Record<DatabaseEngine, number> = { postgres: 3000, pglite: 5000 }
/** An upload round takes seconds: its block runs at most this many rounds (and one warm-up). */
const UPLOAD_MAX_ROUNDS = 10
/** Exporting the whole large herd takes seconds per round: a few rounds say enough. */
const EXPORT_MAX_ROUNDS = 3

// --- Options ---------------------------------------------------------------------------------------

interface Options {
  animals: number
  iterations: number
  warmup: number
  engines: DatabaseEngine[]
  vacuum: boolean
  serverUrl: string | undefined
  /** Establishments in the database (1: the demo and the large one only; more: bench/scale.ts). */
  establishments: number
  /** Animals of the measured establishment: `animals`, or 100,000 of them past one establishment. */
  largeAnimals: number
}

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`)
  process.exit(1)
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number) {
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(`--${name} must be an integer between ${min} and ${max} (got ${raw}).\n${USAGE}`)
  }
  return value
}

function parseOptions(): Options {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      allowNegative: true,
      options: {
        animals: { type: 'string' },
        iterations: { type: 'string' },
        warmup: { type: 'string' },
        engine: { type: 'string' },
        vacuum: { type: 'boolean', default: true },
        establishments: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`)
  }
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined
  const engine = (values.engine as string | undefined) ?? 'all'
  let engines: DatabaseEngine[]
  if (engine === 'pglite') engines = ['pglite']
  else if (engine === 'postgres') {
    if (!serverUrl) fail('--engine postgres needs BENCH_DATABASE_URL or DATABASE_URL.')
    engines = ['postgres']
  } else if (engine === 'all') engines = serverUrl ? ['pglite', 'postgres'] : ['pglite']
  else fail(`--engine must be pglite, postgres or all (got ${engine}).\n${USAGE}`)
  const animals = integer('animals', values.animals as string | undefined, 20_000, 100, 2_000_000)
  const establishments = integer('establishments', values.establishments as string | undefined, 1, 1, 10_000)
  if (establishments > 1) {
    // Past one establishment is a question for the server engine (docs/decisions/028).
    if (!serverUrl || engine === 'pglite') fail('--establishments needs PostgreSQL: set BENCH_DATABASE_URL.')
    engines = ['postgres']
    const problem = scalePlanProblem({ establishments, animals })
    if (problem) fail(`${problem}.\n${USAGE}`)
  }
  return {
    animals,
    iterations: integer('iterations', values.iterations as string | undefined, 30, 1, 100_000),
    warmup: integer('warmup', values.warmup as string | undefined, 3, 0, 100_000),
    engines,
    vacuum: values.vacuum !== false,
    serverUrl,
    establishments,
    largeAnimals: establishments > 1 ? SCALE_LARGE_ANIMALS : animals,
  }
}

// --- Databases -------------------------------------------------------------------------------------

let interrupted = false

process.once('SIGINT', () => {
  interrupted = true
  console.error('\nInterrupted: dropping the benchmark database…')
  // Dropping it ends the connections of the query in flight: expected, not worth a stack trace.
  process.on('uncaughtException', (error) => {
    if (!/Connection terminated|terminating connection/.test(error.message)) console.error(error)
  })
  void runCleanups().finally(() => process.exit(130))
})

// --- Measuring -------------------------------------------------------------------------------------

interface Case {
  key: string
  title: string
  /** Operations per sample (default 1); the sample is their total time divided by it. */
  repeat?: number
  /** One operation. Throws if the answer is not the expected one. */
  run: () => Promise<void>
  /** Untimed, before each sample (e.g. a fresh session to write into). */
  before?: () => Promise<void>
  /** Untimed, after each sample (e.g. removing what it wrote). */
  after?: () => Promise<void>
}

interface CaseResult {
  key: string
  title: string
  /** The cases measured in the same rounds, against the same baseline. */
  block: string
  samples: number
  medianMs: number
  p90Ms: number
  p95Ms: number
  minMs: number
  maxMs: number
  /** Median over the median of the block's baseline. */
  ratio: number
  /** Median, over the rounds, of the sample over the baseline sample of the same round. */
  pairedRatio: number
  samplesMs: number[]
}

const round3 = (n: number) => Math.round(n * 1000) / 1000
const round1 = (n: number) => Math.round(n * 10) / 10

function quantile(values: readonly number[], q: number) {
  // Linear interpolation between closest ranks (numpy's default definition).
  const sorted = [...values].sort((a, b) => a - b)
  const position = (sorted.length - 1) * q
  const low = sorted[Math.floor(position)] as number
  const high = sorted[Math.ceil(position)] as number
  return low + (high - low) * (position - Math.floor(position))
}

async function sample(c: Case) {
  const repeat = c.repeat ?? 1
  await c.before?.()
  const started = performance.now()
  for (let i = 0; i < repeat; i++) await c.run()
  const elapsed = (performance.now() - started) / repeat
  await c.after?.()
  return elapsed
}

/**
 * Runs a block of cases in rounds, the baseline (first case) and every other case once per round,
 * each round starting at a different case: a burst of noise on the machine lands on every case
 * alike. Each ratio is taken against the baseline of its own block.
 */
async function measureBlock(block: string, cases: readonly Case[], warmup: number, iterations: number) {
  const samples = cases.map(() => [] as number[])
  for (let round = 0; round < warmup + iterations; round++) {
    for (let i = 0; i < cases.length; i++) {
      const index = (round + i) % cases.length
      const elapsed = await sample(cases[index] as Case)
      if (round >= warmup) samples[index]?.push(elapsed)
    }
  }
  const baseline = samples[0] as number[]
  const baselineMedian = quantile(baseline, 0.5)
  return cases.map((c, i): CaseResult => {
    const own = samples[i] as number[]
    return {
      key: c.key,
      title: c.title,
      block,
      samples: own.length,
      medianMs: round3(quantile(own, 0.5)),
      p90Ms: round3(quantile(own, 0.9)),
      p95Ms: round3(quantile(own, 0.95)),
      minMs: round3(Math.min(...own)),
      maxMs: round3(Math.max(...own)),
      ratio: round1(quantile(own, 0.5) / baselineMedian),
      pairedRatio: round1(
        quantile(
          own.map((ms, round) => ms / (baseline[round] as number)),
          0.5,
        ),
      ),
      samplesMs: own.map(round3),
    }
  })
}

// --- Setup -----------------------------------------------------------------------------------------

interface SetupStep {
  step: string
  ms: number
  rows?: number
  rowsPerSecond?: number
}

const EVENT_TABLES = [
  'weighings',
  'pregnancy_checks',
  'preservices',
  'artificial_inseminations',
  'body_conditions',
  'notes',
  'alerts',
] as const

/** Rows of an establishment (or of all when undefined) in the tables the seeder fills in bulk. */
async function countRows(db: DB, establishmentId?: number) {
  const tables = ['animals', 'cattle_handlings', ...EVENT_TABLES]
  const where = establishmentId === undefined ? sql`` : sql` where establishment_id = ${establishmentId}`
  const parts = tables.map((t) => sql`select count(*) as n from ${sql.table(t)}${where}`)
  const { rows } = await sql<{ total: number }>`
    select sum(n)::int as total from (${sql.join(parts, sql` union all `)}) counts`.execute(db)
  return rows[0]?.total ?? 0
}

async function serverInfo(db: DB) {
  const { rows } = await sql<{ version: string; collation: string }>`
    select version() as version, datcollate as collation from pg_database where datname = current_database()`.execute(
    db,
  )
  return rows[0] ?? { version: 'unknown', collation: 'unknown' }
}

/** The plan PostgreSQL picks for a query, with its parameters bound as the app binds them. */
async function explain(db: DB, query: CompiledQuery) {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (costs off) ${query.sql}`, [...query.parameters]),
  )
  return rows.map((r) => r['QUERY PLAN'])
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of a query the app ran: the plan, and the time it really took. */
async function explainAnalyze(db: DB, query: CompiledQuery) {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
  )
  return rows.map((r) => r['QUERY PLAN'])
}

/**
 * Records the SQL that the API runs, as sent (text and parameters), while `recording` is set: the
 * list endpoint builds its queries inside app/, and this is how the bench EXPLAINs exactly them.
 */
class QueryRecorder implements KyselyPlugin {
  recording: CompiledQuery[] | undefined
  constructor(private readonly db: DB) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.recording?.push(this.db.getExecutor().compileQuery(args.node, args.queryId))
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }

  async record(run: () => Promise<unknown>) {
    const queries: CompiledQuery[] = []
    this.recording = queries
    try {
      await run()
    } finally {
      this.recording = undefined
    }
    return queries
  }
}

// --- One engine ------------------------------------------------------------------------------------

interface EngineResult {
  engine: DatabaseEngine
  server: { version: string; collation: string }
  /** pg_database_size after seeding (PostgreSQL). */
  databaseBytes: number | undefined
  establishmentId: number
  animals: number
  setup: SetupStep[]
  baselineKey: string
  cases: CaseResult[]
  writesBaseline: CaseResult
  plans: Record<string, string[]>
  list: ListInfo
  targets: TargetCheck[]
  /** The SQL each list case runs on the animals tables, with its EXPLAIN (ANALYZE, BUFFERS). */
  listPlans: Record<string, { sql: string; parameters: unknown[]; plan: string[] }[]>
}

interface TargetCheck {
  key: string
  what: string
  value: number
  limit: number
  unit: 'ms' | '×'
  pass: boolean
}

async function benchEngine(engine: DatabaseEngine, options: Options): Promise<EngineResult> {
  const setup: SetupStep[] = []
  /** Times one setup step; `rows` counts what it wrote, after the clock has stopped. */
  const step = async <T>(name: string, run: () => Promise<T>, rows?: (value: T) => Promise<number>) => {
    const started = performance.now()
    const value = await run()
    const ms = performance.now() - started
    const entry: SetupStep = { step: name, ms: Math.round(ms) }
    if (rows) {
      entry.rows = await rows(value)
      entry.rowsPerSecond = Math.round(entry.rows / (ms / 1000))
    }
    setup.push(entry)
    const throughput =
      entry.rows === undefined
        ? ''
        : `  ${fmtInt(entry.rows)} rows, ${fmtInt(entry.rowsPerSecond ?? 0)} rows/s`
    console.log(`  ${name.padEnd(24)} ${fmtSeconds(ms)}${throughput}`)
    return value
  }

  console.log(`\n▶ ${engineLabel(engine)}: setup`)
  const handle = await step(engine === 'pglite' ? 'open (WebAssembly start)' : 'create database', () =>
    openBenchDatabase(engine, options.serverUrl),
  )
  try {
    const { db } = handle
    await step('migrate', () => migrateToLatest(handle.db))
    // The demo's time includes one scrypt hash of the demo password (about a quarter of a second).
    await step(
      'seed demo',
      () => seedDemo(db),
      () => countRows(db),
    )
    const large = await step(
      `seed ${fmtInt(options.largeAnimals)} animals`,
      () => seedLargeEstablishment(db, { animals: options.largeAnimals }),
      (summary) => countRows(db, summary.establishmentId),
    )
    if (options.establishments > 1) {
      await step(
        `seed to ${fmtInt(options.establishments)} establishments (SQL)`,
        () =>
          seedOtherEstablishments(db, { establishments: options.establishments, animals: options.animals }),
        async (summary) => summary.animals,
      )
    }
    if (options.vacuum) await step('vacuum analyze', () => sql`vacuum analyze`.execute(db))
    const bytes = engine === 'postgres' ? await databaseBytes(db) : undefined
    if (bytes !== undefined) console.log(`  database size            ${fmtInt(bytes / 2 ** 20)} MB`)

    // The API runs on the same database, through a recorder of the SQL it sends.
    const recorder = new QueryRecorder(db)
    const api = createApiApp({ database: async () => ({ ...handle, db: db.withPlugin(recorder) }) })
    const token = await step('login (scrypt verify)', () => login(api))
    const server = await serverInfo(db)
    const eid = large.establishmentId
    const cases = await buildCases(db, api, token, eid)
    const plans = {
      countLive: await explain(db, countLiveQuery(db, eid).compile()),
      page: await explain(db, pageQuery(db, eid).compile()),
    }

    console.log(
      `▶ ${engineLabel(engine)}: measuring (${options.warmup} warm-up + ${options.iterations} rounds per case)`,
    )
    // Reads first, writes after: the rolled-back inserts leave dead row versions behind.
    const reads = await measureBlock(
      'reads',
      [cases.baseline, ...cases.reads],
      options.warmup,
      options.iterations,
    )
    // After the reads' clock and before the writes (the bulk move changes the rodeos the list
    // cases expect): the SQL of each list and picker case (not the token and membership look-ups),
    // as the app sent it, explained with the time it takes on its own.
    const listPlans: EngineResult['listPlans'] = {}
    for (const c of cases.reads.filter(
      (r) =>
        r.key.startsWith('list') ||
        r.key.startsWith('picker') ||
        r.key === 'searchPrefix' ||
        r.key === 'filterOptions' ||
        isInsightsCase(r),
    )) {
      // A list case's `before` gives the herd a new version: the list's own statements are sent, not
      // only the version read of a cached answer (decision 043).
      await c.before?.()
      const queries = (await recorder.record(c.run)).filter(
        (q) =>
          // Only reads can be explained: not the `set local jit = off` of the feedlot reports' transaction.
          /^\s*(select|with)\b/i.test(q.sql) &&
          (/"animals"/.test(q.sql) ||
            (isInsightsCase(c) && !/"(sessions|users|user_establishments)"/.test(q.sql))),
      )
      listPlans[c.key] = []
      for (const q of queries) {
        listPlans[c.key]?.push({
          sql: q.sql,
          parameters: [...q.parameters],
          plan: await explainAnalyze(db, q),
        })
      }
    }
    const writes = await measureBlock(
      'writes',
      [cases.baseline, ...cases.writes],
      options.warmup,
      options.iterations,
    )
    const uploads = await measureBlock(
      'uploads',
      [cases.baseline, ...cases.uploads],
      Math.min(options.warmup, 1),
      Math.min(options.iterations, UPLOAD_MAX_ROUNDS),
    )
    const exported = await measureBlock(
      'exports',
      [cases.baseline, ...cases.exports],
      0,
      Math.min(options.iterations, EXPORT_MAX_ROUNDS),
    )
    return {
      engine,
      server,
      databaseBytes: bytes,
      establishmentId: eid,
      animals: large.animals,
      setup,
      baselineKey: cases.baseline.key,
      // The writes' own baseline stays in the JSON, out of the table.
      cases: [...reads, ...writes.slice(1), ...uploads.slice(1), ...exported.slice(1)],
      writesBaseline: writes[0] as CaseResult,
      plans,
      list: cases.list,
      targets: [
        ...checkTargets(engine, reads),
        ...checkInsightsTargets(engine, reads),
        ...checkUploadTargets(engine, uploads),
      ],
      listPlans,
    }
  } finally {
    await handle.close()
  }
}

async function login(api: ApiApp) {
  const response = await api.request(`${API}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.test', password: DEMO_PASSWORD }),
  })
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { token: string }).token
}

function countLiveQuery(db: DB, establishmentId: number) {
  return db
    .selectFrom('animals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('establishment_id', '=', establishmentId)
    .where('deleted_at', 'is', null)
}

function pageQuery(db: DB, establishmentId: number) {
  return db
    .selectFrom('animals')
    .select([
      'id',
      'visual_tag',
      'electronic_tag',
      'last_weight',
      'last_weight_read_at',
      'previous_weight',
      'previous_weight_read_at',
      'first_weight',
      'first_weight_read_at',
    ])
    .where('establishment_id', '=', establishmentId)
    .where('deleted_at', 'is', null)
    .orderBy('visual_tag')
    .orderBy('id')
    .limit(PAGE_SIZE)
}

/** The list cases with a latency target (every key starting with `list`). */
const isListCase = (c: { key: string }) => c.key.startsWith('list')

function checkTargets(engine: DatabaseEngine, cases: readonly CaseResult[]): TargetCheck[] {
  const limit = LIST_P95_TARGET_MS[engine]
  const checks: TargetCheck[] = cases.filter(isListCase).map((c) => ({
    key: c.key,
    what: `${c.title}: p95`,
    value: c.p95Ms,
    limit,
    unit: 'ms',
    pass: c.p95Ms <= limit,
  }))
  const first = cases.find((c) => c.key === 'listFirst')
  const last = cases.find((c) => c.key === 'listLast')
  if (first && last) {
    const ratio = Math.round((last.medianMs / first.medianMs) * 100) / 100
    checks.push({
      key: 'lastOverFirst',
      what: 'last page ÷ first page (medians)',
      value: ratio,
      limit: LAST_PAGE_MAX_RATIO,
      unit: '×',
      pass: ratio <= LAST_PAGE_MAX_RATIO,
    })
  }
  return checks
}

function checkUploadTargets(engine: DatabaseEngine, cases: readonly CaseResult[]): TargetCheck[] {
  const upload = cases.find((c) => c.key === 'bulkUpload')
  if (!upload) return []
  const limit = UPLOAD_TARGET_MS[engine]
  return [
    {
      key: 'bulkUpload',
      what: `${upload.title}: p95`,
      value: upload.p95Ms,
      limit,
      unit: 'ms',
      pass: upload.p95Ms <= limit,
    },
  ]
}

interface ListInfo {
  /** Live animals still in the establishment: the list's default `status=activos`. */
  total: number
  lastPage: number
  /** Bytes of the JSON body of the first 50-row page (default sort, no filter). */
  pageBytes: number
  category: number
  rodeo: number
  filteredTotal: number
}

interface AnimalListBody {
  data: { animal_id: string; GDPV: number | null }[]
  meta: { current_page: number; per_page: number; total: number; last_page: number }
}

async function buildCases(db: DB, api: ApiApp, token: string, eid: number) {
  const fetchBody = async (url: string, bearer?: string) => {
    const response = await api.request(`${API}${url}`, {
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    })
    // The body is read: a client pays for it too.
    const body = await response.arrayBuffer()
    if (response.status !== 200) {
      throw new Error(`GET ${url}: ${response.status} ${Buffer.from(body).toString('utf8')}`)
    }
    return body
  }
  const get = async (url: string, bearer?: string) => {
    await fetchBody(url, bearer)
  }
  /** One list request, checked: the page's length and the total must be the expected ones. */
  const getList = async (query: string, total: number, page: number) => {
    const body = await fetchBody(`/v2/establishments/${eid}/animals?${query}`, token)
    const json = JSON.parse(Buffer.from(body).toString('utf8')) as AnimalListBody
    const expected = Math.max(0, Math.min(PAGE_SIZE, total - (page - 1) * PAGE_SIZE))
    if (json.meta.total !== total || json.data.length !== expected) {
      throw new Error(
        `list ?${query}: ${json.data.length} rows of ${json.meta.total}, not ${expected} of ${total}`,
      )
    }
    return { json, bytes: body.byteLength }
  }

  /** What any write to the herd does to its version (migration 0019), without changing the herd. */
  const newHerdVersion = async () => {
    await sql`update herd_versions set token = gen_random_uuid() where establishment_id = ${eid}`.execute(db)
  }

  const { n: live } = await countLiveQuery(db, eid).executeTakeFirstOrThrow()
  const expectedPage = Math.min(PAGE_SIZE, live)

  // The latest-events case: one weighing session of the large establishment, its first 1,000 live
  // animals by id, and a day after every weighing the seed wrote, so each new weighing is the latest.
  const session = await db
    .selectFrom('cattle_handlings')
    .select('id')
    .where('establishment_id', '=', eid)
    .where('cattle_handling_work', '=', 7)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const animals = await db
    .selectFrom('animals')
    .select('id')
    .where('establishment_id', '=', eid)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(WEIGHINGS_BATCH)
    .execute()
  if (animals.length < WEIGHINGS_BATCH) throw new Error(`fewer than ${WEIGHINGS_BATCH} live animals`)
  const { rows: latest } = await sql<{ read_at: string }>`
    select (max(read_at) + interval '1 day')::text as read_at from weighings`.execute(db)
  const readAt = latest[0]?.read_at as string
  const weighings: Insertable<Database['weighings']>[] = animals.map((a, i) => ({
    establishment_id: eid,
    animal_id: a.id,
    cattle_handling_id: session.id,
    weight: 250 + (i % 300),
    read_at: readAt,
    chute_order: i + 1,
  }))
  const ids = animals.map((a) => a.id)

  const insertWeighings = async (verify: boolean) => {
    const trx = await db.startTransaction().execute()
    try {
      await trx.insertInto('weighings').values(weighings).execute()
      if (verify) {
        const { n } = await trx
          .selectFrom('animals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', 'in', ids)
          .where('last_weight_read_at', '=', readAt)
          .executeTakeFirstOrThrow()
        if (Number(n) !== WEIGHINGS_BATCH) throw new Error(`the trigger refreshed ${n} animals, not 1000`)
      }
    } finally {
      await trx.rollback().execute()
    }
  }
  // Checked once, outside the measurements: the triggers must really have done their work.
  await insertWeighings(true)

  // The animal list (issue 4). The default status is `activos`: live animals not checked out.
  const activeCount = async (where: { category?: number; rodeo?: number } = {}) => {
    let query = db
      .selectFrom('animals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('establishment_id', '=', eid)
      .where('deleted_at', 'is', null)
      .where('check_out_date', 'is', null)
    if (where.category !== undefined) query = query.where('animal_type_id', '=', where.category)
    if (where.rodeo !== undefined) query = query.where('rodeo_id', '=', where.rodeo)
    return Number((await query.executeTakeFirstOrThrow()).n)
  }
  const mostCommon = async (column: 'animal_type_id' | 'rodeo_id', category?: number) => {
    let query = db
      .selectFrom('animals')
      .select([column, (eb) => eb.fn.countAll<number>().as('n')])
      .where('establishment_id', '=', eid)
      .where('deleted_at', 'is', null)
      .where('check_out_date', 'is', null)
      .where(column, 'is not', null)
    if (category !== undefined) query = query.where('animal_type_id', '=', category)
    const row = await query.groupBy(column).orderBy('n', 'desc').orderBy(column).executeTakeFirstOrThrow()
    return row[column] as number
  }
  const listTotal = await activeCount()
  // Two filters: the most common category, and the most common rodeo within it.
  const category = await mostCommon('animal_type_id')
  const rodeo = await mostCommon('rodeo_id', category)
  const filteredTotal = await activeCount({ category, rodeo })
  const perPage = `perPage=${PAGE_SIZE}`
  const first = await getList(`page=1&${perPage}`, listTotal, 1)
  const lastPage = first.json.meta.last_page
  if (lastPage !== Math.max(1, Math.ceil(listTotal / PAGE_SIZE))) throw new Error(`last_page ${lastPage}`)
  const gdpv = await getList(`page=1&${perPage}&sort=gdpv&order=desc`, listTotal, 1)
  const gains = gdpv.json.data.map((r) => r.GDPV)
  if (gains[0] === null || gains.some((g, i) => i > 0 && g !== null && g > (gains[i - 1] ?? Number.NaN))) {
    throw new Error('sort=gdpv&order=desc: not in descending order of GDPV')
  }
  const filterOptionsUrl = `/v1/establishment/${eid}/filter`
  const options = JSON.parse(Buffer.from(await fetchBody(filterOptionsUrl, token)).toString('utf8')) as {
    data: { animal_types: { id: number; count: number }[] }
  }
  const categoryOption = options.data.animal_types.find((o) => o.id === category)
  if (!categoryOption || categoryOption.count <= 0) throw new Error(`filter options: no category ${category}`)
  const list: ListInfo = {
    total: listTotal,
    lastPage,
    pageBytes: first.bytes,
    category,
    rodeo,
    filteredTotal,
  }

  // Issue 6: the weighing table (the largest event list) and one weighing recorded at the chute.
  const weighingsUrl = `/v2/establishment/${eid}/weighing`
  const weighingsFirst = JSON.parse(
    Buffer.from(await fetchBody(`${weighingsUrl}?page=1&perPage=${PAGE_SIZE}`, token)).toString('utf8'),
  ) as { meta: { total: number; last_page: number } }
  const weighingsMiddle = Math.max(1, Math.floor(weighingsFirst.meta.last_page / 2))
  const chuteAnimal = await db
    .selectFrom('animals')
    .select('id')
    .where('establishment_id', '=', eid)
    .where('deleted_at', 'is', null)
    .where('check_out_date', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const chuteBody = JSON.stringify({
    animal_id: chuteAnimal.id,
    weight: 321.5,
    read_at: '2025-06-01 08:00:00',
    cattle_handling_id: session.id,
    // Every round weighs the same animal in the same session: the chute's confirmed repeat
    // ('Registrar de todos modos', decision 022), so the rule check runs and the write goes through.
    confirm_repeat: true,
  })

  // An animal with events for the record cases, and prefixes of its tag.
  const withEvents = await db
    .selectFrom('animals')
    .select(['id', 'visual_tag'])
    .where('establishment_id', '=', eid)
    .where('deleted_at', 'is', null)
    .where('last_weighing_id', 'is not', null)
    .orderBy('visual_tag')
    .executeTakeFirstOrThrow()
  const record = {
    animalId: withEvents.id,
    prefix: encodeURIComponent(withEvents.visual_tag.slice(0, 2)),
    searchPrefix: encodeURIComponent(withEvents.visual_tag.slice(0, 3)),
  }

  const baseline: Case = {
    key: 'select1',
    title: `select 1 (baseline, mean of ${BASELINE_BURST})`,
    // One round trip is a fraction of a millisecond, at the mercy of the scheduler: a burst of them
    // is exposed to the machine's noise as much as the cases it is compared with.
    repeat: BASELINE_BURST,
    run: async () => {
      await sql`select 1`.execute(db)
    },
  }
  const reads: Case[] = [
    {
      key: 'health',
      title: 'GET /health (Hono, in-process)',
      run: () => get('/health'),
    },
    {
      key: 'userEstablishments',
      title: 'GET /v1/user/establishments (bearer)',
      run: () => get('/v1/user/establishments', token),
    },
    {
      key: 'framework',
      title: `GET /v2/establishment/{large}/framework`,
      run: () => get(`/v2/establishment/${eid}/framework`, token),
    },
    {
      key: 'countLive',
      title: 'count live animals (Kysely)',
      run: async () => {
        const { n } = await countLiveQuery(db, eid).executeTakeFirstOrThrow()
        if (Number(n) !== Number(live)) throw new Error(`count ${n} <> ${live}`)
      },
    },
    {
      key: 'page',
      title: `page of ${PAGE_SIZE} by visual_tag + last weight`,
      run: async () => {
        const rows = await pageQuery(db, eid).execute()
        if (rows.length !== expectedPage) throw new Error(`page of ${rows.length} rows`)
      },
    },
    // The list's answers are cached at the herd's version (decision 043): each sample of these four
    // follows a new version, as the first list after a write does, so they measure the list itself.
    {
      key: 'listFirst',
      title: `list: page 1 of ${PAGE_SIZE}, no filter, after a write`,
      before: newHerdVersion,
      run: async () => {
        await getList(`page=1&${perPage}`, listTotal, 1)
      },
    },
    {
      key: 'listFiltered',
      title: 'list: category + rodeo filters, after a write',
      before: newHerdVersion,
      run: async () => {
        await getList(`page=1&${perPage}&category=${category}&rodeo=${rodeo}`, filteredTotal, 1)
      },
    },
    {
      key: 'listGdpv',
      title: 'list: sort=gdpv&order=desc, after a write',
      before: newHerdVersion,
      run: async () => {
        await getList(`page=1&${perPage}&sort=gdpv&order=desc`, listTotal, 1)
      },
    },
    {
      key: 'listLast',
      title: `list: last page (${fmtInt(lastPage)}), after a write`,
      before: newHerdVersion,
      run: async () => {
        await getList(`page=${lastPage}&${perPage}`, listTotal, lastPage)
      },
    },
    {
      key: 'listRepeated',
      title: `list: page 1 of ${PAGE_SIZE} again (cached at the herd's version)`,
      run: async () => {
        await getList(`page=1&${perPage}`, listTotal, 1)
      },
    },
    {
      key: 'filterOptions',
      title: 'GET /v1/establishment/{large}/filter',
      run: () => get(filterOptionsUrl, token),
    },
    {
      key: 'weighingsFirst',
      title: `weighings: page 1 of ${fmtInt(weighingsFirst.meta.total)}`,
      run: () => get(`${weighingsUrl}?page=1&perPage=${PAGE_SIZE}`, token),
    },
    {
      key: 'weighingsMiddle',
      title: `weighings: page ${fmtInt(weighingsMiddle)} (the middle)`,
      run: () => get(`${weighingsUrl}?page=${weighingsMiddle}&perPage=${PAGE_SIZE}`, token),
    },
    // Issue 16: the weighing table sorted by its stored GDPV, both ends (an index walk each).
    {
      key: 'weighingsGdpvFirst',
      title: 'weighings: sorted by GDPV desc, page 1',
      run: () => get(`${weighingsUrl}?page=1&perPage=${PAGE_SIZE}&sort=gdpv&order=desc`, token),
    },
    {
      key: 'weighingsGdpvLast',
      title: 'weighings: sorted by GDPV desc, last page',
      run: () =>
        get(
          `${weighingsUrl}?page=${weighingsFirst.meta.last_page}&perPage=${PAGE_SIZE}&sort=gdpv&order=desc`,
          token,
        ),
    },
    {
      key: 'weighingsSession',
      title: 'weighings: one session, sorted by weight',
      run: () => get(`${weighingsUrl}?cattle_handling=${session.id}&sort=weight&perPage=${PAGE_SIZE}`, token),
    },
    // The animal record (issue 5): the mother picker, the header search, the detail page.
    {
      key: 'pickerMothers',
      title: 'picker: mode=mother, page 1 (count of every female)',
      run: () =>
        get(`/v2/establishments/${eid}/animals/picker?mode=mother&exclude=${record.animalId}`, token),
    },
    {
      key: 'pickerMothersPrefix',
      title: `picker: mode=mother, IDV prefix '${record.prefix}'`,
      run: () =>
        get(
          `/v2/establishments/${eid}/animals/picker?mode=mother&visual_tag=${record.prefix}&exclude=${record.animalId}`,
          token,
        ),
    },
    {
      key: 'searchPrefix',
      title: `header search: mode=all, IDV prefix '${record.searchPrefix}', 8 rows`,
      run: () =>
        get(
          `/v2/establishments/${eid}/animals/picker?mode=all&visual_tag=${record.searchPrefix}&perPage=8`,
          token,
        ),
    },
    {
      key: 'animalDetail',
      title: 'GET /v2/animals/{id} (detail)',
      run: () => get(`/v2/animals/${record.animalId}`, token),
    },
    {
      key: 'animalEvents',
      title: 'GET /v2/animals/{id}/events (timeline)',
      run: () => get(`/v2/animals/${record.animalId}/events`, token),
    },
    ...insightsCases(api, token, eid, Number(live)),
  ]
  const writes: Case[] = [
    {
      key: 'latestEvents',
      title: `insert ${fmtInt(WEIGHINGS_BATCH)} weighings, rolled back`,
      run: () => insertWeighings(false),
    },
    await bulkMoveCase(db, api, token, eid),
    {
      key: 'chuteWeighing',
      title: 'POST one weighing (the chute: checks, insert, latest-event trigger, audit)',
      run: async () => {
        const response = await api.request(`${API}/v2/establishment/${eid}/weighings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: chuteBody,
        })
        await response.arrayBuffer()
        if (response.status !== 201) throw new Error(`POST weighing: ${response.status}`)
      },
    },
  ]
  const uploads = await bulkUploadCases(db, api, token, eid)
  const exports: Case[] = [exportAllCase(api, token, eid)]
  return { baseline, reads, writes, uploads, exports, list }
}

/**
 * Issue 8: a 10,000-row weighing file made from the template (half the animals by IDV, half by an
 * electronic tag that lost its leading zero; half the dates as text, half as spreadsheet dates).
 * `parse` is the zip check and the worker's read alone; `bulkUpload` is the whole request through the
 * API: multipart, parse, validation against the herd and the one-transaction write with its audit rows.
 * Each sample writes into a fresh session, removed (and vacuumed) after the clock stops.
 */
async function bulkUploadCases(db: DB, api: ApiApp, token: string, eid: number): Promise<Case[]> {
  const herd = await db
    .selectFrom('animals')
    .select(['visual_tag', 'electronic_tag'])
    .where('establishment_id', '=', eid)
    .where('deleted_at', 'is', null)
    // In the herd: a dead animal's weighing is refused (deaths.rules.ts, decision 036).
    .where('check_out_date', 'is', null)
    .orderBy('id')
    .limit(UPLOAD_ROWS)
    .execute()
  const rows = herd.map((a, i) => [
    i % 2 === 0 || !a.electronic_tag ? a.visual_tag : null,
    i % 2 === 0 || !a.electronic_tag ? null : Number(a.electronic_tag),
    i % 2 === 0 ? '15/03/2025' : new Date(2025, 2, 15, 8, i % 60),
    200 + (i % 400) + 0.5,
    'Control',
  ])
  const bytes = fillTemplate('weighing', rows)
  const file = xlsxFile(bytes, 'Pesada_bench.xlsx')
  let session = 0
  const newSession = async () => {
    const created = await db
      .insertInto('cattle_handlings')
      .values({
        establishment_id: eid,
        name: `Bench upload ${Date.now()}`,
        activity_date: '2025-03-15 00:00:00',
        cattle_handling_work: 7,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    session = created.id
  }
  const removeSession = async () => {
    await sql`delete from audit_log where action = 'weighing_bulk_create' and entity_id in (
      select id::text from weighings where cattle_handling_id = ${session})`.execute(db)
    await sql`delete from weighings where cattle_handling_id = ${session}`.execute(db)
    await sql`delete from cattle_handlings where id = ${session}`.execute(db)
    await sql`vacuum analyze weighings, audit_log, animals`.execute(db)
  }
  return [
    {
      key: 'bulkParse',
      title: `parse ${fmtInt(rows.length)}-row xlsx (${fmtInt(bytes.length / 1024)} KB) in the worker`,
      run: async () => {
        const parsed = await readUpload(file, 'weighing')
        if (parsed.rows.length !== rows.length) throw new Error(`parsed ${parsed.rows.length} rows`)
      },
    },
    {
      key: 'bulkUpload',
      title: `POST /v2/weighings/bulk-upload: ${fmtInt(rows.length)} rows`,
      before: newSession,
      after: removeSession,
      run: async () => {
        const form = new FormData()
        form.set('file', file)
        form.set('establishmentId', String(eid))
        form.set('cattle_handling_id', String(session))
        const response = await api.request(`${API}/v2/weighings/bulk-upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        })
        const body = await response.text()
        const result = bulkUploadResultSchema.safeParse(JSON.parse(body))
        if (response.status !== 201 || result.data?.data.created !== rows.length) {
          throw new Error(`bulk upload: ${response.status} ${body.slice(0, 300)}`)
        }
      },
    },
  ]
}

/**
 * Issue 7: POST /v2/animals/assign-to-rodeo/{id} with 10,000 animals (or the whole large herd if
 * smaller), through the API. Each sample moves them all to the other of two rodeos, so every
 * sample really changes (and audits) every animal.
 */
async function bulkMoveCase(db: DB, api: ApiApp, token: string, eid: number): Promise<Case> {
  const size = 10_000
  const herd = await db
    .selectFrom('animals')
    .select('id')
    .where('establishment_id', '=', eid)
    .where('deleted_at', 'is', null)
    // In the herd: a dead animal cannot be moved (deaths.rules.ts), and a user moves the herd.
    .where('check_out_date', 'is', null)
    .orderBy('id')
    .limit(size)
    .execute()
  const rodeos = await db
    .selectFrom('rodeos')
    .select('id')
    .where('establishment_id', '=', eid)
    .orderBy('id')
    .limit(2)
    .execute()
  if (rodeos.length < 2) throw new Error('the large establishment needs two rodeos')
  const body = JSON.stringify({ animal_ids: herd.map((a) => a.id) })
  let turn = 0
  return {
    key: 'bulkMove',
    title: `assign-to-rodeo: ${fmtInt(herd.length)} animals in one request`,
    run: async () => {
      const target = rodeos[turn++ % 2]?.id
      const response = await api.request(`${API}/v2/animals/assign-to-rodeo/${target}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      })
      const json = (await response.json()) as { data?: { updated: number }; error?: string }
      if (response.status !== 200) throw new Error(`assign-to-rodeo: ${response.status} ${json.error}`)
    },
  }
}

/**
 * The export of 'all matching' (the whole live herd, docs/decisions/016): the xlsx the provider
 * streams with the table's default columns, read to its last byte.
 */
function exportAllCase(api: ApiApp, token: string, eid: number): Case {
  const columns = ANIMAL_EXPORT_COLUMN_IDS.join(',')
  return {
    key: 'exportAll',
    title: 'GET …/animals/export: every live animal (select all matching), all columns, streamed xlsx',
    run: async () => {
      const response = await api.request(
        `${API}/v2/establishments/${eid}/animals/export?columns=${columns}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      )
      const bytes = await response.arrayBuffer()
      if (response.status !== 200 || bytes.byteLength < 1000) throw new Error(`export: ${response.status}`)
    },
  }
}

// --- Output ----------------------------------------------------------------------------------------

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US')
const fmtSeconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(8)
const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(1))
const engineLabel = (engine: DatabaseEngine) => (engine === 'pglite' ? 'PGlite (in-memory)' : 'PostgreSQL')

function table(headers: string[], rows: string[][], alignRight: boolean[]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (alignRight[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ')
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

function printEngine(result: EngineResult, options: Options) {
  console.log(
    `\n${engineLabel(result.engine)} — ${result.server.version.split(' on ')[0]}, collation ${result.server.collation}, ` +
      `${fmtInt(result.animals)} animals, ${options.iterations} rounds`,
  )
  console.log(
    table(
      ['case', 'median ms', 'p90 ms', 'p95 ms', 'min ms', '× select 1', 'paired ×'],
      result.cases.map((c) => [
        c.title,
        fmtMs(c.medianMs),
        fmtMs(c.p90Ms),
        fmtMs(c.p95Ms),
        fmtMs(c.minMs),
        c.ratio.toFixed(1),
        c.pairedRatio.toFixed(1),
      ]),
      [false, true, true, true, true, true, true],
    ),
  )
  if (result.databaseBytes !== undefined) {
    console.log(`  database: ${fmtInt(result.databaseBytes / 2 ** 20)} MB (pg_database_size after seeding)`)
  }
  console.log(
    `  writes: ratios against the select 1 measured in their own rounds (median ${fmtMs(result.writesBaseline.medianMs)} ms)`,
  )
  for (const [key, plan] of Object.entries(result.plans)) {
    const nodes = plan
      .map((line) => line.trim().replace(/^->\s*/, ''))
      .filter((line) => !/^(Filter|Index Cond|Sort Key|Recheck Cond|Heap Blocks):/.test(line))
    console.log(`  plan ${key}: ${nodes.join(' → ')}`)
  }
  const { list } = result
  console.log(
    `  list: ${fmtInt(list.total)} animals (status=activos), ${fmtInt(list.lastPage)} pages; ` +
      `a ${PAGE_SIZE}-row page is ${fmtInt(list.pageBytes)} bytes of JSON (${fmtInt(list.pageBytes / PAGE_SIZE)} per row)`,
  )
  console.log(
    `  list filters: category=${list.category}&rodeo=${list.rodeo} (the most common category, and its most common rodeo): ${fmtInt(list.filteredTotal)} animals`,
  )
  console.log(`  targets (issues 4, 8, 18 and 20, ${engineLabel(result.engine)}):`)
  for (const t of result.targets) {
    const value = t.unit === 'ms' ? `${fmtMs(t.value)} ms` : `${t.value.toFixed(2)}×`
    const limit = t.unit === 'ms' ? `${t.limit} ms` : `${t.limit}×`
    console.log(`    ${t.pass ? 'PASS' : 'FAIL'}  ${t.what} ${value} ≤ ${limit}`)
  }
  console.log('  list SQL, EXPLAIN ANALYZE after the rounds (execution time: plan):')
  for (const [key, queries] of Object.entries(result.listPlans)) {
    for (const q of queries) console.log(`    ${key.padEnd(13)} ${summarizePlan(q.sql, q.plan)}`)
  }
}

/** One line per query: what it is, its execution time and the chain of its main plan nodes. */
function summarizePlan(text: string, plan: string[]) {
  const kind = /count\(\*\)/.test(text)
    ? 'count'
    : /^select "a"\."id" from/.test(text)
      ? 'page ids'
      : /"alerts"/.test(text) && !/left join/.test(text)
        ? 'alerts'
        : /left join/.test(text)
          ? 'page rows'
          : 'query'
  const time = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?'
  const nodes = plan
    .filter((l, i) => i === 0 || l.trim().startsWith('->'))
    .slice(0, 6)
    .map((l) =>
      l
        .trim()
        .replace(/^->\s*/, '')
        .replace(/\s*\(cost=.*$/, ''),
    )
  return `${kind.padEnd(9)} ${time.padStart(10)}: ${nodes.join(' → ')}`
}

function printComparison(results: EngineResult[]) {
  if (results.length < 2) return
  console.log('\nSide by side (same run, same machine)')
  const first = results[0] as EngineResult
  const find = (r: EngineResult, key: string) => r.cases.find((c) => c.key === key)
  const relative = results.length === 2 ? (results[1] as EngineResult) : undefined
  console.log(
    table(
      [
        'case',
        ...results.map((r) => `${r.engine} ×`),
        ...results.map((r) => `${r.engine} ms`),
        ...(relative ? [`${first.engine} ÷ ${relative.engine}`] : []),
      ],
      first.cases.map((c) => {
        const medians = results.map((r) => find(r, c.key)?.medianMs)
        const [a, b] = medians
        return [
          c.title,
          ...results.map((r) => find(r, c.key)?.ratio.toFixed(1) ?? '—'),
          ...medians.map((ms) => (ms === undefined ? '—' : fmtMs(ms))),
          ...(relative ? [a !== undefined && b ? (a / b).toFixed(2) : '—'] : []),
        ]
      }),
      [false, ...results.map(() => true), ...results.map(() => true), ...(relative ? [true] : [])],
    ),
  )
}

function gitRevision() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim().length > 0
    return { commit, dirty }
  } catch {
    return undefined
  }
}

function machine() {
  const cpus = os.cpus()
  return {
    cpus: cpus.length,
    availableParallelism: os.availableParallelism(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
  }
}

// --- Main ------------------------------------------------------------------------------------------

async function main() {
  // The built app under HTTP load shares this command and its cleanups (issue 18), with its own options.
  const args = process.argv.slice(2)
  if (args.includes('--http')) return (await import('./http')).runHttpBench(args)
  if (args.includes('--offline')) return (await import('./offline-snapshot')).runOfflineBench(args)
  const options = parseOptions()
  const info = machine()
  const reference = isoDay(referenceDay())
  console.log(
    `Insights benchmark — ${fmtInt(options.animals)} animals, ${options.warmup} warm-up + ${options.iterations} rounds, ` +
      `engines: ${options.engines.join(', ')}`,
  )
  console.log(
    `Machine: ${info.cpus} × ${info.cpuModel}, ${info.memoryGiB} GiB, load ${info.loadAverage.join(' ')}, Node ${info.node}`,
  )
  if (reference !== DEMO_REFERENCE_DATE) {
    console.warn(
      `⚠ The clock is before ${DEMO_REFERENCE_DATE}: the seed uses ${reference} as its last day, so its rows differ from other runs.`,
    )
  }
  if (!options.engines.includes('postgres') && !options.serverUrl) {
    console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or DATABASE_URL to measure it too.)')
  }

  if (info.loadAverage[0] !== undefined && info.loadAverage[0] > info.cpus / 2) {
    console.warn(
      `⚠ Load average ${info.loadAverage[0]} on ${info.cpus} CPUs: other processes compete for them and the ` +
        'milliseconds will be noisy. Compare ratios, or run again on a quiet machine.',
    )
  }
  const results: EngineResult[] = []
  for (const engine of options.engines) results.push(await benchEngine(engine, options))

  for (const result of results) printEngine(result, options)
  printComparison(results)

  const report = {
    date: new Date().toISOString(),
    git: gitRevision(),
    machine: { ...info, loadAverageAfter: os.loadavg().map((n) => Math.round(n * 100) / 100) },
    options: {
      animals: options.animals,
      establishments: options.establishments,
      largeAnimals: options.largeAnimals,
      iterations: options.iterations,
      warmup: options.warmup,
      vacuum: options.vacuum,
      seedReferenceDay: reference,
    },
    engines: results,
  }
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true })
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE)}`)
}

try {
  await main()
} catch (error) {
  process.exitCode = 1
  // After Ctrl-C the dropped database fails the query in flight: that is the interruption, not a bug.
  if (!interrupted) {
    console.error(error)
    console.error(`\n✖ The benchmark failed: ${(error as Error).message}\n`)
  }
} finally {
  await runCleanups()
}
