import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureLookups, lookupId } from '~/db/lookups.server'
import { testEngines } from '~/db/testing.server'
import { ANIMALS_NOT_FOUND } from '~/features/animal-moves/animal-moves.server'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { seedMangaFixtures } from './events/fixtures.server'
import { routeAccess } from './lib/guard'
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
  // Superadmins only, refused to anyone else by its handler (app/api/audit/audit.test.ts).
  '/v2/audit-log',
])

/** Establishment GET routes for its administrators only (decision 033: the audit log). */
const ADMIN_ONLY_GETS = new Set([
  '/v2/establishments/{id}/audit-log',
  // Capacitación: the people's progress is for administradores (decision 037).
  '/v2/establishments/{id}/course-progress',
  // …and a course's authoring view (its answers included) for those who may edit it.
  '/v2/establishments/{id}/courses/{courseId}/authoring',
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
  '/v2/animals/{id}/rfi': (r) => `/v2/animals/${r.animalId}/rfi`,
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
        // Let through: an answer about the resource itself (a lookup with no tag may say 400); a
        // plain member is refused an administrators' read with that route's own message.
        const allowed = email === 'member@test.local' && ADMIN_ONLY_GETS.has(route) ? [403] : [200, 400, 404]
        expect(allowed, `${email} ${path}`).toContain(response.status)
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
    // Superadministradores' routes (every establishment, every account) are classified by their guard.
    const superadmin = others.filter((path) => routeAccess.get(`GET ${path}`)?.kind === 'superadmin')
    expect(
      others.filter(
        (path) => !CALLER_ROUTES.has(path) && !(path in RESOURCE_ROUTES) && !superadmin.includes(path),
      ),
    ).toEqual([])
    for (const path of superadmin) {
      for (const token of [await t.tokenFor('member@test.local'), await t.tokenFor('admin@test.local')])
        expect((await t.request(path, { token })).status, path).toBe(403)
      expect((await t.request(path, { token: await t.tokenFor('root@test.local') })).status, path).toBe(200)
    }
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

/** Routes that need no token: they answer nobody's data. */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'POST /v2/auth/login',
  'POST /v2/auth/password/reset/request',
  'POST /v2/auth/password/reset/confirm',
  'POST /v2/auth/invitations/accept',
])

/**
 * Routes that answer about the caller only, or about lookups every user shares: the only ones a
 * guard may leave to the token alone (`callerRoute`). A new one must be added here, on purpose.
 */
const CALLER_OPERATIONS = new Set([
  'POST /v2/auth/logout',
  'GET /v2/auth/me',
  'PATCH /v2/auth/session',
  'POST /v2/auth/password/change',
  'GET /v1/user/establishments',
  'GET /v2/user/roles',
  'GET /v1/user/sync-framework-rider',
  'GET /v2/establishments',
  'GET /v2/framework',
  // Every establishment's audit log: superadmins only (the handler refuses others; audit.test.ts).
  'GET /v2/audit-log',
])

/**
 * The routes whose animals name the establishment (decision 010): animals are looked for among the
 * caller's own establishments only, so another establishment's answer exactly as unknown ones, 400.
 */
const ANIMALS_NAME_IT = new Set(['POST /v2/alerts', 'POST /v2/animals/assign-to-type/{id}'])

/**
 * Every route and verb of the OpenAPI document, sent by users of establishment A at B's data: each
 * must be refused before its handler runs (403, or the resource's 404) and leave B's data as it was.
 * How each route is guarded comes from its declaration (app/api/lib/guard.ts): a route that needs a
 * token and was declared around the factories fails here.
 */
describe.each(testEngines())('write and read isolation from the OpenAPI document on %s', (engine) => {
  let t: TestApi

  beforeAll(async () => {
    t = await createTestApi(engine)
  })
  afterAll(() => t.close())

  /** Every row of B in every table that names an establishment, and every audit row. */
  async function dataOfB() {
    const { rows: tables } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'establishment_id'
      order by table_name
    `.execute(t.db)
    const snapshot: Record<string, unknown[]> = {}
    for (const { table_name } of tables) {
      const { rows } = await sql`
        select * from ${sql.table(table_name)} where establishment_id = ${t.establishments.b.id}
        order by 1
      `.execute(t.db)
      snapshot[table_name] = rows
    }
    snapshot.audit_log = (await sql`select * from audit_log order by id`.execute(t.db)).rows
    return JSON.stringify(snapshot)
  }

  it('refuses every guarded route and verb on B to users of A, and changes none of B', async () => {
    const f = await seedMangaFixtures(t)
    const b = t.establishments.b.id
    const outsider = await t.tokenFor('outsider@test.local')
    // B's own rows, made here by B's member: an alert, a rodeo and one event of each kind.
    const alert = await t.request('/v2/alerts', {
      method: 'POST',
      token: outsider,
      json: { alerts: [{ description: 'de B', active: 1, animal_id: f.animals.foreign }] },
    })
    expect(alert.status, await alert.clone().text()).toBe(201)
    const alertId = ((await alert.json()) as { data: { id: number }[] }).data[0]?.id
    const rodeo = await t.db
      .insertInto('rodeos')
      .values({ establishment_id: b, description: 'Rodeo de B' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const sessionOfB = async (work: 1 | 2 | 3 | 7) =>
      (
        await t.db
          .insertInto('cattle_handlings')
          .values({
            establishment_id: b,
            name: `B ${work}`,
            activity_date: '2025-03-10 00:00:00',
            cattle_handling_work: work,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const eventOfB = async (path: string, idKey: string, json: Record<string, unknown>) => {
      const response = await t.request(`/v2/establishment/${b}/${path}`, {
        method: 'POST',
        token: outsider,
        json,
      })
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201)
      return Number(((await response.json()) as { data: Record<string, unknown> }).data[idKey])
    }
    const common = { animal_id: f.animals.foreign, read_at: '2025-03-10' }
    const events = {
      weighings: await eventOfB('weighings', 'weighing_id', {
        ...common,
        weight: 300,
        cattle_handling_id: await sessionOfB(7),
      }),
      'artificial-inseminations': await eventOfB('artificial-inseminations', 'artificial_insemination_id', {
        ...common,
        bull_id: f.bullB,
        cattle_handling_id: await sessionOfB(1),
      }),
      'pregnancy-checks': await eventOfB('pregnancy-checks', 'pregnancy_check_id', {
        ...common,
        pregnancy_check_detailId: f.details('Vacia'),
        cattle_handling_id: await sessionOfB(2),
      }),
      preservices: await eventOfB('preservices', 'preservice_id', {
        ...common,
        ovarian_status_id: f.ovarian('Ciclando'),
        cattle_handling_id: await sessionOfB(3),
      }),
    }
    for (const [path, id] of Object.entries(events)) expect(id, path).toBeGreaterThan(0)
    // B's rider records (decision 036), written directly: the walk only needs their ids.
    const riderRow = { establishment_id: b, animal_id: f.animals.foreign, read_at: '2025-03-10 00:00:00' }
    const riderLookups = await ensureLookups(t.db)
    const riderIdOf = (row: { id: number }) => row.id
    const riderRecords = {
      births: riderIdOf(
        await t.db
          .insertInto('births')
          .values({ establishment_id: b, mother_id: f.animals.foreign, read_at: '2025-03-10 00:00:00' })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
      deaths: riderIdOf(
        await t.db.insertInto('deaths').values(riderRow).returning('id').executeTakeFirstOrThrow(),
      ),
      treatments: riderIdOf(
        await t.db
          .insertInto('animal_treatments')
          .values({ ...riderRow, treatment_id: lookupId(riderLookups, 'treatments', 'Antibiótico') })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
      'rider-body-conditions': riderIdOf(
        await t.db
          .insertInto('rider_body_conditions')
          .values({
            ...riderRow,
            body_conditions_rider_id: lookupId(riderLookups, 'body_conditions_riders', 'Buena'),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
      'rider-notes': riderIdOf(
        await t.db
          .insertInto('notes')
          .values({ ...riderRow, content: 'Nota de B' })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    }

    /** The id of B's resource a resource route names in its path. */
    const resourceIds: Record<string, string | number | undefined> = {
      '/v2/animals/{id}': f.animals.foreign,
      '/v2/animals/{id}/events': f.animals.foreign,
      '/v2/animals/{id}/alerts': f.animals.foreign,
      '/v2/animals/{id}/rfi': f.animals.foreign,
      '/v2/cattle-handlings/{id}': f.sessions.foreignWeighing,
      '/v2/alerts/{id}/mark-as-read': alertId,
      '/v2/animals/assign-to-rodeo/{id}': rodeo.id,
      '/v2/weighings/{id}': events.weighings,
      '/v2/artificial-inseminations/{id}': events['artificial-inseminations'],
      '/v2/pregnancy-checks/{id}': events['pregnancy-checks'],
      '/v2/preservices/{id}': events.preservices,
      ...Object.fromEntries(Object.entries(riderRecords).map(([kind, id]) => [`/v2/${kind}/{id}`, id])),
    }
    /** The body of a route whose body, not one field of it, names what it touches. */
    const bodies: Record<string, unknown> = {
      'POST /v2/alerts': { alerts: [{ description: 'ajena', active: 1, animal_id: f.animals.foreign }] },
      'POST /v2/animals/assign-to-type/{id}': { animal_ids: [f.animals.foreign] },
      'PATCH /v2/alerts/mark-as-read': { ids: [alertId] },
    }

    const doc = await (await t.request('/openapi.json')).json()
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { security?: unknown }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path.replace('/app-insights/api', '')}`,
        path: path.replace('/app-insights/api', ''),
        method: method.toUpperCase(),
        secured: operation.security !== undefined,
      })),
    )
    // Every route that needs a token was declared with a guard, and only those.
    expect(operations.filter((op) => op.secured && !routeAccess.has(op.key)).map((op) => op.key)).toEqual([])
    expect(
      operations
        .filter((op) => !op.secured)
        .map((op) => op.key)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort())
    const callers = operations.filter((op) => routeAccess.get(op.key)?.kind === 'caller')
    expect(callers.map((op) => op.key).sort()).toEqual([...CALLER_OPERATIONS].sort())
    const walked = operations.filter((op) => routeAccess.get(op.key)?.kind !== 'caller' && op.secured)
    expect(walked.length).toBeGreaterThan(30)
    expect(walked.map((op) => op.method)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    )

    const before = await dataOfB()
    for (const email of ['admin@test.local', 'member@test.local']) {
      const token = await t.tokenFor(email)
      for (const op of walked) {
        const access = routeAccess.get(op.key)
        if (!access) throw new Error(op.key)
        let path = op.path
        let query = ''
        let body: BodyInit | undefined
        let json: unknown
        if (access.kind === 'establishment' && access.field) {
          if (access.in === 'param') path = path.replace(`{${access.field}}`, String(b))
          if (access.in === 'query') query = `?${access.field}=${b}`
          if (access.in === 'json') json = { [access.field]: b }
          if (access.in === 'form') {
            const form = new FormData()
            form.set(access.field, String(b))
            body = form
          }
        } else if (access.kind === 'superadmin') {
          // Nothing of B to name: the route is refused whoever is not a superadministrador.
        } else if (op.key in bodies) {
          json = bodies[op.key]
        } else {
          expect(op.path in resourceIds, `${op.key}: falta un recurso de B para recorrerla`).toBe(true)
          path = path.replace('{id}', String(resourceIds[op.path]))
        }
        // The rest of the path: B's animal where one is named, an unknown id elsewhere.
        path = path.replace('{aid}', f.animals.foreign).replace(/\{[^}]+\}/g, '1')
        if (json === undefined && body === undefined && ['POST', 'PUT', 'PATCH'].includes(op.method))
          json = {}
        const response = await t.request(`${path}${query}`, { method: op.method, token, json, body })
        const answer = (await response.json()) as { error?: string }
        const where = `${email} ${op.key} → ${response.status} ${answer.error}`
        if (ANIMALS_NAME_IT.has(op.key)) {
          expect({ status: response.status, error: answer.error }, where).toEqual({
            status: 400,
            error: ANIMALS_NOT_FOUND,
          })
        } else if (access.kind === 'establishment') {
          expect(response.status, where).toBe(403)
          expect(answer.error, where).toBe(ESTABLISHMENT_ACCESS_DENIED)
        } else if (access.kind === 'superadmin') {
          // Every establishment's (or every account's) route: no admin or member of one may use it.
          expect(response.status, where).toBe(403)
        } else {
          expect(response.status, where).toBe(404)
        }
        expect(answer.error, where).toBeTruthy()
      }
    }
    expect(await dataOfB(), "B's data").toBe(before)
  })
})
