import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The production server as a user runs it (`npm run serve`: dist/serve.mjs, scripts/serve.ts as
 * built, on the built `dist/`), for the Vitest suites that talk to it over real sockets (contract, serve, client address, several
 * instances). `npm test` builds `dist/` before the unit tests; run `npm run build` first when running
 * such a suite alone. One module, so every suite starts the server the same way.
 */
export const root = path.resolve(import.meta.dirname, '../..')

/** Whether `npm run build` has written the server bundle the production server serves. */
export function hasProductionBuild() {
  return existsSync(path.join(root, 'dist/server/server.js')) && existsSync(path.join(root, 'dist/serve.mjs'))
}

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('sin puerto')),
      )
    })
  })
}

/**
 * `npm run serve` with this process's environment plus `env`, not waited for (a suite that checks
 * how the server fails to start needs the bare process); output is kept for failure messages.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/serve.mjs'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/** Waits until the server's health endpoint answers, and returns what it said. */
export async function waitForHealth(
  port: number,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 150_000,
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó antes de responder:\n${output()}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/app-insights/api/health`)
      if (response.ok) return response.json()
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`el servidor no respondió a tiempo:\n${output()}`)
}

export interface ProductionServer {
  port: number
  /** `http://127.0.0.1:<port>` */
  origin: string
  child: ChildProcess
  output: () => string
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data directory. */
  stop: () => Promise<void>
}

/**
 * Starts scripts/serve.ts on a free port with its own data directory and `env` on top of this
 * process's environment, and waits until its health endpoint answers.
 */
export async function startProductionServer(
  env: Record<string, string> = {},
  timeoutMs = 150_000,
): Promise<ProductionServer> {
  if (!hasProductionBuild()) throw new Error('Falta dist/: ejecute `npm run build` antes.')
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'insights-server-'))
  const { child, exited, output } = startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    ...env,
  })
  const server: ProductionServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    child,
    output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(killer)
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  try {
    await waitForHealth(port, child, output, timeoutMs)
    return server
  } catch (error) {
    await server.stop()
    throw error
  }
}

/** The pids of a process's children (Linux): a server's workers (decision 049). */
export function childrenOf(pid: number) {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
}
