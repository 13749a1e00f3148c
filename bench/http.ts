/**
 * npm run bench -- --http [--animals N --engine pglite|postgres|all --duration S --warmup S --connections C]
 *
 * The served app under load (issue 18, part 1; docs/decisions/028): the production build started as
 * a user starts it (tests/support/production-server.ts) on each engine, with the in-process bench's
 * fixed data (the demo plus one establishment of N animals), signed in once through the API, and
 * driven by autocannon over real sockets: the list API, the SSR Animales page, the SSR animal page
 * and the chute's weighing POST. Reports req/s, latency percentiles, failed answers and the server's
 * memory, with PASS/FAIL against the table (http-targets.ts). See bench/README.md.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon, { type Options as AutocannonOptions } from 'autocannon'
import { sql } from 'kysely'
import { type DatabaseEngine, migrateToLatest } from '~/db/database.server'
import { DEMO_PASSWORD, seedDemo, seedLargeEstablishment } from '~/db/seed/demo.server'
import { checkBudgets, PAGES } from '../scripts/js-budgets'
import {
  childrenOf,
  hasProductionBuild,
  type ProductionServer,
  startProductionServer,
} from '../tests/support/production-server'
import { addCleanup, openBenchDatabase } from './databases'
import {
  allPass,
  evaluateJavaScript,
  evaluateRun,
  evaluateWire,
  type HttpCheck,
  type HttpMeasurement,
  type HttpScenario,
  type WireAnswer,
  type WireFigures,
} from './http-targets'

const USAGE = `Usage: npm run bench -- --http [options]   (needs the production build: npm run build)
  --animals N       animals of the large establishment (default 100000, the issue's size)
  --engine E        pglite | postgres | all (default all: PGlite, plus PostgreSQL when
                    BENCH_DATABASE_URL or DATABASE_URL is set)
  --duration S      measured seconds per scenario (default 10)
  --warmup S        unmeasured seconds before each (default 3)
  --connections C   concurrent connections of the GET scenarios (default 50; the POST uses 10)`

const API = '/app-insights/api'
const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'http-latest.json')
/** A few crews weighing at once: the chute is not 50 browsers. */
const CHUTE_CONNECTIONS = 10
/** The list API's largest page, used to collect distinct animals for the weighing POSTs. */
const ID_PAGE_SIZE = 200

interface HttpOptions {
  animals: number
  engines: DatabaseEngine[]
  serverUrl: string | undefined
  duration: number
  warmup: number
  connections: number
}

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`)
  process.exit(1)
}

function parseHttpOptions(args: string[]): HttpOptions {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        http: { type: 'boolean' },
        animals: { type: 'string' },
        engine: { type: 'string' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        connections: { type: 'string' },
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
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = values[name] as string | undefined
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      fail(`--${name} must be an integer between ${min} and ${max} (got ${raw}).\n${USAGE}`)
    }
    return value
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
    animals: integer('animals', 100_000, 100, 2_000_000),
    engines,
    serverUrl,
    duration: integer('duration', 10, 1, 3600),
    warmup: integer('warmup', 3, 0, 600),
    connections: integer('connections', 50, 1, 1000),
  }
}

// --- One engine ------------------------------------------------------------------------------------

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * The in-process bench's data on a database the server will open: migrations, the demo, the large
 * establishment and a VACUUM ANALYZE. PGlite is written into `dataDir` and closed (the server takes
 * the directory's lock); PostgreSQL's new database stays open until the end, when closing drops it.
 */
async function seedForServer(engine: DatabaseEngine, options: HttpOptions, dataDir: string) {
  const started = performance.now()
  const handle = await openBenchDatabase(engine, options.serverUrl, { dataDir })
  try {
    await migrateToLatest(handle.db)
    await seedDemo(handle.db)
    const large = await seedLargeEstablishment(handle.db, { animals: options.animals })
    await sql`vacuum analyze`.execute(handle.db)
    console.log(
      `  seeded ${large.animals.toLocaleString('en-US')} animals (establishment ${large.establishmentId}) ` +
        `in ${seconds(performance.now() - started)}`,
    )
    if (engine === 'pglite') await handle.close()
    return { handle, establishmentId: large.establishmentId, seedMs: Math.round(performance.now() - started) }
  } catch (error) {
    await handle.close()
    throw error
  }
}

/**
 * The server's memory, in MB (Linux /proc): the process and, when it runs several (decisions 049
 * and 053), its workers. `pssMb` is what the memory row judges: each process's proportional
 * set size summed, so pages the processes share (the node binary's code, ~60 MB mapped by each) are
 * counted once, as the machine holds them. `rssMb` sums each process's resident set, shared pages
 * once per process: the same figure for one process, an overstatement for several. The peak is the
 * sum of each process's own peak RSS, an upper bound (they need not peak together).
 */
function memoryOf(pid: number) {
  const pids = [pid, ...childrenOf(pid)]
  let rss = 0
  let pss = 0
  let peak = 0
  for (const one of pids) {
    const status = readFileSync(`/proc/${one}/status`, 'utf8')
    const rollup = readFileSync(`/proc/${one}/smaps_rollup`, 'utf8')
    const kb = (text: string, field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN)
    rss += kb(status, 'VmRSS')
    peak += kb(status, 'VmHWM')
    pss += kb(rollup, 'Pss')
  }
  return {
    rssMb: Math.round(rss / 1024),
    pssMb: Math.round(pss / 1024),
    peakRssMb: Math.round(peak / 1024),
    processes: pids.length,
  }
}

/** One request the bench checks before loading: the status, and something the answer must hold. */
async function expectOk(url: string, init: RequestInit, mustContain: string) {
  const response = await fetch(url, { ...init, redirect: 'manual' })
  const body = await response.text()
  if (response.status < 200 || response.status > 299 || !body.includes(mustContain)) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status}, ${body.slice(0, 300)}`)
  }
  return body
}

interface Scenario {
  key: HttpScenario
  title: string
  connections: number
  options: (duration: number) => AutocannonOptions
}

async function scenariosFor(server: ProductionServer, eid: number, options: HttpOptions) {
  const { origin } = server
  // Sign in once per server and reuse the token: the sign-in limits (decision 015) would refuse
  // a sign-in per connection, and scrypt would dominate the figures.
  const login = await fetch(`${origin}${API}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.test', password: DEMO_PASSWORD }),
  })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  const bearer = { authorization: `Bearer ${token}` }
  // The BFF's session: the same token in its httpOnly cookie, and the chosen establishment.
  const cookie = { cookie: `insights_token=${token}; insights_establishment=${eid}` }

  const listPath = `${API}/v2/establishments/${eid}/animals?page=1&perPage=50`
  const first = JSON.parse(await expectOk(`${origin}${listPath}`, { headers: bearer }, '"data"')) as {
    data: { animal_id: string; visual_tag: string }[]
    meta: { total: number }
  }
  const sample = first.data[0]
  if (!sample || first.meta.total < 50) throw new Error(`the list answered ${first.meta.total} animals`)
  const animalsPage = `/management/establishment/app-insights/animals/${eid}/breeding-herd`
  const animalPage = `/management/establishment/app-insights/animal/${encodeURIComponent(sample.visual_tag)}?establecimiento=${eid}`
  // A signed-in page really rendered (not the sign-in page it redirects to without the cookie).
  await expectOk(`${origin}${animalsPage}`, { headers: cookie }, sample.visual_tag)
  await expectOk(`${origin}${animalPage}`, { headers: cookie }, sample.visual_tag)

  // The chute: a fresh weighing session, and distinct live animals, one per POST.
  const session = (await (
    await fetch(`${origin}${API}/v2/cattle-handlings`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Pesada bench HTTP ${Date.now()}`,
        establishmentId: eid,
        activityDate: '2026-11-01',
        description: 'Carga del banco de pruebas HTTP',
        cattle_handling_work: 7,
      }),
    })
  ).json()) as { data?: { id: number } }
  if (!session.data) throw new Error(`session: ${JSON.stringify(session)}`)
  const sessionId = session.data.id
  const wanted = Math.min(first.meta.total, 400 * (options.duration + options.warmup))
  const animalIds: string[] = []
  for (let page = 1; animalIds.length < wanted; page++) {
    const body = JSON.parse(
      await expectOk(
        `${origin}${API}/v2/establishments/${eid}/animals?page=${page}&perPage=${ID_PAGE_SIZE}`,
        { headers: bearer },
        '"data"',
      ),
    ) as { data: { animal_id: string }[] }
    if (body.data.length === 0) break
    animalIds.push(...body.data.map((r) => r.animal_id))
  }
  let next = 0
  const weighingPath = `${API}/v2/establishment/${eid}/weighings`

  const get = (requestPath: string, headers: Record<string, string>, connections: number) => ({
    connections,
    options: (duration: number): AutocannonOptions => ({
      url: `${origin}${requestPath}`,
      connections,
      duration,
      headers,
    }),
  })
  const scenarios: Scenario[] = [
    { key: 'list', title: 'list API, page 1 of 50', ...get(listPath, bearer, options.connections) },
    { key: 'ssrAnimals', title: 'SSR Animales page', ...get(animalsPage, cookie, options.connections) },
    { key: 'animalPage', title: 'SSR animal page', ...get(animalPage, cookie, options.connections) },
    {
      key: 'chuteWeighing',
      title: 'POST one weighing (chute)',
      connections: CHUTE_CONNECTIONS,
      options: (duration) => ({
        url: origin,
        connections: CHUTE_CONNECTIONS,
        duration,
        // Never the same animal twice in the session: stop early when they run out (`amount` would
        // ignore the duration).
        maxOverallRequests: Math.max(CHUTE_CONNECTIONS, animalIds.length - next),
        requests: [
          {
            method: 'POST',
            path: weighingPath,
            headers: { ...bearer, 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                animal_id: animalIds[next++ % animalIds.length],
                weight: 321.5,
                read_at: '2026-11-01 08:00:00',
                cattle_handling_id: sessionId,
              }),
            }),
          },
        ],
      }),
    },
  ]
  return { scenarios, distinctAnimals: animalIds.length, token, listPath, animalsPage }
}

/** One GET as a browser asks (br, gzip), its body counted as received: not decoded. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<WireAnswer>((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? ''),
            bytes,
            cacheControl: String(response.headers['cache-control'] ?? ''),
            declaredLength: response.headers['content-length'] !== undefined,
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

const CLIENT_DIR = path.join(import.meta.dirname, '..', 'dist', 'client')

/** The build's largest hashed script: the asset whose serving the table's row is about. */
function largestAsset() {
  const dir = path.join(CLIENT_DIR, 'assets')
  const [largest] = readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(path.join(dir, name)).size }))
    .sort((a, b) => b.size - a.size)
  if (!largest) throw new Error(`no script in ${dir}`)
  return `/assets/${largest.name}`
}

/** The table's bytes-on-the-wire rows, against one engine's server. */
async function wireFigures(
  origin: string,
  eid: number,
  token: string,
  listPath: string,
  animalsPage: string,
) {
  const figures: WireFigures = {
    animalesHtml: await rawGet(`${origin}${animalsPage}`, {
      cookie: `insights_token=${token}; insights_establishment=${eid}`,
    }),
    listJson: await rawGet(`${origin}${listPath}`, { authorization: `Bearer ${token}` }),
    asset: await rawGet(`${origin}${largestAsset()}`, {}),
  }
  return figures
}

async function load(server: ProductionServer, engine: DatabaseEngine, scenario: Scenario, duration: number) {
  const result = await autocannon(scenario.options(duration))
  const { rssMb, pssMb, peakRssMb } = memoryOf(server.child.pid as number)
  const answered = Object.values(result.statusCodeStats ?? {}).reduce((n, s) => n + Number(s.count), 0)
  const measurement: HttpMeasurement = {
    scenario: scenario.key,
    engine,
    connections: scenario.connections,
    durationSeconds: result.duration,
    requests: answered,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    rssMb,
    pssMb,
    peakRssMb,
  }
  return { measurement, statusCodes: result.statusCodeStats }
}

interface EngineRun {
  engine: DatabaseEngine
  establishmentId: number
  seedMs: number
  startMs: number
  idleRssMb: number
  idlePssMb: number
  distinctAnimals: number
  wire: WireFigures
  runs: (HttpMeasurement & { title: string; statusCodes: Record<string, { count: number }> })[]
  checks: HttpCheck[]
}

async function benchEngine(engine: DatabaseEngine, options: HttpOptions): Promise<EngineRun> {
  console.log(`\n▶ ${engine}: seeding`)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insights-http-bench-'))
  const removeDir = addCleanup(async () => rmSync(dataDir, { recursive: true, force: true }))
  const seeded = await seedForServer(engine, options, dataDir)
  let server: ProductionServer | undefined
  let stopServer: (() => boolean) | undefined
  try {
    const started = performance.now()
    server = await startProductionServer(
      engine === 'pglite'
        ? { DATA_DIR: dataDir, DATABASE_URL: '' }
        : { DATABASE_URL: seeded.handle.url ?? '' },
    )
    stopServer = addCleanup((server as ProductionServer).stop)
    const startMs = Math.round(performance.now() - started)
    const idle = memoryOf(server.child.pid as number)
    console.log(
      `  production server on ${server.origin} in ${seconds(startMs)}, ${idle.processes} process(es), ` +
        `${idle.pssMb} MB PSS (${idle.rssMb} MB RSS) idle`,
    )
    const { scenarios, distinctAnimals, token, listPath, animalsPage } = await scenariosFor(
      server,
      seeded.establishmentId,
      options,
    )
    const runs: EngineRun['runs'] = []
    const wire = await wireFigures(server.origin, seeded.establishmentId, token, listPath, animalsPage)
    const checks: HttpCheck[] = evaluateWire(wire)
    console.log(
      `  on the wire: Animales HTML ${wire.animalesHtml.bytes} B (${wire.animalesHtml.encoding || 'identity'}), ` +
        `list JSON ${wire.listJson.bytes} B (${wire.listJson.encoding || 'identity'}), ` +
        `asset ${wire.asset.encoding || 'identity'}, cache-control '${wire.asset.cacheControl}'`,
    )
    for (const scenario of scenarios) {
      if (options.warmup > 0) await load(server, engine, scenario, options.warmup)
      const { measurement, statusCodes } = await load(server, engine, scenario, options.duration)
      const own = evaluateRun(measurement)
      runs.push({ ...measurement, title: scenario.title, statusCodes })
      checks.push(...own)
      console.log(
        `  ${scenario.title.padEnd(28)} ${measurement.requestsPerSecond.toFixed(1).padStart(7)} req/s  ` +
          `p50 ${measurement.p50Ms} ms  p97.5 ${measurement.p97_5Ms} ms  p99 ${measurement.p99Ms} ms  ` +
          `errors ${measurement.errors}  non-2xx ${measurement.non2xx}  PSS ${measurement.pssMb} MB (RSS ${measurement.rssMb})  ` +
          `${allPass(own) ? 'PASS' : 'FAIL'}`,
      )
    }
    return {
      engine,
      establishmentId: seeded.establishmentId,
      seedMs: seeded.seedMs,
      startMs,
      idleRssMb: idle.rssMb,
      idlePssMb: idle.pssMb,
      distinctAnimals,
      wire,
      runs,
      checks,
    }
  } finally {
    await server?.stop()
    stopServer?.()
    if (engine === 'postgres') await seeded.handle.close()
    rmSync(dataDir, { recursive: true, force: true })
    removeDir()
  }
}

// --- Output ----------------------------------------------------------------------------------------

function printChecks(results: EngineRun[]) {
  for (const result of results) {
    console.log(`\nTargets (issue 18), ${result.engine}:`)
    for (const c of result.checks) {
      console.log(
        `  ${c.pass ? 'PASS' : 'FAIL'}  ${c.scenario.padEnd(14)} ${c.what} ${c.value} ${c.comparison} ${c.limit}`,
      )
    }
  }
}

export async function runHttpBench(args: string[]) {
  const options = parseHttpOptions(args)
  if (!hasProductionBuild()) fail('No production build (dist/server/server.js): run `npm run build` first.')
  const load1 = os.loadavg().map((n) => Math.round(n * 100) / 100)
  console.log(
    `Insights HTTP benchmark — ${options.animals.toLocaleString('en-US')} animals, ${options.warmup} s warm-up + ` +
      `${options.duration} s per scenario, ${options.connections} connections, engines: ${options.engines.join(', ')}`,
  )
  console.log(`Machine: ${os.cpus().length} CPUs, load ${load1.join(' ')}, Node ${process.version}`)
  if ((load1[0] ?? 0) > os.cpus().length / 2) {
    console.warn(
      `⚠ Load average ${load1[0]} on ${os.cpus().length} CPUs: autocannon and the server share them with ` +
        'other work; the figures are pessimistic. Run again on a quiet machine before judging the targets.',
    )
  }
  // The JavaScript rows depend on the build only: once, from the budgets' walk of its manifest.
  const pages = new Map(checkBudgets(CLIENT_DIR, PAGES).map((page) => [page.key, page.gzipBytes]))
  const jsChecks = evaluateJavaScript({
    loginJs: pages.get('login') ?? Number.POSITIVE_INFINITY,
    animalesJs: pages.get('animales') ?? Number.POSITIVE_INFINITY,
  })
  const results: EngineRun[] = []
  for (const engine of options.engines) results.push(await benchEngine(engine, options))
  printChecks(results)
  console.log('\nTargets (issue 18), the build:')
  for (const c of jsChecks)
    console.log(
      `  ${c.pass ? 'PASS' : 'FAIL'}  ${c.scenario.padEnd(14)} ${c.what} ${c.value} ${c.comparison} ${c.limit}`,
    )
  const checks = [...jsChecks, ...results.flatMap((r) => r.checks)]
  console.log(
    `\n${checks.filter((c) => c.pass).length} of ${checks.length} checks pass${allPass(checks) ? '' : ' (see FAIL above)'}`,
  )
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true })
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        loadAverage: load1,
        loadAverageAfter: os.loadavg().map((n) => Math.round(n * 100) / 100),
        options: { ...options, serverUrl: undefined },
        build: jsChecks,
        engines: results,
      },
      null,
      2,
    )}\n`,
  )
  console.log(`Results written to ${path.relative(process.cwd(), RESULTS_FILE)}`)
}
