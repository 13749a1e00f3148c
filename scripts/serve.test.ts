import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { toJSON } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_REQUEST_BODY_BYTES, REQUEST_TOO_LARGE } from '~/api/lib/body-limit'
import { openDatabase } from '~/db/database.server'
import {
  freePort,
  hasProductionBuild,
  root,
  startServer as startServe,
  waitForHealth,
} from '../tests/support/production-server'

/**
 * The production server as a user runs it (`npm run serve` on the built app): it needs `dist/`,
 * which the test command builds before the unit tests.
 */
function startServer(dataDir: string, port: number) {
  // The caller's NODE_ENV says development (as a shell's may, or none at all): the server must not care.
  return startServe({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', NODE_ENV: 'development' })
}

describe('production server on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'insights-serve-'))
  let port: number
  let server: ReturnType<typeof startServer>

  beforeAll(async () => {
    expect(hasProductionBuild(), 'run `npm run build` first').toBe(true)
    port = await freePort()
    server = startServer(dataDir, port)
    await waitForHealth(port, server.child, server.output)
  }, 180_000)

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('serves the login page and a healthy API on the demo data, as production', async () => {
    const health = await (await fetch(`http://127.0.0.1:${port}/app-insights/api/health`)).json()
    // `mode: 'production'` although the caller's NODE_ENV said development: React's production build.
    expect(health).toEqual({
      status: 'ok',
      mode: 'production',
      database: { engine: 'pglite', reachable: true },
    })
    const page = await fetch(`http://127.0.0.1:${port}/management/login`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Iniciar Sesión')
  })

  it('renders every page whole, also when a later render meets a part whose module is not loaded yet', async () => {
    // Decision 049: a route's first render in the process streams, later ones render to a string;
    // Santa Rosa's Tablero frames its board, a part La Esperanza's (rendered first) never showed.
    // Its string render would leave that part to the browser (`<!--$!`); the server answers it by
    // streaming instead, so no page ever arrives with a part missing.
    const origin = `http://127.0.0.1:${port}`
    const api = `${origin}/app-insights/api`
    const login = await fetch(`${api}/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'superadmin@demo.test', password: 'Demo1234' }),
    })
    const { token } = (await login.json()) as { token: string }
    const auth = { authorization: `Bearer ${token}` }
    const all = (await (await fetch(`${api}/v1/user/establishments`, { headers: auth })).json()) as {
      data: { id: number; name: string }[]
    }
    const idOf = (name: string) => all.data.find((e) => e.name === name)?.id as number
    const board = 'https://manga.tableros-santa-rosa.test/publico'
    const saved = await fetch(`${api}/v2/establishments/${idOf('Santa Rosa')}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url_dashboard_cattle_handling: board }),
    })
    expect(saved.status).toBe(200)
    const page = async (name: string) => {
      const response = await fetch(
        `${origin}/management/establishment/app-insights/dash?establecimiento=${idOf(name)}`,
        { headers: { cookie: `insights_token=${token}` } },
      )
      expect(response.status).toBe(200)
      return response.text()
    }
    for (const name of ['La Esperanza', 'La Esperanza', 'Santa Rosa', 'Santa Rosa', 'La Esperanza']) {
      const html = await page(name)
      expect(html, name).not.toContain('<!--$!')
      expect(html, name).toContain('Tablero')
      if (name === 'Santa Rosa') expect(html).toContain(`src="${board}"`)
    }
  }, 60_000)

  it('caps every request body, declared or streamed without a length', async () => {
    const oversized = new Uint8Array(MAX_REQUEST_BODY_BYTES + 1)
    // A declared length over the cap: refused before anything is read, on any route.
    for (const path of ['/app-insights/api/v2/auth/login', '/api/establishmentId', '/_serverFn/x']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: oversized })
      expect(response.status, path).toBe(413)
      expect(await response.json(), path).toEqual({ error: REQUEST_TOO_LARGE })
    }
    // A chunked body (no length) is counted as it arrives.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/app-insights/api/v2/auth/login',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode)
        },
      )
      // The server may answer and close while the rest is still being written.
      request.on('error', (error) => (request.destroyed ? resolve(undefined) : reject(error)))
      const chunk = Buffer.alloc(1024 * 1024, 'x')
      for (let sent = 0; sent <= MAX_REQUEST_BODY_BYTES + 2 * chunk.length; sent += chunk.length)
        request.write(chunk)
      request.end()
    })
    expect(status).toBe(413)
  }, 30_000)

  it('answers malformed server-function calls 4xx in Spanish, with one log line and no stack', async () => {
    // The login function's id, from the build's manifest of server functions.
    const bundle = readFileSync(path.join(root, 'dist/server/server.js'), 'utf8')
    const loginId = /"([0-9a-f]{64})": \{\s*functionName: "loginFn_createServerFn_handler"/.exec(bundle)?.[1]
    expect(loginId, 'loginFn en el manifiesto').toBeDefined()
    const call = (id: string, body: string) =>
      fetch(`http://127.0.0.1:${port}/_serverFn/${id}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: `http://127.0.0.1:${port}`,
          'sec-fetch-site': 'same-origin',
          'x-tsr-serverfn': 'true',
        },
        body,
      })
    const payload = (data: unknown) => JSON.stringify(toJSON({ data }))
    const logBefore = server.output().length
    const cases: [string, string, number, RegExp][] = [
      [loginId as string, '{"data":', 400, /^La solicitud no es válida/],
      [loginId as string, '{"t":99}', 400, /^La solicitud no es válida/],
      ['0'.repeat(64), payload({}), 404, /^La función solicitada no existe/],
      [loginId as string, payload({ username: 5, password: 'x' }), 400, /^Datos inválidos: username: /],
    ]
    for (const [id, body, status, message] of cases) {
      const response = await call(id, body)
      expect(response.status, body).toBe(status)
      const answer = await response.json()
      expect(Object.keys(answer), body).toEqual(['error'])
      expect(answer.error, body).toMatch(message)
    }
    // A good call still works.
    const good = await call(loginId as string, payload({ username: 'admin@demo.test', password: 'Demo1234' }))
    expect(good.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const log = server.output().slice(logBefore)
    expect(log.match(/^\[serverFn\] /gm)?.length, log).toBe(cases.length)
    expect(log, 'sin pilas en el registro').not.toMatch(/^\s+at /m)
    expect(log).not.toMatch(/Seroval|SyntaxError|Server function info/)
  })

  it('refuses, fast and clearly, a second server on the same data directory', async () => {
    const started = Date.now()
    const second = startServer(dataDir, await freePort())
    const code = await second.exited
    expect(code).not.toBe(0)
    expect(second.output()).toMatch(/está en uso por otro proceso de Insights \(PID \d+\)/)
    expect(Date.now() - started).toBeLessThan(15_000)
  }, 30_000)

  it('closes cleanly on SIGTERM, leaving a data directory that opens with every row', async () => {
    const before = await fetch(`http://127.0.0.1:${port}/app-insights/api/health`)
    expect(before.ok).toBe(true)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(existsSync(path.join(dataDir, 'insights.lock'))).toBe(false)

    const reopened = await openDatabase({ engine: 'pglite', dataDir })
    try {
      const count = async (table: 'establishments' | 'animals' | 'users' | 'weighings') =>
        Number(
          (
            await reopened.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      expect(await count('establishments')).toBeGreaterThanOrEqual(3)
      expect(await count('users')).toBe(4)
      expect(await count('animals')).toBeGreaterThanOrEqual(4_000)
      expect(await count('weighings')).toBeGreaterThan(0)
    } finally {
      await reopened.close()
    }
  }, 60_000)
})
