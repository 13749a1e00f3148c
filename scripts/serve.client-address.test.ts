import { request as httpRequest } from 'node:http'
import { chromium } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '~/features/auth/auth.schema'
import { ADDRESS_FAILURE_LIMIT, FREE_FAILURES } from '~/features/auth/auth.server'
import { type ProductionServer, startProductionServer } from '../tests/support/production-server'

/**
 * Issue 15 part 4 over real sockets: the sign-in limits key on the socket's address unless the
 * request comes through a trusted proxy (TRUSTED_PROXIES). Linux routes all of 127.0.0.0/8 to the
 * loopback, so each client here binds its own 127.0.0.x: one stands for a trusted proxy
 * (127.0.0.2), the others for clients that reach the app directly. Needs `dist/` (`npm test` builds it).
 */
const PROXY = '127.0.0.2'
const PASSWORD = 'Demo1234'

function post(
  server: ProductionServer,
  from: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; retryAfter: string | undefined }> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress: from,
        method: 'POST',
        path: '/app-insights/api/v2/auth/login',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

describe('sign-in limits per client address over real sockets', () => {
  let server: ProductionServer

  beforeAll(async () => {
    server = await startProductionServer({ DATABASE_URL: '', NODE_ENV: 'production', TRUSTED_PROXIES: PROXY })
  }, 180_000)
  afterAll(() => server?.stop(), 30_000)

  /** Failures from one socket address until its window is full (cheaply: most are made to wait). */
  async function exhaust(from: string, headers: (i: number) => Record<string, string> = () => ({})) {
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT.hits; i++) {
      const { status } = await post(
        server,
        from,
        { username: 'usuario@demo.test', password: 'Mala12345' },
        headers(i),
      )
      expect(status).toBe(i < FREE_FAILURES ? 401 : 429)
    }
  }

  it('ignores the X-Forwarded-For a direct client writes, and keeps other clients apart', async () => {
    const attacker = '127.0.0.3'
    await exhaust(attacker, (i) => ({ 'x-forwarded-for': `198.18.0.${i}` }))
    const blocked = await post(
      server,
      attacker,
      { username: 'admin@demo.test', password: PASSWORD },
      { 'x-forwarded-for': '198.18.1.1' },
    )
    expect(blocked.status).toBe(429)
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0)
    // A client at another address signs in: it does not share the attacker's bucket.
    const neighbour = await post(server, '127.0.0.4', { username: 'admin@demo.test', password: PASSWORD })
    expect(neighbour.status).toBe(200)
  }, 120_000)

  it('believes the client address a trusted proxy forwards', async () => {
    const forwarded = (client: string) => ({ 'x-forwarded-for': `10.9.9.9, ${client}` })
    await exhaust(PROXY, () => forwarded('203.0.113.5'))
    const same = await post(
      server,
      PROXY,
      { username: 'admin@demo.test', password: PASSWORD },
      forwarded('203.0.113.5'),
    )
    expect(same.status).toBe(429)
    // Another browser behind the same proxy is another client.
    const other = await post(
      server,
      PROXY,
      { username: 'admin@demo.test', password: PASSWORD },
      forwarded('203.0.113.6'),
    )
    expect(other.status).toBe(200)
  }, 120_000)

  it('ignores the X-Forwarded-For a browser sends with the login form', async () => {
    // The login server function calls the API in process: it must pass on its own socket's address.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    })
    try {
      const page = await browser.newPage()
      await page.goto(`${server.origin}/management/login`)
      await page.locator('body[data-hydrated]').waitFor({ state: 'attached' })
      const submit = async (email: string, password: string, forwardedFor: string) => {
        await page.setExtraHTTPHeaders({ 'x-forwarded-for': forwardedFor })
        await page.getByLabel('Usuario').fill(email)
        await page.getByLabel('Contraseña', { exact: true }).fill(password)
        const answered = page.waitForResponse((response) => response.url().includes('/_serverFn/'))
        await page.getByRole('button', { name: 'Ingresar' }).click()
        await answered
      }
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT.hits; i++) {
        await submit('usuario@demo.test', 'Mala12345', `198.18.2.${i}`)
      }
      await submit('admin@demo.test', PASSWORD, '198.18.3.1')
      await page
        .getByText(AUTH_MESSAGES.tooManyAttempts)
        .first()
        .waitFor({ state: 'visible', timeout: 15_000 })
      expect(new URL(page.url()).pathname).toBe('/management/login')
    } finally {
      await browser.close()
    }
  }, 180_000)
})
