import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { createTestApi, type TestApi } from './testing.server'

/**
 * Walks every establishment-scoped GET route of the OpenAPI document as a user of another
 * establishment: each must refuse (403/404) and leak nothing. Routes added later are walked
 * automatically; their writes get isolation tests of their own beside them.
 */
const ESTABLISHMENT_PARAM = /\/establishments?\/\{(id|establishmentId|eid)\}/

describe.each(testEngines())('establishment isolation on %s', (engine) => {
  let t: TestApi
  let routes: string[]

  /** A route of the document with A's id as its establishment, other path parameters set to 1. */
  const concrete = (route: string) =>
    route
      .replace(ESTABLISHMENT_PARAM, (match, name) =>
        match.replace(`{${name}}`, String(t.establishments.a.id)),
      )
      .replace(/\{[^}]+\}/g, '1')

  beforeAll(async () => {
    t = await createTestApi(engine)
    const doc = await (await t.request('/openapi.json')).json()
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path, methods]) => ESTABLISHMENT_PARAM.test(path) && 'get' in methods)
      .map(([path]) => path.replace('/app-insights/api', ''))
  })
  afterAll(() => t.close())

  it('finds the establishment-scoped routes to walk', () => {
    expect(routes).toEqual(
      expect.arrayContaining(['/v2/establishment/{id}/framework', '/v2/establishments/{id}/boards']),
    )
  })

  it('refuses every one of them to a user of another establishment', async () => {
    const token = await t.tokenFor('outsider@test.local')
    for (const route of routes) {
      const path = concrete(route)
      const response = await t.request(path, { token })
      expect([403, 404], `${path} → ${response.status}`).toContain(response.status)
      const body = await response.json()
      expect(Object.keys(body), path).toEqual(['error'])
    }
  })

  it('lets members and superadmins through', async () => {
    for (const email of ['member@test.local', 'root@test.local']) {
      const token = await t.tokenFor(email)
      for (const route of routes) {
        const path = concrete(route)
        const response = await t.request(path, { token })
        // Let through: an answer about the resource itself (a lookup with no tag may say 400).
        expect([200, 400, 404], `${email} ${path}`).toContain(response.status)
        expect((await response.json()).error, `${email} ${path}`).not.toBe(ESTABLISHMENT_ACCESS_DENIED)
      }
    }
  })

  it('lists only the caller’s establishments (all of them for a superadmin)', async () => {
    const names = async (email: string, path: string) => {
      const body = await (await t.request(path, { token: await t.tokenFor(email) })).json()
      return (body.data as { name: string }[]).map((e) => e.name)
    }
    expect(await names('outsider@test.local', '/v1/user/establishments')).toEqual(['El Ombú'])
    expect(await names('member@test.local', '/v2/establishments')).toEqual(['La Esperanza'])
    expect(await names('root@test.local', '/v1/user/establishments')).toEqual(['El Ombú', 'La Esperanza'])
  })

  it('answers the roles of the caller', async () => {
    const admin = await (
      await t.request('/v2/user/roles', { token: await t.tokenFor('admin@test.local') })
    ).json()
    expect(admin.data).toEqual({
      isSuperAdmin: false,
      roleInEstablishment: [
        { establishment_id: t.establishments.a.id, establishment_name: 'La Esperanza', is_admin: true },
      ],
    })
    const root = await (
      await t.request('/v2/user/roles', { token: await t.tokenFor('root@test.local') })
    ).json()
    expect(root.data.isSuperAdmin).toBe(true)
  })

  it('answers the frameworks with the spec names', async () => {
    const token = await t.tokenFor('member@test.local')
    await t.db
      .insertInto('colors')
      .values([{ description: 'negro' }, { description: 'colorado' }])
      .execute()
    await t.db
      .insertInto('rodeos')
      .values({ establishment_id: t.establishments.a.id, description: 'Vaquillonas' })
      .execute()
    await t.db
      .insertInto('rodeos')
      .values({ establishment_id: t.establishments.b.id, description: 'Ajeno' })
      .execute()
    const general = await (await t.request('/v2/framework', { token })).json()
    expect(Object.keys(general.data)).toEqual([
      'check_in_types',
      'check_out_types',
      'animal_types',
      'colors',
      'breeds',
      'birth_types',
      'pregnancy_check_details',
      'weighing_time',
      'body_condition_detail',
      'sex',
      'ovarian_status',
      'rdg',
      'status_type',
    ])
    expect(general.data.colors.map((c: { description: string }) => c.description)).toEqual([
      'negro',
      'colorado',
    ])
    const own = await (
      await t.request(`/v2/establishment/${t.establishments.a.id}/framework`, { token })
    ).json()
    expect(own.data.rodeo.map((r: { description: string }) => r.description)).toEqual(['Vaquillonas'])
    await t.db
      .insertInto('boards')
      .values([
        {
          establishment_id: t.establishments.a.id,
          title: 'Reproducción',
          dashboard_type_id: 1,
          is_default: true,
        },
        { establishment_id: t.establishments.a.id, title: 'Engorde', dashboard_type_id: 2 },
      ])
      .execute()
    const rfi = await (
      await t.request(`/v2/establishments/${t.establishments.a.id}/boards?dashboard_type_id=1`, { token })
    ).json()
    expect(rfi.data).toEqual([
      expect.objectContaining({ title: 'Reproducción', default: true, dashboard_type_id: 1 }),
    ])
    const bad = await t.request(`/v2/establishments/${t.establishments.a.id}/boards?dashboard_type_id=3`, {
      token,
    })
    expect(bad.status).toBe(400)
    const rider = await (await t.request('/v1/user/sync-framework-rider', { token })).json()
    expect(Object.keys(rider.data)).toEqual(['death_causes', 'treatments', 'body_conditions_riders'])
  })
})
