import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from '~/db/testing.server'
import {
  childrenOf,
  freePort,
  hasProductionBuild,
  type ProductionServer,
  root,
  startProductionServer,
  startServer,
} from '../tests/support/production-server'

/**
 * The server's processes (decisions 049 and 053): with PostgreSQL, one primary and WEB_CONCURRENCY workers
 * sharing the port; the embedded database refuses more than one. Needs `dist/` (the test command
 * builds it) and, for the PostgreSQL part, DATABASE_URL or TEST_DATABASE_URL as in CI.
 */
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL

/** CPU ticks a process has used (user + system). */
function cpuTicks(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return Number(fields[11]) + Number(fields[12])
}

async function until<T>(read: () => T, ok: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (ok(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('the embedded database', () => {
  it('refuses, before opening anything, to be served by more than one process', async () => {
    expect(hasProductionBuild(), 'run `npm run build` first').toBe(true)
    const server = startServer({ DATABASE_URL: '', WEB_CONCURRENCY: '2', PORT: String(await freePort()) })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain(
      'WEB_CONCURRENCY: la base embebida (PGlite) admite un solo proceso; para más de uno configure DATABASE_URL (PostgreSQL)',
    )
  }, 30_000)
})

/**
 * Every module dist/serve.mjs loads before it runs any code: its static imports, followed through
 * the build's own chunks. What a primary of several processes holds in memory (decision 053).
 */
function staticImportsOf(file: string, seen = new Set<string>()): Set<string> {
  const source = readFileSync(file, 'utf8')
  // Static import statements only: `import x from "y"`, `import { x } from "y"`, `import "y"`.
  for (const [, specifier] of source.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["'];?$/gm)) {
    if (!specifier || seen.has(specifier)) continue
    seen.add(specifier)
    if (specifier.startsWith('.')) staticImportsOf(path.resolve(path.dirname(file), specifier), seen)
  }
  return seen
}

describe('the primary of several processes', () => {
  it('loads neither the database drivers, nor Kysely, nor the HTTP server, nor the app', () => {
    expect(hasProductionBuild(), 'run `npm run build` first').toBe(true)
    const loaded = [...staticImportsOf(path.join(root, 'dist/serve.mjs'))]
    expect(loaded).toContain('node:cluster')
    for (const heavy of ['@electric-sql/pglite', 'pg', 'kysely', 'srvx', 'react', 'hono']) {
      expect(
        loaded.filter((m) => m === heavy || m.startsWith(`${heavy}/`)),
        heavy,
      ).toEqual([])
    }
    expect(loaded.filter((m) => /serve-process|demo\.server|database\.server/.test(m))).toEqual([])
  })

  it('stops at once, saying why, when the first worker cannot prepare the database', async () => {
    expect(hasProductionBuild(), 'run `npm run build` first').toBe(true)
    const server = startServer({
      // Nothing listens on port 1: the connection is refused at once.
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/insights',
      WEB_CONCURRENCY: '2',
      PORT: String(await freePort()),
    })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('No se pudo abrir la base de datos.')
    // No second worker was started, and none was restarted in a loop.
    expect(server.output().match(/No se pudo abrir la base de datos/g)).toHaveLength(1)
    expect(server.output()).not.toContain('terminó')
  }, 30_000)
})

describe.skipIf(!databaseUrl)('several processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let server: ProductionServer

  beforeAll(async () => {
    database = await createPostgresDatabase()
    server = await startProductionServer({
      DATABASE_URL: database.url,
      SEED_DEMO: '1',
      WEB_CONCURRENCY: '2',
    })
  }, 300_000)

  afterAll(async () => {
    await server?.stop()
    await database?.drop()
  }, 60_000)

  const pid = () => server.child.pid as number

  it('starts two workers, which share the port and both answer pages', async () => {
    await until(
      () => server.output(),
      (out) => out.includes('2 procesos'),
    )
    expect(server.output()).toContain('(puerto ')
    const workers = childrenOf(pid())
    expect(workers).toHaveLength(2)
    // Each worker with a smaller young generation than V8 picks here; the primary as it was started
    // (decision 052).
    const argsOf = (p: number) => readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')
    for (const worker of workers) expect(argsOf(worker)).toContain('--max-semi-space-size=16')
    expect(argsOf(pid())).not.toContain('--max-semi-space-size=16')
    const before = workers.map(cpuTicks)
    // Many connections at once: the kernel spreads them over the workers.
    const pages = await Promise.all(
      Array.from({ length: 60 }, () =>
        fetch(`${server.origin}/management/login`, { headers: { connection: 'close' } }).then(async (r) => {
          await r.text()
          return r.status
        }),
      ),
    )
    expect(pages.every((status) => status === 200)).toBe(true)
    const after = workers.map(cpuTicks)
    expect(after[0], 'the first worker rendered pages').toBeGreaterThan(before[0] as number)
    expect(after[1], 'the second worker rendered pages').toBeGreaterThan(before[1] as number)
    // The demo was seeded once, by the first worker, not once per worker.
    const output = server.output()
    expect(output.match(/Base de datos lista/g)).toHaveLength(1)
  }, 60_000)

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = childrenOf(pid()) as [number, number]
    process.kill(victim, 'SIGKILL')
    // A kept-alive connection to the killed worker is reset; a new one reaches the survivor.
    let status = 0
    for (let attempt = 0; attempt < 3 && status !== 200; attempt++) {
      status = await fetch(`${server.origin}/app-insights/api/health`).then(
        (r) => r.status,
        () => 0,
      )
    }
    expect(status).toBe(200)
    const workers = await until(
      () => childrenOf(pid()),
      (now) => now.length === 2 && !now.includes(victim),
    )
    expect(workers).toHaveLength(2)
    expect(workers).toContain(survivor)
    expect(workers).not.toContain(victim)
    // The primary says so on stderr, which may reach this process a moment after the new worker shows.
    const said = new RegExp(`El proceso ${victim} terminó \\(SIGKILL\\)`)
    expect(
      await until(
        () => server.output(),
        (out) => said.test(out),
        5_000,
      ),
    ).toMatch(said)
    const page = await fetch(`${server.origin}/management/login`)
    expect(page.status).toBe(200)
  }, 60_000)

  it('stops every process on SIGTERM', async () => {
    const workers = childrenOf(pid())
    server.child.kill('SIGTERM')
    const code = await new Promise<number | null>((resolve) =>
      server.child.exitCode !== null ? resolve(server.child.exitCode) : server.child.once('exit', resolve),
    )
    expect(code).toBe(0)
    expect(server.output()).toContain('Hasta luego.')
    for (const worker of workers) {
      expect(() => process.kill(worker, 0), `worker ${worker} is gone`).toThrow()
    }
  }, 30_000)
})
