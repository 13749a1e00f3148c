import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import ky from 'ky'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { animalListRoute } from '~/api/animals/animals.routes'
import { createTestApi, type TestApi } from '~/api/testing.server'
import { testEngines } from '~/db/testing.server'
import { inProcessAnswer } from '~/lib/in-process-answers.server'
import { providerApi, readAnswer } from '~/lib/provider-api.server'
import { insertAnimals, lookups } from '../../../tests/factories'
import { inProcessJson, isInProcess } from './in-process-answers'
import type { ApiEnv } from './types'

/**
 * The UI's in-process calls read a JSON answer as the route's own object (decision 051). The
 * answer must be the same in every other respect: status, headers, and a body that still reads as
 * the same JSON; over a socket (no `inProcess` binding) nothing changes.
 */
describe.each(testEngines())('in-process answers on %s', (engine) => {
  let t: TestApi
  let token: string
  let eid: number

  beforeAll(async () => {
    t = await createTestApi(engine)
    token = await t.tokenFor('member@test.local')
    eid = t.establishments.a.id
    const id = await lookups(t.db)
    await insertAnimals(
      t.db,
      eid,
      Array.from({ length: 3 }, (_, i) => ({
        visual_tag: `P${i + 1}`,
        animal_type_id: id('animal_types', 'Vaca'),
        sex_id: id('sexes', 'Hembra'),
        date_of_birth: '2022-03-15 00:00:00',
      })),
    )
  })
  afterAll(async () => {
    await t?.close()
  })

  const get = (path: string, bindings: object) =>
    t.api.request(`/app-insights/api${path}`, { headers: { authorization: `Bearer ${token}` } }, bindings)

  it('keeps the rows beside the list answer, whose body still reads as the same JSON', async () => {
    for (const query of ['perPage=50', 'page=2&perPage=2']) {
      const path = `/v2/establishments/${eid}/animals?${query}`
      const overSocket = await get(path, {})
      const inProcess = await get(path, { inProcess: true })
      expect(inProcessAnswer(overSocket)).toBeUndefined()
      const kept = inProcessAnswer(inProcess)
      expect(kept, path).toBeDefined()
      expect(inProcess.status).toBe(overSocket.status)
      expect(inProcess.headers.get('content-type')).toBe(overSocket.headers.get('content-type'))
      const overSocketBody = await overSocket.json()
      // The object is exactly what its JSON reads back as (no Date, no undefined)…
      expect(JSON.parse(JSON.stringify(kept?.value))).toStrictEqual(kept?.value)
      // …and the same as the answer over a socket, which the body still reads as.
      expect(kept?.value).toStrictEqual(overSocketBody)
      expect(await inProcess.json()).toStrictEqual(overSocketBody)
    }
  })

  it('keeps refusals as they were: status and Spanish { error }', async () => {
    const outsider = await get(`/v2/establishments/${t.establishments.b.id}/animals`, { inProcess: true })
    expect(outsider.status).toBe(403)
    expect(((await outsider.json()) as { error: string }).error).toMatch(/\S/)
  })

  it('reads the same through the typed client either way (the client checks both readings in tests)', async () => {
    const client = (bindings: object) =>
      providerApi(
        ky.create({
          baseUrl: 'http://insights.in-process/app-insights/api/',
          retry: 0,
          headers: { authorization: `Bearer ${token}` },
          fetch: async (input, init) =>
            t.api.fetch(input instanceof Request ? input : new Request(input, init), bindings),
        }),
      )
    const query = { perPage: 50 }
    const param = { establishmentId: eid }
    const list = await client({ inProcess: true }).call(animalListRoute, { param, query })
    expect(list).toEqual(await client({}).call(animalListRoute, { param, query }))
    expect(list.data).toHaveLength(3)
  })
})

describe('the check of an in-process answer outside production', () => {
  it('refuses an object its JSON would change (a Date where the route declares text)', async () => {
    const route = createRoute({
      method: 'get',
      path: '/when',
      responses: {
        200: {
          description: 'ok',
          content: { 'application/json': { schema: z.object({ at: z.union([z.string(), z.date()]) }) } },
        },
      },
    })
    const app = new OpenAPIHono<ApiEnv>()
    app.get('/when', (c) =>
      isInProcess(c)
        ? inProcessJson(c, { at: new Date('2026-01-02T03:04:05Z') })
        : c.json({ at: new Date('2026-01-02T03:04:05Z') }),
    )
    const response = await app.request('/when', {}, { inProcess: true })
    await expect(readAnswer(route, response)).rejects.toThrow(/difiere de su JSON/)
    // The same answer read as text (over a socket) is the ISO string: no error there.
    const overSocket = await app.request('/when', {}, {})
    expect(await readAnswer(route, overSocket)).toEqual({ at: '2026-01-02T03:04:05.000Z' })
  })
})

describe('an in-process answer nobody reads', () => {
  it('is never written as JSON', async () => {
    let writes = 0
    const value = {
      toJSON() {
        writes++
        return { ok: true }
      },
    }
    const app = new OpenAPIHono<ApiEnv>()
    app.get('/x', (c) => inProcessJson(c, value))
    const response = await app.request('/x', {}, { inProcess: true })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(writes).toBe(0)
    expect(await response.json()).toEqual({ ok: true })
    expect(writes).toBe(1)
  })
})
