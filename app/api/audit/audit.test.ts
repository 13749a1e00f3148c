import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { AUDIT_MESSAGES, type AuditPage, describeAuditChanges } from '~/features/audit/audit.schema'
import { insertEstablishments, insertMemberships, insertToken } from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

describe.each(testEngines())('audit log API on %s', (engine) => {
  let t: TestApi
  let admin: string
  let member: string
  let root: string
  let foreignAdmin: string
  let eid: number
  let otherEid: number

  const page = async (response: Response) => {
    expect(response.status).toBe(200)
    return (await response.json()) as AuditPage
  }
  const log = (query = '', token = admin, id = eid) =>
    t.request(`/v2/establishments/${id}/audit-log${query}`, { token })

  beforeAll(async () => {
    t = await createTestApi(engine)
    member = await insertToken(t.db, t.users.member)
    root = await insertToken(t.db, t.users.root)
    admin = await insertToken(t.db, t.users.admin)
    foreignAdmin = await insertToken(t.db, t.users.outsider)
  })
  beforeEach(async () => {
    const [own, other] = await insertEstablishments(t.db, [{ name: 'A' }, { name: 'B' }])
    eid = (own as { id: number }).id
    otherEid = (other as { id: number }).id
    await insertMemberships(t.db, [
      { userId: t.users.admin, establishmentId: eid, isAdmin: true },
      { userId: t.users.member, establishmentId: eid },
      { userId: t.users.outsider, establishmentId: otherEid, isAdmin: true },
    ])
  })
  afterAll(() => t.close())

  const write = async () => {
    const bull = await t.request(`/v2/establishments/${eid}/bulls`, {
      method: 'POST',
      token: admin,
      json: { alias: 'Viejo' },
    })
    const { data } = (await bull.json()) as { data: { id: number } }
    await t.request(`/v2/establishments/${eid}/bulls/${data.id}`, {
      method: 'PATCH',
      token: root,
      json: { alias: 'Nuevo' },
    })
    await t.request(`/v2/establishments/${eid}/origins`, {
      method: 'POST',
      token: admin,
      json: { description: 'Feria' },
    })
    await t.request(`/v2/establishments/${otherEid}/owners`, {
      method: 'POST',
      token: foreignAdmin,
      json: { name: 'De B' },
    })
    return data.id
  }

  it("lists the establishment's entries newest first, readable, with its people to filter by", async () => {
    const bullId = await write()
    const body = await page(await log())
    expect(body.data.map((e) => e.action)).toEqual(['origin_create', 'bull_update', 'bull_create'])
    expect(body.meta.total).toBe(3)
    const update = body.data[1]
    expect(update).toMatchObject({ entity: 'bull', entity_id: String(bullId), user_id: t.users.root })
    expect(describeAuditChanges(update as never)).toEqual(['Alias: «Viejo» → «Nuevo»'])
    expect(body.people.map((p) => p.id)).toEqual(
      expect.arrayContaining([t.users.admin, t.users.member, t.users.root]),
    )
    expect(body.people.map((p) => p.id)).not.toContain(t.users.outsider)
  })

  it('filters by person, entity and dates, and pages in SQL', async () => {
    await write()
    expect((await page(await log(`?user_id=${t.users.root}`))).data.map((e) => e.action)).toEqual([
      'bull_update',
    ])
    expect((await page(await log('?entity=origin'))).data.map((e) => e.action)).toEqual(['origin_create'])
    const second = await page(await log('?perPage=2&page=2'))
    expect(second.data.map((e) => e.action)).toEqual(['bull_create'])
    expect(second.meta).toMatchObject({ total: 3, last_page: 2 })
    expect((await page(await log('?to=2000-01-01'))).data).toEqual([])
    expect((await page(await log('?from=2000-01-01'))).meta.total).toBe(3)
    const bad = await log('?from=2025-13-45')
    expect(bad.status).toBe(400)
  })

  it('is for administradores of the establishment; the every-establishment view is for superadmins', async () => {
    await write()
    const refused = await log('', member)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: string }).error).toBe(AUDIT_MESSAGES.notAdmin)
    expect((await log('', foreignAdmin)).status).toBe(403)
    expect((await page(await log('', root))).meta.total).toBe(3)

    const global = await t.request(`/v2/audit-log?establishment_id=${otherEid}`, { token: root })
    expect((await page(global)).data.map((e) => [e.action, e.establishment_name])).toEqual([
      ['owner_create', 'B'],
    ])
    const notRoot = await t.request('/v2/audit-log', { token: admin })
    expect(notRoot.status).toBe(403)
    expect(((await notRoot.json()) as { error: string }).error).toBe(AUDIT_MESSAGES.notSuperAdmin)
  })
})
