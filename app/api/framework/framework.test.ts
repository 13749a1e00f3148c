import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { FRAMEWORK_MESSAGES, type FrameworkItems } from '~/features/framework/framework.schema'
import {
  insertAnimals,
  insertEstablishments,
  insertEvents,
  insertMemberships,
  insertSession,
  insertToken,
  lookups,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

describe.each(testEngines())('establishment framework API on %s', (engine) => {
  let t: TestApi
  let admin: string
  let member: string
  let root: string
  let foreignAdmin: string
  let eid: number
  let otherEid: number

  const base = (kind: string, id = eid) => `/v2/establishments/${id}/${kind}`
  const list = (kind: string, token = member, query = '', id = eid) =>
    t.request(`${base(kind, id)}${query}`, { token })
  const create = (kind: string, json: unknown, token = admin, id = eid) =>
    t.request(base(kind, id), { method: 'POST', token, json })
  const patch = (kind: string, itemId: number, json: unknown, token = admin, id = eid) =>
    t.request(`${base(kind, id)}/${itemId}`, { method: 'PATCH', token, json })
  const action = (kind: string, itemId: number, what: 'archive' | 'restore', token = admin, id = eid) =>
    t.request(`${base(kind, id)}/${itemId}/${what}`, { method: 'POST', token })
  const remove = (kind: string, itemId: number, token = admin, id = eid) =>
    t.request(`${base(kind, id)}/${itemId}`, { method: 'DELETE', token })
  const error = async (response: Response) => ((await response.json()) as { error: string }).error
  const created = async <K extends keyof FrameworkItems>(_kind: K, response: Response) => {
    expect(response.status).toBe(201)
    return ((await response.json()) as { data: FrameworkItems[K] }).data
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    member = await insertToken(t.db, t.users.member)
    root = await insertToken(t.db, t.users.root)
    const [other] = await insertEstablishments(t.db, [{ name: 'Otra' }])
    otherEid = (other as { id: number }).id
    await insertMemberships(t.db, [{ userId: t.users.outsider, establishmentId: otherEid, isAdmin: true }])
    foreignAdmin = await insertToken(t.db, t.users.outsider)
    admin = await insertToken(t.db, t.users.admin)
  })
  beforeEach(async () => {
    const [own] = await insertEstablishments(t.db, [{ name: 'Estancia Los Álamos' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [
      { userId: t.users.admin, establishmentId: eid, isAdmin: true },
      { userId: t.users.member, establishmentId: eid },
    ])
  })
  afterAll(() => t.close())

  it('lets an admin create a bull with breed and registration, audited, and any member list it', async () => {
    const breed = (await lookups(t.db))('breeds', 'Angus')
    const bull = await created(
      'bulls',
      await create('bulls', { alias: '  Pampero ', breed_id: breed, registration: 'HBA 123' }),
    )
    expect(bull).toMatchObject({ alias: 'Pampero', breed_id: breed, breed: 'Angus', registration: 'HBA 123' })
    expect(bull).toMatchObject({ archived: false, uses: 0 })
    const answer = await list('bulls')
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { data: unknown[] }).data).toEqual([bull])
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'after'])
      .where('establishment_id', '=', eid)
      .execute()
    expect(audit).toEqual([
      {
        user_id: t.users.admin,
        action: 'bull_create',
        after: { alias: 'Pampero', breed_id: breed, registration: 'HBA 123' },
      },
    ])
  })

  it('creates each kind and refuses a blank name in Spanish', async () => {
    await created('inseminators', await create('inseminators', { first_name: 'Ana', last_name: 'Gómez' }))
    await created('riders', await create('riders', { key: 'R1', description: 'Recorredor norte' }))
    await created('origins', await create('origins', { description: 'Remate Rosario' }))
    await created('owners', await create('owners', { name: 'Sucesión Pérez' }))
    const blank = await create('bulls', { alias: '   ' })
    expect(blank.status).toBe(400)
    expect(await error(blank)).toContain('El alias del toro es obligatorio')
    const badBreed = await create('bulls', { alias: 'Sin raza', breed_id: 999999 })
    expect(badBreed.status).toBe(400)
    expect(await error(badBreed)).toBe(FRAMEWORK_MESSAGES.badBreed)
  })

  it('refuses a name that differs only by case, accents or spaces, on create and on rename', async () => {
    const alamo = await created('bulls', await create('bulls', { alias: 'Álamo Négro' }))
    for (const alias of ['alamo negro', 'ÁLAMO  NEGRO', ' Alamo Negro ']) {
      const again = await create('bulls', { alias })
      expect(again.status, alias).toBe(409)
      expect(await error(again)).toBe(FRAMEWORK_MESSAGES.duplicate('bulls', 'Álamo Négro', false))
    }
    const other = await created('bulls', await create('bulls', { alias: 'Ñandú' }))
    // 'ñ' is a letter of its own, not an accented 'n'.
    await created('bulls', await create('bulls', { alias: 'Nandu' }))
    const rename = await patch('bulls', other.id, { alias: 'ALAMO NEGRO' })
    expect(rename.status).toBe(409)
    // Renaming an item to its own name in another case is no conflict with itself.
    const self = await patch('bulls', alamo.id, { alias: 'Álamo negro' })
    expect(self.status).toBe(200)
    expect(((await self.json()) as { data: FrameworkItems['bulls'] }).data.alias).toBe('Álamo negro')

    await created('inseminators', await create('inseminators', { first_name: 'José', last_name: 'Pérez' }))
    const person = await create('inseminators', { first_name: 'jose', last_name: 'PEREZ' })
    expect(person.status).toBe(409)
    await created('rodeos', await create('rodeos', { name: 'Recría' }))
    expect((await create('rodeos', { name: 'RECRIA' })).status).toBe(409)
    await created('riders', await create('riders', { key: 'Ñ1', description: 'Uno' }))
    expect((await create('riders', { key: 'ñ1', description: 'Otro' })).status).toBe(409)
    // Another establishment may use the same names.
    expect((await create('bulls', { alias: 'Álamo Négro' }, root, otherEid)).status).toBe(201)
  })

  it('archives a bull in use instead of deleting it; history keeps its name, pickers lose it', async () => {
    const bull = await created('bulls', await create('bulls', { alias: 'Viejo' }))
    const person = await created('inseminators', await create('inseminators', { first_name: 'Ana' }))
    const [cow] = await insertAnimals(t.db, eid, [{ visual_tag: 'V-1' }])
    const session = await insertSession(t.db, eid, { cattle_handling_work: 1 })
    await insertEvents(t.db, 'artificial_inseminations', eid, [
      {
        animal_id: cow?.id as string,
        cattle_handling_id: session,
        bull_id: bull.id,
        inseminator_id: person.id,
        read_at: '2025-03-01 00:00:00',
      },
    ])
    const refused = await remove('bulls', bull.id)
    expect(refused.status).toBe(409)
    expect(await error(refused)).toBe(FRAMEWORK_MESSAGES.inUse('bulls', 'Viejo', 1))

    const archived = await action('bulls', bull.id, 'archive')
    expect(archived.status).toBe(200)
    expect(((await archived.json()) as { data: FrameworkItems['bulls'] }).data).toMatchObject({
      archived: true,
      uses: 1,
    })
    expect(((await (await list('bulls')).json()) as { data: unknown[] }).data).toEqual([])
    const all = (await (await list('bulls', member, '?include_archived=true')).json()) as {
      data: FrameworkItems['bulls'][]
    }
    expect(all.data.map((b) => [b.alias, b.archived])).toEqual([['Viejo', true]])
    const framework = (await (
      await t.request(`/v2/establishment/${eid}/framework`, { token: member })
    ).json()) as {
      data: { bulls: unknown[]; inseminators: unknown[] }
    }
    expect(framework.data.bulls).toEqual([])
    expect(framework.data.inseminators).toHaveLength(1)
    const events = (await (
      await t.request(`/v2/establishment/${eid}/artificial-inseminations`, { token: member })
    ).json()) as { data: { bull_alias: string | null }[] }
    expect(events.data.map((e) => e.bull_alias)).toEqual(['Viejo'])

    const restored = await action('bulls', bull.id, 'restore')
    expect(restored.status).toBe(200)
    expect(((await (await list('bulls')).json()) as { data: unknown[] }).data).toHaveLength(1)
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('establishment_id', '=', eid)
      .where('entity', '=', 'bull')
      .orderBy('id')
      .execute()
    expect(actions.map((a) => a.action)).toEqual(['bull_create', 'bull_archive', 'bull_restore'])
  })

  it('deletes an item nothing uses, audited; refuses to archive a rodeo that still has animals', async () => {
    const origin = await created('origins', await create('origins', { description: 'Feria' }))
    const deleted = await remove('origins', origin.id)
    expect(deleted.status).toBe(200)
    expect(((await deleted.json()) as { message: string }).message).toBe('Origen eliminado con éxito')
    expect((await remove('origins', origin.id)).status).toBe(404)
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before'])
      .where('establishment_id', '=', eid)
      .where('action', '=', 'origin_delete')
      .execute()
    expect(audit).toEqual([{ action: 'origin_delete', before: { description: 'Feria', archived_at: null } }])

    const rodeo = await created('rodeos', await create('rodeos', { name: 'Norte' }))
    await insertAnimals(t.db, eid, [{ visual_tag: 'R-1', rodeo_id: rodeo.id }])
    const refused = await action('rodeos', rodeo.id, 'archive')
    expect(refused.status).toBe(409)
    expect(await error(refused)).toBe(FRAMEWORK_MESSAGES.rodeoHasAnimals('Norte', 1))
    const owner = await created('owners', await create('owners', { name: 'Dueño' }))
    await insertAnimals(t.db, eid, [{ visual_tag: 'O-1', owner_id: owner.id }])
    expect((await remove('owners', owner.id)).status).toBe(409)
    expect((await action('owners', owner.id, 'archive')).status).toBe(200)
  })

  it("drops an archived rodeo from the animal list's Rodeo filter and brings it back restored", async () => {
    const rodeo = await created('rodeos', await create('rodeos', { name: 'Invernada' }))
    const options = async () => {
      const answer = await t.request(`/v1/establishment/${eid}/filter`, { token: member })
      const { data } = (await answer.json()) as { data: { rodeos: { description: string }[] } }
      return data.rodeos.map((r) => r.description)
    }
    // Read first, so the process's framework cache holds the rodeo before it is archived.
    expect(await options()).toEqual(['Invernada'])
    expect((await action('rodeos', rodeo.id, 'archive')).status).toBe(200)
    expect(await options()).toEqual([])
    expect((await action('rodeos', rodeo.id, 'restore')).status).toBe(200)
    expect(await options()).toEqual(['Invernada'])
  })

  it('lets only admins and superadmins write; a usuario reads', async () => {
    const bull = await created('bulls', await create('bulls', { alias: 'Admin' }))
    const refusals = [
      await create('bulls', { alias: 'Usuario' }, member),
      await patch('bulls', bull.id, { alias: 'Otro' }, member),
      await action('bulls', bull.id, 'archive', member),
      await action('bulls', bull.id, 'restore', member),
      await remove('bulls', bull.id, member),
    ]
    for (const response of refusals) {
      expect(response.status).toBe(403)
      expect(await error(response)).toBe(FRAMEWORK_MESSAGES.notAdmin('bulls'))
    }
    expect((await list('bulls', member)).status).toBe(200)
    expect((await patch('bulls', bull.id, { alias: 'Por superadmin' }, root)).status).toBe(200)
  })

  it("keeps B's administrador out of A's framework, and A's ids out of B's paths", async () => {
    const bull = await created('bulls', await create('bulls', { alias: 'De A' }))
    for (const response of [
      await list('bulls', foreignAdmin),
      await create('bulls', { alias: 'Intruso' }, foreignAdmin),
      await patch('bulls', bull.id, { alias: 'Intruso' }, foreignAdmin),
      await action('bulls', bull.id, 'archive', foreignAdmin),
      await remove('bulls', bull.id, foreignAdmin),
    ])
      expect(response.status).toBe(403)
    // Through B's own establishment, A's bull does not exist.
    for (const response of [
      await patch('bulls', bull.id, { alias: 'Intruso' }, foreignAdmin, otherEid),
      await action('bulls', bull.id, 'archive', foreignAdmin, otherEid),
      await remove('bulls', bull.id, foreignAdmin, otherEid),
    ]) {
      expect(response.status).toBe(404)
      expect(await error(response)).toBe(FRAMEWORK_MESSAGES.notFound('bulls'))
    }
    const still = await t.db
      .selectFrom('bulls')
      .select(['alias', 'archived_at'])
      .where('id', '=', bull.id)
      .execute()
    expect(still).toEqual([{ alias: 'De A', archived_at: null }])
  })
})
