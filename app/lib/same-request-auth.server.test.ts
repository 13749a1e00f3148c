import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '~/api/testing.server'
import { testEngines } from '~/db/testing.server'
import { authenticate } from '~/features/auth/auth.server'
import { getMembership } from '~/features/establishments/establishments.server'
import { sameRequestAuthFor } from './provider.server'

/**
 * A page render calls the provider several times in process (session, establishments, the list);
 * for one outer read request the token is looked up once (decision 041). A write, or another
 * request, looks it up again, so a revocation is seen by the next request as before.
 */
describe('the token lookup memo of one outer request', () => {
  const user = { id: 1 } as never

  it('looks a token up once per outer GET request, and again for another request', async () => {
    let lookups = 0
    const load = async () => {
      lookups++
      return user
    }
    const page = new Request('http://x/management/establishment', { method: 'GET' })
    const memo = sameRequestAuthFor(page)
    expect(await memo?.('t1', load)).toBe(user)
    expect(await sameRequestAuthFor(page)?.('t1', load)).toBe(user)
    expect(lookups).toBe(1)
    await memo?.('t2', load)
    expect(lookups).toBe(2)
    await sameRequestAuthFor(new Request('http://x/other'))?.('t1', load)
    expect(lookups).toBe(3)
  })

  it('keeps nothing for writes, and does not keep a failed lookup', async () => {
    expect(sameRequestAuthFor(new Request('http://x/_serverFn/x', { method: 'POST' }))).toBeUndefined()
    expect(sameRequestAuthFor(undefined)).toBeUndefined()
    const memo = sameRequestAuthFor(new Request('http://x/page'))
    let calls = 0
    const failing = async () => {
      calls++
      if (calls === 1) throw new Error('database down')
      return user
    }
    await expect(memo?.('t', failing)).rejects.toThrow('database down')
    expect(await memo?.('t', failing)).toBe(user)
    expect(calls).toBe(2)
  })
})

describe.each(testEngines())('the API with the memo of one outer request on %s', (engine) => {
  let t: TestApi
  let token: string

  beforeAll(async () => {
    t = await createTestApi(engine)
    token = await t.tokenFor('member@test.local')
  })
  afterAll(async () => {
    await t?.close()
  })

  const me = (bindings: object, bearer = token) =>
    t.api.request(
      '/app-insights/api/v2/auth/me',
      { headers: { authorization: `Bearer ${bearer}` } },
      bindings,
    )

  it('answers the second call of a page from the memo, and an unknown token with 401 either way', async () => {
    const page = new Request('http://x/management/establishment')
    const sameRequestAuth = sameRequestAuthFor(page)
    expect((await me({ sameRequestAuth })).status).toBe(200)
    // Revoked in the database between two calls of one render: that render keeps its first answer…
    await t.db.updateTable('auth_tokens').set({ revoked_at: new Date() }).execute()
    expect((await me({ sameRequestAuth })).status).toBe(200)
    // …and the next request (a new outer request, or none) is refused.
    expect((await me({ sameRequestAuth: sameRequestAuthFor(new Request('http://x/next')) })).status).toBe(401)
    expect((await me({})).status).toBe(401)
    expect((await me({ sameRequestAuth }, 'not-a-token')).status).toBe(401)
  })
})

describe.each(testEngines())('the memberships of one outer request on %s', (engine) => {
  let t: TestApi
  let token: string

  beforeAll(async () => {
    t = await createTestApi(engine)
    token = await t.tokenFor('member@test.local')
  })
  afterAll(async () => {
    await t?.close()
  })

  const get = (path: string, bindings: object) =>
    t.api.request(`/app-insights/api${path}`, { headers: { authorization: `Bearer ${token}` } }, bindings)

  it('come with the token, in the statement that authenticates it (decision 053)', async () => {
    const a = t.establishments.a.id
    const user = await authenticate(t.db, token)
    expect(user).toBeDefined()
    const caller = user as NonNullable<typeof user>
    // Removed after the token was read: the caller authenticated before keeps what came with it…
    const removed = await t.db
      .deleteFrom('establishment_members')
      .where('user_id', '=', t.users.member)
      .returningAll()
      .execute()
    expect(removed).toHaveLength(1)
    expect(await getMembership(t.db, caller, a)).toEqual({ is_admin: false })
    // …and the next authentication reads none.
    const again = await authenticate(t.db, token)
    expect(await getMembership(t.db, again as NonNullable<typeof again>, a)).toBeUndefined()
    await t.db.insertInto('establishment_members').values(removed).execute()
    expect(
      await getMembership(t.db, (await authenticate(t.db, token)) as NonNullable<typeof user>, a),
    ).toEqual({
      is_admin: false,
    })
  })

  it('are read once for a page render (decision 051), and again by the next request', async () => {
    const a = t.establishments.a.id
    const sameRequestAuth = sameRequestAuthFor(new Request('http://x/management/establishment'))
    const establishments = await get('/v2/establishments', { sameRequestAuth })
    expect(((await establishments.json()) as { data: { id: number }[] }).data.map((e) => e.id)).toEqual([a])
    // The membership ends between two calls of one render: that render keeps what it read…
    await t.db.deleteFrom('establishment_members').where('user_id', '=', t.users.member).execute()
    expect((await get(`/v2/establishments/${a}/animals`, { sameRequestAuth })).status).toBe(200)
    // …and the next request, or one without the memo, is refused.
    const next = sameRequestAuthFor(new Request('http://x/next'))
    expect((await get(`/v2/establishments/${a}/animals`, { sameRequestAuth: next })).status).toBe(403)
    expect((await get(`/v2/establishments/${a}/animals`, {})).status).toBe(403)
    const listed = (await (await get('/v2/establishments', {})).json()) as { data: unknown[] }
    expect(listed.data).toEqual([])
  })
})
