import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The production server as a user runs it (`npm run serve`: scripts/serve.ts on the built `dist/`),
 * for Vitest suites that talk to it over real sockets. `npm test` builds `dist/` before the unit
 * tests; run `npm run build` first when running such a suite alone.
 */
const root = path.resolve(import.meta.dirname, '../..')

export function hasProductionBuild() {
  return existsSync(path.join(root, 'dist/server/server.js'))
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const server: ProductionServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
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
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await server.stop()
      throw new Error(`el servidor terminó antes de responder:\n${output}`)
    }
    try {
      const response = await fetch(`${server.origin}/app-insights/api/health`)
      if (response.ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await server.stop()
  throw new Error(`el servidor no respondió a tiempo:\n${output}`)
}
