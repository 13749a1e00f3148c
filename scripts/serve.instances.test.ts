import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from '~/db/testing.server'
import { FREE_FAILURES } from '~/features/auth/auth.server'
import { type ProductionServer, startProductionServer } from '../tests/support/production-server'

/**
 * Several instances on one PostgreSQL (README, decision 015): two production servers on one
 * DATABASE_URL share sessions, sign-outs and sign-in limits, since all of them live in the
 * database. Runs when a PostgreSQL server is configured (DATABASE_URL or TEST_DATABASE_URL, as in
 * CI); needs `dist/`, which `npm test` builds before the unit tests.
 */
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const PASSWORD = 'Demo1234'

describe.skipIf(!databaseUrl)('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let a: ProductionServer
  let b: ProductionServer

  beforeAll(async () => {
    database = await createPostgresDatabase()
    const env = { DATABASE_URL: database.url, SEED_DEMO: '1', NODE_ENV: 'production' }
    // One after the other: the first migrates and seeds, the second finds the database ready.
    a = await startProductionServer(env)
    b = await startProductionServer(env)
  }, 300_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await database?.drop()
  }, 60_000)

  function login(server: ProductionServer, username: string, password: string) {
    return fetch(`${server.origin}/app-insights/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  }

  function me(server: ProductionServer, token: string) {
    return fetch(`${server.origin}/app-insights/api/v2/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    })
  }

  it('accepts on one instance a session signed in on the other, and honours a sign-out at once', async () => {
    const signedIn = await login(a, 'usuario@demo.test', PASSWORD)
    expect(signedIn.status).toBe(200)
    const { token } = (await signedIn.json()) as { token: string }
    const onB = await me(b, token)
    expect(onB.status).toBe(200)
    expect(await onB.json()).toMatchObject({ data: { email: 'usuario@demo.test' } })
    // The UI's session: the token cookie signs the browser in on the other instance's pages too.
    const page = await fetch(`${b.origin}/management/login`, {
      headers: { cookie: `insights_token=${token}` },
      redirect: 'manual',
    })
    expect(page.status, 'a signed-in browser is sent on from the login page').toBe(307)

    const out = await fetch(`${b.origin}/app-insights/api/v2/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(out.status).toBe(200)
    expect((await me(a, token)).status).toBe(401)
    expect((await me(b, token)).status).toBe(401)
  })

  it('counts sign-in failures across both instances', async () => {
    const statuses: number[] = []
    for (let i = 0; i < FREE_FAILURES; i++) {
      const response = await login(i % 2 ? b : a, 'admin@demo.test', `Incorrecta${i}`)
      statuses.push(response.status)
    }
    expect(statuses).toEqual(Array(FREE_FAILURES).fill(401))
    // This client now waits on both instances, whichever one it asks.
    for (const server of [a, b]) {
      const response = await login(server, 'admin@demo.test', PASSWORD)
      expect(response.status).toBe(429)
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })
})
