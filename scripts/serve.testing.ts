/**
 * Test support: the production server (`scripts/serve.ts` on the built `dist/`) started as a child
 * process on a free port, as a user runs it. Shared by the suites that talk to it over a socket.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..')

/** Whether `npm run build` has written the server bundle the production server serves. */
export const isBuilt = () => existsSync(path.join(root, 'dist/server/server.js'))

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

/** `npm run serve` with the caller's environment plus `env`; output is kept for failure messages. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

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
