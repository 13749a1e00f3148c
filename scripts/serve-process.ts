/**
 * One process serving the app: the only one, or a worker of scripts/serve.ts's primary. Opens the
 * database (migrating it and, on first start, seeding it when this process prepares it), then serves
 * the built app (dist/) with srvx and closes the database cleanly on SIGINT/SIGTERM.
 *
 * scripts/serve.ts imports this module only in a process that serves, so a primary of several
 * processes never loads the database drivers, Kysely, the seed or the app (decision 053).
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type ServerMiddleware, serve } from 'srvx'
import { MAX_REQUEST_BODY_BYTES, REQUEST_TOO_LARGE } from '~/api/lib/body-limit'
import { DataDirectoryInUseError } from '~/db/data-dir-lock.server'
import { startDatabase, stopDatabase } from '~/db/database.server'
import type { Env } from '~/lib/env.server'
import { compression } from './compression'
import { staticFiles } from './static-files'

export interface ServeProcessOptions {
  env: Env
  /** The built app's server entry and client folder. */
  serverEntry: string
  clientDir: string
  /** A worker of several processes: binds the shared port and tells the primary when it listens. */
  asWorker: boolean
  /** This process migrates the database and, when asked (SEED_DEMO), seeds an empty one, and says so. */
  prepares: boolean
  /** Called once the database is open (and, by the process that prepares it, migrated and seeded). */
  onDatabaseReady: () => void
  /** The message a worker sends its primary once it listens. */
  listeningMessage: string
  fail: (message: string) => never
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

/**
 * Opens the database. The process that prepares it says where and how long it took; the others
 * open it quietly (migrations find nothing to do, the seed is never theirs).
 */
async function openDatabase({ env, prepares, fail }: ServeProcessOptions) {
  const started = Date.now()
  try {
    const handle = await startDatabase({
      log: prepares ? (message) => console.log(`• ${message}`) : () => {},
      // The embedded default starts with the demo (a bare `npm start`), PostgreSQL only with SEED_DEMO=1;
      // SEED_DEMO=0 starts a real farm's empty database (env.server.ts, README 'Primer uso').
      // Imported only by the process that may seed: the other workers never load the demo's generator.
      seed: async (db) =>
        env.SEED_DEMO && prepares ? (await import('~/db/seed/demo.server')).seedDemoIfEmpty(db) : false,
    })
    const where = handle.engine === 'pglite' ? `PGlite en ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'
    if (prepares) console.log(`• Base de datos lista: ${where} (${Date.now() - started} ms)`)
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) fail(error.message)
    console.error(error)
    fail('No se pudo abrir la base de datos.')
  }
}

export async function runServer(options: ServeProcessOptions) {
  const { env, asWorker } = options
  await openDatabase(options)
  options.onDatabaseReady()
  const app = (await import(pathToFileURL(path.resolve(options.serverEntry)).href)).default as {
    fetch: (request: Request) => Promise<Response>
  }

  const server = serve({
    port: env.PORT,
    hostname: env.HOST,
    fetch: app.fetch,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES + 1024 * 1024,
    // Files first, as the build compressed them; only the app's own answers are compressed here
    // (decision 025).
    middleware: [refuseOversizedBody, staticFiles(options.clientDir), compression],
    gracefulShutdown: false,
    // Workers bind the same port (SO_REUSEPORT) and the kernel spreads connections over them;
    // srvx otherwise asks for an exclusive socket, which only the first worker would get.
    reusePort: asWorker,
    silent: true,
  })
  await server.ready()
  if (asWorker) process.send?.(options.listeningMessage)
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
