import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureLookups, lookupId } from '~/db/lookups.server'
import { testEngines } from '~/db/testing.server'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { createTestApi, type TestApi } from './testing.server'

/**
 * Walks every establishment-scoped GET route of the OpenAPI document as a user of another
 * establishment: each must refuse (403/404) and leak nothing. Routes added later are walked
 * automatically; their writes get isolation tests of their own beside them.
 */
const ESTABLISHMENT_PARAM = /\/establishments?\/\{(id|establishmentId|eid)\}/

/** GET routes outside an establishment's path that answer about the caller or shared lookups only. */
const CALLER_ROUTES = new Set([
  '/health',
  '/openapi.json',
  '/v2/auth/me',
  '/v2/auth/session',
  '/v2/user/roles',
  '/v1/user/establishments',
  '/v2/establishments',
  '/v2/framework',
  '/v1/user/sync-framework-rider',
])

/** A resource of establishment A per GET route that names it by id or query instead of by path. */
interface Resources {
  establishmentId: number
  animalId: string
  sessionId: number
}
const RESOURCE_ROUTES: Record<string, (r: Resources) => string> = {
  '/v2/animals/{id}': (r) => `/v2/animals/${r.animalId}`,
  '/v2/animals/{id}/events': (r) => `/v2/animals/${r.animalId}/events`,
  '/v2/animals/{id}/alerts': (r) => `/v2/animals/${r.animalId}/alerts`,
  '/v2/cattle-handlings/{id}': (r) => `/v2/cattle-handlings/${r.sessionId}`,
  '/v2/cattle_handlings/headers': (r) => `/v2/cattle_handlings/headers?establishmentId=${r.establishmentId}`,
}

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
        // A file (the xlsx export) is an answer about the resource too.
        if (!response.headers.get('content-type')?.includes('json')) continue
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

/**
 * The GET routes that name an establishment's data by id or query instead of by path: each is walked
 * with a real resource of A. A new GET route must be classified above, or this fails.
 */
describe.each(testEngines())('resource isolation on %s', (engine) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(engine)
  })
  afterAll(() => t.close())

  it('refuses every other GET route on a resource of A to outsiders and answers members', async () => {
    const doc = await (await t.request('/openapi.json')).json()
    const others = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path, methods]) => !ESTABLISHMENT_PARAM.test(path) && 'get' in methods)
      .map(([path]) => path.replace('/app-insights/api', ''))
    // A new GET route must be classified here, so that none escapes the walk by its shape.
    expect(others.filter((path) => !CALLER_ROUTES.has(path) && !(path in RESOURCE_ROUTES))).toEqual([])
    expect(others).toEqual(expect.arrayContaining(Object.keys(RESOURCE_ROUTES)))

    const member = await t.tokenFor('member@test.local')
    const outsider = await t.tokenFor('outsider@test.local')
    const lookups = await ensureLookups(t.db)
    const created = await t.request(`/v3/establishments/${t.establishments.a.id}/animals`, {
      method: 'POST',
      token: member,
      json: {
        visual_tag: 'Aislada-1',
        animal_type_id: lookupId(lookups, 'animal_types', 'Vaca'),
        breed_id: lookupId(lookups, 'breeds', 'Angus'),
        color_id: lookupId(lookups, 'colors', 'negro'),
        check_in_type_id: lookupId(lookups, 'check_in_types', 'Nacimiento'),
      },
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const session = await t.db
      .insertInto('cattle_handlings')
      .values({
        establishment_id: t.establishments.a.id,
        name: 'Pesada aislada',
        activity_date: '2026-03-04 00:00:00',
        cattle_handling_work: 7,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const resources: Resources = {
      establishmentId: t.establishments.a.id,
      animalId: ((await created.json()) as { data: { animal_id: string } }).data.animal_id,
      sessionId: session.id,
    }
    for (const [route, concretePath] of Object.entries(RESOURCE_ROUTES)) {
      const path = concretePath(resources)
      const refused = await t.request(path, { token: outsider })
      expect([403, 404], `${path} → ${refused.status}`).toContain(refused.status)
      expect(Object.keys(await refused.json()), path).toEqual(['error'])
      expect((await t.request(path, { token: member })).status, `${route} (miembro)`).toBe(200)
    }
  })
})
