import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { RODEO_MESSAGES, type Rodeo } from '~/features/rodeos/rodeos.schema'
import {
  insertAnimals,
  insertEstablishments,
  insertMemberships,
  insertRodeos,
  insertToken,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

describe.each(testEngines())('rodeos API on %s', (engine) => {
  let t: TestApi
  let admin: string
  let member: string
  let root: string
  let foreignAdmin: string
  /** This test's own establishment: admin and member in it, no one else. */
  let eid: number

  const list = (token: string, id = eid) => t.request(`/v2/establishments/${id}/rodeos`, { token })
  const create = (json: unknown, token = admin, id = eid) =>
    t.request(`/v2/establishments/${id}/rodeos`, { method: 'POST', token, json })
  const error = async (response: Response) => ((await response.json()) as { error: string }).error

  beforeAll(async () => {
    t = await createTestApi(engine)
    member = await insertToken(t.db, t.users.member)
    root = await insertToken(t.db, t.users.root)
    // The admin of another establishment, who is no member of this test's.
    const [other] = await insertEstablishments(t.db, [{ name: 'Otra' }])
    await insertMemberships(t.db, [
      { userId: t.users.outsider, establishmentId: (other as { id: number }).id, isAdmin: true },
    ])
    foreignAdmin = await insertToken(t.db, t.users.outsider)
    admin = await insertToken(t.db, t.users.admin)
  })
  beforeEach(async () => {
    const [own] = await insertEstablishments(t.db, [{ name: 'La Esperanza' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [
      { userId: t.users.admin, establishmentId: eid, isAdmin: true },
      { userId: t.users.member, establishmentId: eid },
    ])
  })
  afterAll(() => t.close())

  it('lists the rodeos by name with their live animals', async () => {
    const [sur, norte] = await insertRodeos(t.db, eid, ['Sur', 'Norte'])
    const animals = await insertAnimals(t.db, eid, [
      { visual_tag: 'A-1', rodeo_id: norte },
      { visual_tag: 'A-2', rodeo_id: norte },
      { visual_tag: 'A-3', rodeo_id: sur },
    ])
    await t.db
      .updateTable('animals')
      .set({ deleted_at: new Date() })
      .where('id', '=', animals[2]?.id as string)
      .execute()
    const response = await list(member)
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: Rodeo[] }
    expect(data.map(({ name, animals }) => ({ name, animals }))).toEqual([
      { name: 'Norte', animals: 2 },
      { name: 'Sur', animals: 0 },
    ])
  })

  it('lets an admin create a rodeo, trimmed and audited, and shows it in the framework', async () => {
    const response = await create({ name: '  Recría  ' })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { message: string; data: Rodeo }
    expect(body.message).toBe(RODEO_MESSAGES.createSuccess)
    expect(body.data).toMatchObject({ name: 'Recría', animals: 0 })
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'establishment_id', 'entity_id'])
      .where('action', '=', 'rodeo_create')
      .where('establishment_id', '=', eid)
      .execute()
    expect(audit).toEqual([
      { user_id: t.users.admin, establishment_id: eid, entity_id: String(body.data.id) },
    ])
    const framework = await t.request(`/v2/establishment/${eid}/framework`, { token: member })
    const { data } = (await framework.json()) as { data: { rodeo: { description: string }[] } }
    expect(data.rodeo.map((r) => r.description)).toContain('Recría')
  })

  it('lets a superadministrator create a rodeo where they are no member', async () => {
    expect((await create({ name: 'Invernada' }, root)).status).toBe(201)
  })

  it('refuses a name already taken, whatever its case and spaces (409)', async () => {
    await insertRodeos(t.db, eid, ['Cría'])
    const response = await create({ name: ' CRÍA ' })
    expect(response.status).toBe(409)
    expect(await error(response)).toBe(RODEO_MESSAGES.duplicate('Cría'))
    const names = await t.db
      .selectFrom('rodeos')
      .select('description')
      .where('establishment_id', '=', eid)
      .execute()
    expect(names).toEqual([{ description: 'Cría' }])
  })

  it('lets two establishments have rodeos of the same name', async () => {
    const [other] = await insertEstablishments(t.db, [{ name: 'El Ombú' }])
    await insertRodeos(t.db, (other as { id: number }).id, ['Cría'])
    expect((await create({ name: 'Cría' })).status).toBe(201)
  })

  it('refuses an empty, blank or too long name with the field message (400)', async () => {
    for (const json of [{}, { name: '' }, { name: '   ' }]) {
      const response = await create(json)
      expect(response.status).toBe(400)
      expect(await error(response)).toBe(RODEO_MESSAGES.nameRequired)
    }
    const long = await create({ name: 'x'.repeat(51) })
    expect(long.status).toBe(400)
    expect(await error(long)).toBe(RODEO_MESSAGES.nameTooLong)
    expect((await create({ name: 'x'.repeat(50) })).status).toBe(201)
  })

  it('refuses a plain member (403) but lets them read the list', async () => {
    const response = await create({ name: 'Engorde' }, member)
    expect(response.status).toBe(403)
    expect(await error(response)).toBe(RODEO_MESSAGES.notAdmin)
    expect((await list(member)).status).toBe(200)
    const rows = await t.db.selectFrom('rodeos').select('id').where('establishment_id', '=', eid).execute()
    expect(rows).toEqual([])
  })

  it("refuses another establishment's admin to read or create (403)", async () => {
    expect((await list(foreignAdmin)).status).toBe(403)
    expect((await create({ name: 'Intruso' }, foreignAdmin)).status).toBe(403)
    expect((await t.request(`/v2/establishments/${eid}/rodeos`)).status).toBe(401)
  })
})
