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
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CompiledQuery, type Insertable, sql } from 'kysely'
import pg from 'pg'
import { type ApiApp, createApiApp } from '~/api/app'
import {
  type DatabaseEngine,
  type DatabaseHandle,
  type DB,
  migrateToLatest,
  openDatabase,
} from '~/db/database.server'
import type { Database } from '~/db/schema'
import { DEMO_REFERENCE_DATE, isoDay, referenceDay } from '~/db/seed/calendar'
import { DEMO_PASSWORD, seedDemo, seedLargeEstablishment } from '~/db/seed/demo.server'

const USAGE = `Usage: npm run bench [-- options]
  --animals N      animals of the large establishment (default 20000; the full size is 100000)
  --iterations K   measured rounds per case (default 30)
  --warmup W       unmeasured rounds before them (default 3)
  --engine E       pglite | postgres | all (default all: PGlite, plus PostgreSQL when
                   BENCH_DATABASE_URL or DATABASE_URL is set)
  --no-vacuum      skip the VACUUM ANALYZE after seeding (see bench/README.md)`

const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'latest.json')
const API = '/app-insights/api'
const PAGE_SIZE = 50
const WEIGHINGS_BATCH = 1_000
const BASELINE_BURST = 20

// --- Options ---------------------------------------------------------------------------------------

interface Options {
  animals: number
  iterations: number
  warmup: number
  engines: DatabaseEngine[]
  vacuum: boolean
  serverUrl: string | undefined
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
  return {
    animals: integer('animals', values.animals as string | undefined, 20_000, 100, 2_000_000),
    iterations: integer('iterations', values.iterations as string | undefined, 30, 1, 100_000),
    warmup: integer('warmup', values.warmup as string | undefined, 3, 0, 100_000),
    engines,
    vacuum: values.vacuum !== false,
    serverUrl,
  }
}

// --- Databases -------------------------------------------------------------------------------------

/** Cleanups still owed (a database to drop), run on exit and on Ctrl-C. */
const cleanups = new Set<() => Promise<void>>()

async function runCleanups() {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup)
    await cleanup().catch((error) => console.error('cleanup failed:', error))
  }
}

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

/** In-memory PGlite, or a new database on the server (dropped at the end), like db/testing.server.ts. */
async function openBenchDatabase(engine: DatabaseEngine, serverUrl: string | undefined) {
  if (engine === 'pglite') return openDatabase({ engine: 'pglite' })
  if (!serverUrl) throw new Error('no PostgreSQL URL')
  const name = `insights_bench_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  let dropped = false
  const drop = async () => {
    if (dropped) return
    dropped = true
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(`drop database if exists ${name} with (force)`)
    } finally {
      await client.end()
    }
  }
  cleanups.add(drop)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let handle: DatabaseHandle
  try {
    // The app's own pool settings (openDatabase's default size): what production runs with.
    handle = await openDatabase({ engine: 'postgres', connectionString: url.toString() })
  } catch (error) {
    await drop()
    cleanups.delete(drop)
    throw error
  }
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close()
      } finally {
        await drop()
        cleanups.delete(drop)
      }
    },
  }
}

// --- Measuring -------------------------------------------------------------------------------------

interface Case {
  key: string
  title: string
  /** Operations per sample (default 1); the sample is their total time divided by it. */
  repeat?: number
  /** One operation. Throws if the answer is not the expected one. */
  run: () => Promise<void>
}

interface CaseResult {
  key: string
  title: string
  /** The cases measured in the same rounds, against the same baseline. */
  block: string
  samples: number
  medianMs: number
  p90Ms: number
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
  const started = performance.now()
  for (let i = 0; i < repeat; i++) await c.run()
  return (performance.now() - started) / repeat
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

// --- One engine ------------------------------------------------------------------------------------

interface EngineResult {
  engine: DatabaseEngine
  server: { version: string; collation: string }
  establishmentId: number
  animals: number
  setup: SetupStep[]
  baselineKey: string
  cases: CaseResult[]
  writesBaseline: CaseResult
  plans: Record<string, string[]>
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
      `seed ${fmtInt(options.animals)} animals`,
      () => seedLargeEstablishment(db, { animals: options.animals }),
      (summary) => countRows(db, summary.establishmentId),
    )
    if (options.vacuum) await step('vacuum analyze', () => sql`vacuum analyze`.execute(db))

    const api = createApiApp({ database: async () => handle })
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
    const writes = await measureBlock(
      'writes',
      [cases.baseline, ...cases.writes],
      options.warmup,
      options.iterations,
    )
    return {
      engine,
      server,
      establishmentId: eid,
      animals: large.animals,
      setup,
      baselineKey: cases.baseline.key,
      // The writes' own baseline stays in the JSON, out of the table.
      cases: [...reads, ...writes.slice(1)],
      writesBaseline: writes[0] as CaseResult,
      plans,
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

async function buildCases(db: DB, api: ApiApp, token: string, eid: number) {
  const get = async (url: string, bearer?: string) => {
    const response = await api.request(`${API}${url}`, {
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    })
    // The body is read: a client pays for it too.
    const body = await response.arrayBuffer()
    if (response.status !== 200) {
      throw new Error(`GET ${url}: ${response.status} ${Buffer.from(body).toString('utf8')}`)
    }
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
  ]
  const writes: Case[] = [
    {
      key: 'latestEvents',
      title: `insert ${fmtInt(WEIGHINGS_BATCH)} weighings, rolled back`,
      run: () => insertWeighings(false),
    },
  ]
  return { baseline, reads, writes }
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
      ['case', 'median ms', 'p90 ms', 'min ms', '× select 1', 'paired ×'],
      result.cases.map((c) => [
        c.title,
        fmtMs(c.medianMs),
        fmtMs(c.p90Ms),
        fmtMs(c.minMs),
        c.ratio.toFixed(1),
        c.pairedRatio.toFixed(1),
      ]),
      [false, true, true, true, true, true],
    ),
  )
  console.log(
    `  writes: ratios against the select 1 measured in their own rounds (median ${fmtMs(result.writesBaseline.medianMs)} ms)`,
  )
  for (const [key, plan] of Object.entries(result.plans)) {
    const nodes = plan
      .map((line) => line.trim().replace(/^->\s*/, ''))
      .filter((line) => !/^(Filter|Index Cond|Sort Key|Recheck Cond|Heap Blocks):/.test(line))
    console.log(`  plan ${key}: ${nodes.join(' → ')}`)
  }
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
