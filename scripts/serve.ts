/**
 * Production server, run as built: `npm run build` bundles this file into dist/serve.mjs
 * (scripts/build-server.ts) and `npm run serve` runs that with plain `node`, without tsx's hooks
 * (decision 047). Opens (and migrates, and on first start seeds) the database before listening,
 * so a misconfiguration or a data directory held by another process fails at once, then serves the
 * built app (dist/) with srvx and closes the database cleanly on SIGINT/SIGTERM.
 *
 * With PostgreSQL it serves from one process per CPU (WEB_CONCURRENCY, decision 049): this process
 * then opens the database once (migrations, first-start seed), starts the workers — each this same
 * script — and restarts one that dies; they share the port through node:cluster.
 */
// First: sets NODE_ENV before any package reads it.
import './production-mode'
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { type ServerMiddleware, serve } from 'srvx'
import { MAX_REQUEST_BODY_BYTES, REQUEST_TOO_LARGE } from '~/api/lib/body-limit'
import { DataDirectoryInUseError } from '~/db/data-dir-lock.server'
import { startDatabase, stopDatabase } from '~/db/database.server'
import { seedDemoIfEmpty } from '~/db/seed/demo.server'
import { getEnv } from '~/lib/env.server'
import { compression } from './compression'
import { staticFiles } from './static-files'

// The same folder from scripts/ and from dist/serve.mjs.
const root = path.resolve(import.meta.dirname, '..')

/**
 * The heap may grow to 1.5× what the last full collection kept before the next one (V8 otherwise
 * lets it reach up to 4×). A render's garbage outlives the young generation's collections and is
 * promoted, so under page load the old space swelled from ~70 MB live to 330 MB and more before V8
 * collected it, and RSS followed (decision 047). A ceiling (`--max-old-space-size`) was rejected:
 * it turns an unusual peak into a crash; this only collects sooner. Set here, not on `node`'s
 * command line, so every way of starting the server (npm, the tests, the bench) gets it; V8 reads
 * it at each full collection.
 */
setFlagsFromString('--heap-growing-percent=50')
const serverEntry = path.join(root, 'dist/server/server.js')
const clientDir = path.join(root, 'dist/client')

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`)
  process.exit(1)
}

if (!existsSync(serverEntry))
  fail('No existe la compilación de producción (dist/). Ejecute `npm run build` o `npm start`.')

let env: ReturnType<typeof getEnv>
try {
  env = getEnv()
} catch (error) {
  fail((error as Error).message)
}

/**
 * Request bodies are capped for every route (pages' server functions, local endpoints, the provider
 * API): a declared length over the cap is refused before anything is read, and srvx counts every
 * body as it is read, so one without a declared length cannot fill memory either. srvx's count
 * sits a little above the app's own cap so the app's limits answer first, in their own words.
 */
const refuseOversizedBody: ServerMiddleware = (request, next) => {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_REQUEST_BODY_BYTES) return Response.json({ error: REQUEST_TOO_LARGE }, { status: 413 })
  return next()
}

/** Opens (migrates, seeds) the database; a worker only opens it, quietly (the primary did the rest). */
async function openDatabase(asWorker: boolean) {
  const started = Date.now()
  try {
    const handle = await startDatabase({
      log: asWorker ? () => {} : (message) => console.log(`• ${message}`),
      // The embedded default starts with the demo (a bare `npm start`), PostgreSQL only with SEED_DEMO=1;
      // SEED_DEMO=0 starts a real farm's empty database (env.server.ts, README 'Primer uso').
      seed: async (db) => (env.SEED_DEMO && !asWorker ? seedDemoIfEmpty(db) : false),
    })
    const where = handle.engine === 'pglite' ? `PGlite en ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'
    if (!asWorker) console.log(`• Base de datos lista: ${where} (${Date.now() - started} ms)`)
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) fail(error.message)
    console.error(error)
    fail('No se pudo abrir la base de datos.')
  }
}

const LISTENING = 'insights:listening'

/**
 * Each worker's young generation (V8's semi-spaces), in MB. V8 sizes it from the machine's memory
 * (64 MB semi-spaces here), and a render's garbage fills it and keeps it committed: ~90 MB of RSS
 * per process. Several processes share the machine's memory, so each gets a smaller one; with two
 * workers it cost no pages per second on the bench (decision 052). A single process keeps V8's
 * size, where the extra scavenges cost it pages.
 */
const WORKER_SEMI_SPACE_MB = 16

if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) await runPrimary(env.WEB_CONCURRENCY)
else await runServer(cluster.isWorker)

/**
 * The primary of several processes: prepares the database, then only starts, watches and stops the
 * workers (node:cluster hands each new connection to the next worker). A worker that dies is
 * replaced; if they keep dying (five within a minute: a broken build, a lost database), the server
 * stops instead of looping.
 */
async function runPrimary(processes: number) {
  await openDatabase(false)
  await stopDatabase()
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`] })
  let stopping = false
  let listening = 0
  const deaths: number[] = []
  const start = () => cluster.fork()
  // Each worker says when it listens (with reusePort, node:cluster does not report it).
  cluster.on('message', (_worker, message) => {
    if (message !== LISTENING) return
    listening++
    if (listening === processes)
      console.log(`• Insights escuchando en ${env.APP_URL} (puerto ${env.PORT}, ${processes} procesos)`)
  })
  cluster.on('exit', (worker, code, signal) => {
    // A worker ends with 0 only when told to stop (SIGINT from a terminal reaches every process).
    if (stopping || code === 0) return
    const now = Date.now()
    deaths.push(now)
    while (deaths.length > 0 && (deaths[0] as number) < now - 60_000) deaths.shift()
    console.error(`✖ El proceso ${worker.process.pid} terminó (${signal ?? code}).`)
    if (deaths.length >= 5) {
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL')
      fail('Los procesos del servidor terminan uno tras otro: se detiene el servidor.')
    }
    start()
  })
  for (let i = 0; i < processes; i++) start()

  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    console.log(`• ${signal} recibido: cerrando…`)
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined)
    const exited = workers.map((w) => new Promise((resolve) => w.once('exit', resolve)))
    for (const worker of workers) worker.process.kill('SIGTERM')
    // Each worker gives its requests 5 s; one that hangs past that is killed.
    const timer = setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL')
    }, 8_000)
    await Promise.all(exited)
    clearTimeout(timer)
    console.log('• Base de datos cerrada. Hasta luego.')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

/** One process serving the app: the only one, or a worker of the primary above. */
async function runServer(asWorker: boolean) {
  await openDatabase(asWorker)
  const app = (await import(pathToFileURL(serverEntry).href)).default as {
    fetch: (request: Request) => Promise<Response>
  }

  const server = serve({
    port: env.PORT,
    hostname: env.HOST,
    fetch: app.fetch,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES + 1024 * 1024,
    // Files first, as the build compressed them; only the app's own answers are compressed here
    // (decision 025).
    middleware: [refuseOversizedBody, staticFiles(clientDir), compression],
    gracefulShutdown: false,
    // Workers bind the same port (SO_REUSEPORT) and the kernel spreads connections over them;
    // srvx otherwise asks for an exclusive socket, which only the first worker would get.
    reusePort: asWorker,
    silent: true,
  })
  await server.ready()
  if (asWorker) process.send?.(LISTENING)
  else console.log(`• Insights escuchando en ${env.APP_URL} (puerto ${env.PORT})`)

  let stopping = false
  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    if (!asWorker) console.log(`• ${signal} recibido: cerrando…`)
    // Stop accepting requests, give running ones a moment, then close the database so PGlite
    // flushes and releases the data directory.
    const closing = server.close(false)
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000))])
    await stopDatabase()
    if (!asWorker) console.log('• Base de datos cerrada. Hasta luego.')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}
