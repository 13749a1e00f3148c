import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { createTestApi, type TestApi } from '../testing.server'

describe.each(testEngines())('sessions (cattle handlings) API on %s', (engine) => {
  let t: TestApi
  let member: string
  let outsider: string
  let root: string
  let eidA: number
  let eidB: number

  const create = (json: unknown, token = member) =>
    t.request('/v2/cattle-handlings', { method: 'POST', token, json })
  const headers = async (query: string, token = member) => {
    const response = await t.request(`/v2/cattle_handlings/headers?${query}`, { token })
    return { status: response.status, body: await response.json() }
  }
  const valid = () => ({
    name: 'Pesada destete',
    establishmentId: eidA,
    activityDate: '2026-03-04',
    description: 'Destete de la parición de primavera',
    cattle_handling_work: 7,
  })

  beforeAll(async () => {
    t = await createTestApi(engine)
    eidA = t.establishments.a.id
    eidB = t.establishments.b.id
    member = await t.tokenFor('member@test.local')
    outsider = await t.tokenFor('outsider@test.local')
    root = await t.tokenFor('root@test.local')
  })
  afterAll(() => t.close())

  it('creates a session (audited) and lists it among the headers of its type, newest first', async () => {
    const response = await create(valid())
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body.message).toBe('Sesión creada exitosamente')
    expect(body.data).toMatchObject({
      name: 'Pesada destete',
      establishment_id: eidA,
      activity_date: '2026-03-04 00:00:00',
      cattle_handling_work: 7,
      events: 0,
      animals: 0,
    })
    // Numbers as text (forms, spreadsheets) and a later session of another type.
    const ia = await create({
      ...valid(),
      name: 'IATF',
      establishmentId: String(eidA),
      cattle_handling_work: '1',
      activityDate: '2026-05-01',
    })
    expect(ia.status).toBe(201)
    const older = await create({ ...valid(), name: 'Pesada vieja', activityDate: '2020-01-01' })
    expect(older.status).toBe(201)

    const weighings = await headers(`establishmentId=${eidA}&cattle_handling_work=7`)
    expect(weighings.status).toBe(200)
    expect(weighings.body.data.map((s: { name: string }) => s.name)).toEqual([
      'Pesada destete',
      'Pesada vieja',
    ])
    expect(Object.keys(weighings.body.data[0]).sort()).toEqual(['id', 'name'])
    const all = await headers(`establishmentId=${eidA}`)
    expect(all.body.data.map((s: { name: string }) => s.name)).toEqual([
      'IATF',
      'Pesada destete',
      'Pesada vieja',
    ])

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'user_id', 'establishment_id'])
      .where('action', '=', 'cattle_handling_create')
      .execute()
    expect(audit).toHaveLength(3)
    expect(audit[0]).toMatchObject({
      entity: 'cattle_handling',
      user_id: t.users.member,
      establishment_id: eidA,
    })
  })

  it.each([
    ['name', { name: '   ' }, 'El nombre es obligatorio.'],
    ['name', { name: undefined }, 'El nombre es obligatorio.'],
    ['establishmentId', { establishmentId: undefined }, 'El ID del establecimiento es obligatorio.'],
    ['establishmentId', { establishmentId: '' }, 'El ID del establecimiento es obligatorio.'],
    ['description', { description: '' }, 'La descripción es obligatoria.'],
    ['cattle_handling_work', { cattle_handling_work: undefined }, 'el tipo es obligatorio.'],
    ['cattle_handling_work', { cattle_handling_work: 5 }, 'el tipo es obligatorio.'],
    [
      'activityDate',
      { activityDate: '1899-12-31' },
      'La fecha debe estar entre el 01/01/1900 y el 01/01/2050.',
    ],
    [
      'activityDate',
      { activityDate: '2050-01-02' },
      'La fecha debe estar entre el 01/01/1900 y el 01/01/2050.',
    ],
    ['activityDate', { activityDate: '2026-02-30' }, 'Fecha inválida: use AAAA-MM-DD'],
  ])('refuses a session without a valid %s, with the spec message', async (_field, change, message) => {
    const response = await create({ ...valid(), ...change })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: message })
  })

  it('accepts the bounds of the activity date (1900-01-01 and 2050-01-01)', async () => {
    for (const activityDate of ['1900-01-01', '2050-01-01']) {
      expect((await create({ ...valid(), name: `Límite ${activityDate}`, activityDate })).status).toBe(201)
    }
  })

  it('reads one session with its counters', async () => {
    const created = await (await create({ ...valid(), name: 'Con contador' })).json()
    const id = created.data.id
    const [animal] = await t.db
      .insertInto('animals')
      .values({ establishment_id: eidA, visual_tag: 'CONT-1' })
      .returning('id')
      .execute()
    await t.db
      .insertInto('weighings')
      .values([
        {
          establishment_id: eidA,
          animal_id: animal?.id ?? '',
          cattle_handling_id: id,
          weight: 300,
          read_at: '2026-03-04 08:00:00',
        },
        {
          establishment_id: eidA,
          animal_id: animal?.id ?? '',
          cattle_handling_id: id,
          weight: 301,
          read_at: '2026-03-04 09:00:00',
        },
      ])
      .execute()
    const response = await t.request(`/v2/cattle-handlings/${id}`, { token: member })
    expect(response.status).toBe(200)
    expect((await response.json()).data).toMatchObject({ id, name: 'Con contador', events: 2, animals: 1 })
    expect((await t.request('/v2/cattle-handlings/999999', { token: member })).status).toBe(404)
  })

  it('lets no user of another establishment create, list or read its sessions (isolation)', async () => {
    const refused = await create(valid(), outsider)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: ESTABLISHMENT_ACCESS_DENIED })
    expect((await headers(`establishmentId=${eidA}`, outsider)).status).toBe(403)
    const own = await headers(`establishmentId=${eidB}`, outsider)
    expect(own.status).toBe(200)
    expect(own.body.data).toEqual([])
    // A session of A made here: this test reads no row another test made.
    const made = await create({ ...valid(), name: 'Aislada' })
    expect(made.status).toBe(201)
    const ofA = (await made.json()).data as { id: number }
    // A session of another establishment answers exactly like one that does not exist.
    const foreign = await t.request(`/v2/cattle-handlings/${ofA.id}`, { token: outsider })
    const unknown = await t.request('/v2/cattle-handlings/999999', { token: outsider })
    expect(foreign.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect(await foreign.json()).toEqual(await unknown.json())
    // A superadmin reaches every establishment; an unknown establishment is refused alike.
    expect((await create({ ...valid(), establishmentId: eidB, name: 'Del root' }, root)).status).toBe(201)
    expect((await create({ ...valid(), establishmentId: 999999 }, root)).status).toBe(403)
    expect((await headers('')).status).toBe(400)
  })
  it('answers the 500 most recent session headers, newest first', async () => {
    const day = (n: number) => new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10)
    await t.db
      .insertInto('cattle_handlings')
      .values(
        Array.from({ length: 510 }, (_, n) => ({
          establishment_id: eidA,
          name: `Antigua ${n}`,
          description: 'Años de sesiones',
          activity_date: `${day(n)} 00:00:00`,
          cattle_handling_work: 3,
        })),
      )
      .execute()
    const { status, body } = await headers(`establishmentId=${eidA}&cattle_handling_work=3`)
    expect(status).toBe(200)
    expect(body.data).toHaveLength(500)
    expect(body.data[0].name).toBe('Antigua 509')
    expect(body.data[499].name).toBe('Antigua 10')
  })
})
