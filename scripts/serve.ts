/**
 * Production server, run as built: `npm run build` bundles this file into dist/serve.mjs
 * (scripts/build-server.ts) and `npm run serve` runs that with plain `node`, without tsx's hooks
 * (decision 047). A process that serves (scripts/serve-process.ts) opens (and migrates, and on
 * first start seeds) the database before listening, so a misconfiguration or a data directory held
 * by another process fails at once, then serves the built app (dist/) with srvx and closes the
 * database cleanly on SIGINT/SIGTERM.
 *
 * With PostgreSQL it can serve from several processes (WEB_CONCURRENCY, decisions 049 and 053):
 * this process is then their primary. It only starts the workers — each this same script —, restarts
 * one that dies, and stops them; they share the port through node:cluster. The first worker
 * prepares the database (migrations, first-start seed) before the others start, so the primary never
 * loads the database code or the app: ~69 MB of RSS instead of ~100 (decision 053).
 */
// First: sets NODE_ENV before any package reads it.
import './production-mode'
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { type Env, getEnv } from '~/lib/env.server'

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

let env: Env
try {
  env = getEnv()
} catch (error) {
  fail((error as Error).message)
}

/** What a worker tells the primary: the database is ready (the first worker), it listens (each). */
const DATABASE_READY = 'insights:database-ready'
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
else {
  // Loaded only here: the primary of several processes never needs the server, the database or the app.
  const { runServer } = await import('./serve-process')
  // The first worker node:cluster starts is the one that prepares the database; one started later
  // replaces a worker that died, after the database was ready.
  const prepares = cluster.isPrimary || cluster.worker?.id === 1
  await runServer({
    env,
    serverEntry,
    clientDir,
    asWorker: cluster.isWorker,
    prepares,
    onDatabaseReady: () => {
      if (cluster.isWorker && prepares) process.send?.(DATABASE_READY)
    },
    listeningMessage: LISTENING,
    fail,
  })
}

/**
 * The primary of several processes: starts, watches and stops the workers (node:cluster hands each
 * new connection to the next worker). The first worker prepares the database; the others start when
 * it is ready, and if it cannot be prepared the server stops (the worker said why). A worker that
 * dies later is replaced; if they keep dying (five within a minute: a broken build, a lost
 * database), the server stops instead of looping.
 */
async function runPrimary(processes: number) {
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`] })
  let stopping = false
  let databaseReady = false
  let listening = 0
  const deaths: number[] = []
  const start = () => cluster.fork()
  cluster.on('message', (_worker, message) => {
    if (message === DATABASE_READY && !databaseReady) {
      databaseReady = true
      for (let i = 1; i < processes; i++) start()
    }
    // Each worker says when it listens (with reusePort, node:cluster does not report it).
    if (message !== LISTENING) return
    listening++
    if (listening === processes)
      console.log(`• Insights escuchando en ${env.APP_URL} (puerto ${env.PORT}, ${processes} procesos)`)
  })
  cluster.on('exit', (worker, code, signal) => {
    // A worker ends with 0 only when told to stop (SIGINT from a terminal reaches every process).
    if (stopping || code === 0) return
    // The database could not be prepared: the worker printed why, and another would fail the same way.
    if (!databaseReady) process.exit(typeof code === 'number' && code > 0 ? code : 1)
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
  start()

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
