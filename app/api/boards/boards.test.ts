import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { BOARD_MESSAGES } from '~/features/boards/boards.schema'
import type { Board } from '~/features/establishments/establishment.schema'
import { insertEstablishments, insertMemberships, insertToken } from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

describe.each(testEngines())('boards API on %s', (engine) => {
  let t: TestApi
  let admin: string
  let member: string
  let outsider: string
  let eid: number

  const path = (id = eid) => `/v2/establishments/${id}/boards`
  const create = (json: unknown, token = admin, id = eid) =>
    t.request(path(id), { method: 'POST', token, json })
  const list = async (token = admin, id = eid, type?: 1 | 2) => {
    const response = await t.request(`${path(id)}${type ? `?dashboard_type_id=${type}` : ''}`, { token })
    return {
      status: response.status,
      data: response.status === 200 ? ((await response.json()) as { data: Board[] }).data : [],
    }
  }
  const error = async (response: Response) => ((await response.json()) as { error: string }).error

  beforeAll(async () => {
    t = await createTestApi(engine)
    admin = await insertToken(t.db, t.users.admin)
    member = await insertToken(t.db, t.users.member)
    outsider = await insertToken(t.db, t.users.outsider)
  })
  beforeEach(async () => {
    const [own] = await insertEstablishments(t.db, [{ name: 'Feedlot Test' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [
      { userId: t.users.admin, establishmentId: eid, isAdmin: true },
      { userId: t.users.member, establishmentId: eid },
    ])
  })
  afterAll(() => t.close())

  it('lets an admin add an external and a built-in board; marking a default un-marks the previous one', async () => {
    const external = await create({
      title: 'Power BI',
      dashboard_type_id: 1,
      default: true,
      url: 'https://app.powerbi.com/view?r=abc',
    })
    expect(external.status).toBe(201)
    const builtIn = await create({ title: 'RFI del establecimiento', dashboard_type_id: 1, default: true })
    expect(builtIn.status).toBe(201)
    const { data } = await list(member, eid, 1)
    expect(data.map((b) => [b.title, b.default, b.url])).toEqual([
      ['RFI del establecimiento', true, null],
      ['Power BI', false, 'https://app.powerbi.com/view?r=abc'],
    ])
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('establishment_id', '=', eid)
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['board_create', 'board_create'])
  })

  it('keeps one default per type in the database itself', async () => {
    await t.db
      .insertInto('boards')
      .values({ establishment_id: eid, title: 'A', dashboard_type_id: 2, is_default: true })
      .execute()
    await expect(
      t.db
        .insertInto('boards')
        .values({ establishment_id: eid, title: 'B', dashboard_type_id: 2, is_default: true })
        .execute(),
    ).rejects.toThrow()
    // Another type may have its own default.
    await t.db
      .insertInto('boards')
      .values({ establishment_id: eid, title: 'C', dashboard_type_id: 1, is_default: true })
      .execute()
    await expect(
      t.db
        .insertInto('boards')
        .values({ establishment_id: eid, title: 'D', dashboard_type_id: 1, url: 'http://x.example' })
        .execute(),
    ).rejects.toThrow()
  })

  it('refuses an address that is not https', async () => {
    for (const url of [
      'http://example.com',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://exa mple.com',
    ]) {
      const response = await create({ title: 'X', dashboard_type_id: 2, url })
      expect(response.status, url).toBe(400)
      expect([BOARD_MESSAGES.urlHttps, BOARD_MESSAGES.urlInvalid]).toContain(await error(response))
    }
  })

  it('edits and deletes a board; a plain member may not', async () => {
    const created = (await (await create({ title: 'Viejo', dashboard_type_id: 2 })).json()) as { data: Board }
    const id = created.data.id
    const put = (json: unknown, token = admin) => t.request(`${path()}/${id}`, { method: 'PUT', token, json })
    expect((await put({ title: 'Nuevo', dashboard_type_id: 2, default: true }, member)).status).toBe(403)
    const edited = await put({ title: 'Nuevo', dashboard_type_id: 2, default: true })
    expect(edited.status).toBe(200)
    expect(((await edited.json()) as { data: Board }).data).toMatchObject({ title: 'Nuevo', default: true })
    expect((await t.request(`${path()}/${id}`, { method: 'DELETE', token: member })).status).toBe(403)
    expect((await t.request(`${path()}/${id}`, { method: 'DELETE', token: admin })).status).toBe(200)
    expect((await list()).data).toEqual([])
  })

  it('keeps boards of one establishment invisible and untouchable from another', async () => {
    const created = (await (await create({ title: 'Privado', dashboard_type_id: 1 })).json()) as {
      data: Board
    }
    const other = t.establishments.b.id
    // The outsider belongs to B only.
    expect((await list(outsider, eid)).status).toBe(403)
    expect((await list(outsider, other)).data.map((b) => b.title)).not.toContain('Privado')
    // An admin of A cannot reach A's board through B's path (not a member of B) …
    expect(
      (await t.request(`${path(other)}/${created.data.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(403)
    // … and B's admin (root is superadmin: checked through the path) sees 404 for A's board id under B.
    const root = await insertToken(t.db, t.users.root)
    const foreign = await t.request(`${path(other)}/${created.data.id}`, { method: 'DELETE', token: root })
    expect(foreign.status).toBe(404)
    expect(await error(foreign)).toBe(BOARD_MESSAGES.notFound)
  })
})
