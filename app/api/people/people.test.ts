import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { ESTABLISHMENT_ADMIN_MESSAGES } from '~/features/establishments/establishment-admin.schema'
import { PEOPLE_MESSAGES } from '~/features/people/people.schema'
import { resetEnvCache } from '~/lib/env.server'
import { resetMailTransport } from '~/lib/mail.server'
import { createTestApi, TEST_PASSWORD, type TestApi } from '../testing.server'

const savedEnv = { ...process.env }
let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'insights-people-'))
  process.env.DATA_DIR = dataDir
  process.env.APP_URL = 'http://insights.test'
  delete process.env.SMTP_URL
  resetEnvCache()
  resetMailTransport()
})
afterEach(() => {
  process.env = { ...savedEnv }
  resetEnvCache()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The invitation token of the newest e-mail to `email` in the .eml outbox. */
function invitationToken(email: string) {
  const dir = path.join(dataDir, 'mail')
  const file = readdirSync(dir)
    .filter((f) => f.includes(email))
    .sort()
    .at(-1)
  if (!file) throw new Error(`sin correo para ${email}`)
  const raw = readFileSync(path.join(dir, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  const match = /http:\/\/insights\.test\/management\/invitation\?token=([A-Za-z0-9_%-]+)/.exec(raw)
  if (!match?.[1]) throw new Error(`sin enlace en el correo:\n${raw}`)
  return decodeURIComponent(match[1])
}

describe.each(testEngines())('establishments and people on %s', (engine) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(engine)
  })
  afterAll(() => t.close())

  const post = async (url: string, token: string | undefined, json?: unknown, method = 'POST') => {
    const response = await t.request(url, { method, token, json })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('creates establishments with names unique whatever their case, accents and spacing', async () => {
    const root = await t.tokenFor('root@test.local')
    const created = await post('/v2/establishments', root, { name: 'Estancia Los Álamos' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    for (const name of ['estancia los alamos', 'ESTANCIA  LOS ÁLAMOS ', 'Estancia Los Alamos'])
      expect(await post('/v2/establishments', root, { name })).toEqual({
        status: 409,
        body: { error: ESTABLISHMENT_ADMIN_MESSAGES.duplicate('Estancia Los Álamos') },
      })
    // 'ñ' is a letter of its own, not an accent.
    expect((await post('/v2/establishments', root, { name: 'Ñandubay' })).status).toBe(201)
    expect((await post('/v2/establishments', root, { name: 'Nandubay' })).status).toBe(201)
    // Also two creates sent at once: the lock makes the second see the first.
    const both = await Promise.all([
      post('/v2/establishments', root, { name: 'La Querencia' }),
      post('/v2/establishments', root, { name: 'LA QUERÉNCIA' }),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    // The dashboard's address: https only.
    const id = (created.body.data as { id: number }).id
    expect(
      (
        await post(
          `/v2/establishments/${id}`,
          root,
          { url_dashboard_cattle_handling: 'http://x.test' },
          'PATCH',
        )
      ).status,
    ).toBe(400)
    const patched = await post(
      `/v2/establishments/${id}`,
      root,
      { url_dashboard_cattle_handling: 'https://x.test/m' },
      'PATCH',
    )
    expect(patched.body.data).toMatchObject({
      url_dashboard_cattle_handling: 'https://x.test/m',
      name: 'Estancia Los Álamos',
    })
    // An administrador may not rename their own establishment (superadministradores only).
    const admin = await t.tokenFor('admin@test.local')
    expect(
      await post(`/v2/establishments/${t.establishments.a.id}`, admin, { name: 'Otra' }, 'PATCH'),
    ).toEqual({
      status: 403,
      body: { error: ESTABLISHMENT_ADMIN_MESSAGES.notSuperadmin },
    })
  })

  it('archives an establishment out of every picker and its members’ reach, and restores it', async () => {
    const root = await t.tokenFor('root@test.local')
    const member = await t.tokenFor('member@test.local')
    const a = t.establishments.a.id
    const names = async (token: string) =>
      ((await (await t.request('/v1/user/establishments', { token })).json()).data as { name: string }[]).map(
        (e) => e.name,
      )
    expect((await post(`/v2/establishments/${a}/archive`, root)).status).toBe(200)
    expect(await names(member)).toEqual([])
    expect(await names(root)).not.toContain('La Esperanza')
    expect((await t.request(`/v2/establishments/${a}/rodeos`, { token: member })).status).toBe(403)
    const all = (await (await t.request('/v2/admin/establishments', { token: root })).json()).data as {
      name: string
      archived: boolean
    }[]
    expect(all.find((e) => e.name === 'La Esperanza')?.archived).toBe(true)
    expect((await post(`/v2/establishments/${a}/unarchive`, root)).status).toBe(200)
    expect(await names(member)).toEqual(['La Esperanza'])
  })

  it('a mail server that is down keeps the invitation, says so in Spanish, and a later re-send works', async () => {
    const admin = await t.tokenFor('admin@test.local')
    const a = t.establishments.a.id
    // Nothing listens on port 1: the SMTP connection is refused at once.
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    resetEnvCache()
    resetMailTransport()
    const invited = await post(`/v2/establishments/${a}/invitations`, admin, {
      email: 'sin-correo@test.local',
      name: 'Sin',
      surname: 'Correo',
      role: 'usuario',
    })
    expect(invited).toEqual({
      status: 503,
      body: { error: PEOPLE_MESSAGES.inviteMailFailed('sin-correo@test.local') },
    })
    const people = (await (await t.request(`/v2/establishments/${a}/people`, { token: admin })).json()).data
    const invitation = (people.invitations as { id: number; email: string }[]).find(
      (i) => i.email === 'sin-correo@test.local',
    )
    expect(invitation).toBeDefined()
    expect(await post(`/v2/establishments/${a}/invitations/${invitation?.id}/resend`, admin)).toEqual({
      status: 503,
      body: { error: PEOPLE_MESSAGES.resendMailFailed('sin-correo@test.local') },
    })
    // Someone with an account is added all the same; only the notice is missing.
    expect(
      await post(`/v2/establishments/${a}/invitations`, admin, {
        email: 'outsider@test.local',
        name: 'Otra',
        surname: 'Persona',
        role: 'usuario',
      }),
    ).toEqual({
      status: 201,
      body: { message: PEOPLE_MESSAGES.addedMailFailed('outsider@test.local'), data: { outcome: 'added' } },
    })
    // Mail works again (the .eml outbox): the re-send delivers a link that sets the password.
    delete process.env.SMTP_URL
    resetEnvCache()
    resetMailTransport()
    expect((await post(`/v2/establishments/${a}/invitations/${invitation?.id}/resend`, admin)).status).toBe(
      200,
    )
    const accepted = await post('/v2/auth/invitations/accept', undefined, {
      token: invitationToken('sin-correo@test.local'),
      new_password: 'Correo1234',
    })
    expect(accepted.status).toBe(200)
    // Leaves establishment A as the other cases expect it.
    expect(
      (await post(`/v2/establishments/${a}/members/${t.users.outsider}`, admin, undefined, 'DELETE')).status,
    ).toBe(200)
  })

  it('invites by e-mail; the single-use link sets the password; re-send replaces the link; revoke ends it', async () => {
    const admin = await t.tokenFor('admin@test.local')
    const a = t.establishments.a.id
    const invite = (email: string, role = 'usuario') =>
      post(`/v2/establishments/${a}/invitations`, admin, { email, name: 'Nueva', surname: 'Persona', role })
    expect(await invite('Nueva@Test.local')).toEqual({
      status: 201,
      body: { message: PEOPLE_MESSAGES.invited('nueva@test.local'), data: { outcome: 'invited' } },
    })
    expect((await invite('nueva@test.local')).status).toBe(409)
    const first = invitationToken('nueva@test.local')
    const people = (await (await t.request(`/v2/establishments/${a}/people`, { token: admin })).json()).data
    const invitation = people.invitations[0] as { id: number; email: string }
    expect(invitation.email).toBe('nueva@test.local')
    // Re-sent: a new link; the old one no longer works.
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await post(`/v2/establishments/${a}/invitations/${invitation.id}/resend`, admin)).status).toBe(
      200,
    )
    const second = invitationToken('nueva@test.local')
    expect(second).not.toBe(first)
    const weak = await post('/v2/auth/invitations/accept', undefined, {
      token: second,
      new_password: 'corta',
    })
    expect(weak.status).toBe(400)
    expect(
      (await post('/v2/auth/invitations/accept', undefined, { token: first, new_password: 'Nueva1234' }))
        .body,
    ).toEqual({
      error: PEOPLE_MESSAGES.invitationInvalid,
    })
    expect(
      (await post('/v2/auth/invitations/accept', undefined, { token: second, new_password: 'Nueva1234' }))
        .status,
    ).toBe(200)
    // Used once.
    expect(
      (await post('/v2/auth/invitations/accept', undefined, { token: second, new_password: 'Nueva1234' }))
        .status,
    ).toBe(400)
    const token = await t.tokenFor('nueva@test.local', 'Nueva1234')
    const roles = (await (await t.request('/v2/user/roles', { token })).json()).data
    expect(roles.roleInEstablishment).toEqual([
      { establishment_id: a, establishment_name: 'La Esperanza', is_admin: false },
    ])
    // Revoked: the link stops working.
    await invite('otra@test.local')
    const revokedToken = invitationToken('otra@test.local')
    const pending = (await (await t.request(`/v2/establishments/${a}/people`, { token: admin })).json()).data
      .invitations as { id: number; email: string }[]
    const other = pending.find((i) => i.email === 'otra@test.local')
    expect(
      (await post(`/v2/establishments/${a}/invitations/${other?.id}`, admin, undefined, 'DELETE')).status,
    ).toBe(200)
    expect(
      (
        await post('/v2/auth/invitations/accept', undefined, {
          token: revokedToken,
          new_password: 'Otra12345',
        })
      ).status,
    ).toBe(400)
    // An address that already has an account joins at once.
    expect((await invite('outsider@test.local')).body.data).toEqual({ outcome: 'added' })
    // Audited.
    const actions = (
      await t.db.selectFrom('audit_log').select('action').where('establishment_id', '=', a).execute()
    ).map((r) => r.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'invitation_create',
        'invitation_resend',
        'invitation_accept',
        'invitation_revoke',
        'member_add',
      ]),
    )
  })

  it('changes roles; nobody raises their own; the last administrador stays, even when two demote each other at once', async () => {
    const a = t.establishments.a.id
    const admin = await t.tokenFor('admin@test.local')
    const member = await t.tokenFor('member@test.local')
    const role = (userId: number, value: string, token: string) =>
      post(`/v2/establishments/${a}/members/${userId}/role`, token, { role: value }, 'PUT')
    // A usuario cannot even ask; an administrador cannot leave the establishment without one.
    expect((await role(t.users.member, 'administrador', member)).status).toBe(403)
    expect(await role(t.users.admin, 'usuario', admin)).toEqual({
      status: 409,
      body: { error: PEOPLE_MESSAGES.lastAdmin },
    })
    expect(
      (await post(`/v2/establishments/${a}/members/${t.users.admin}`, admin, undefined, 'DELETE')).status,
    ).toBe(409)
    expect((await role(t.users.member, 'administrador', admin)).status).toBe(200)
    // Two administradores demote each other at the same moment: one wins, one admin is left.
    const results = await Promise.all([
      role(t.users.member, 'usuario', admin),
      role(t.users.admin, 'usuario', await t.tokenFor('member@test.local')),
    ])
    // The loser is refused: no longer an administrador (403) or the last one left (409).
    const statuses = results.map((r) => r.status).sort()
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    const admins = await t.db
      .selectFrom('establishment_members')
      .select('user_id')
      .where('establishment_id', '=', a)
      .where('is_admin', '=', true)
      .execute()
    expect(admins).toHaveLength(1)
  })

  it('nobody raises their own role: a demoted administrador cannot climb back', async () => {
    const a = t.establishments.a.id
    const root = await t.tokenFor('root@test.local')
    // Make sure admin and member are both administradores, then the member steps down.
    await post(
      `/v2/establishments/${a}/members/${t.users.member}/role`,
      root,
      { role: 'administrador' },
      'PUT',
    )
    await post(
      `/v2/establishments/${a}/members/${t.users.admin}/role`,
      root,
      { role: 'administrador' },
      'PUT',
    )
    const member = await t.tokenFor('member@test.local')
    expect(
      (
        await post(
          `/v2/establishments/${a}/members/${t.users.member}/role`,
          member,
          { role: 'usuario' },
          'PUT',
        )
      ).status,
    ).toBe(200)
    expect(
      (
        await post(
          `/v2/establishments/${a}/members/${t.users.member}/role`,
          member,
          { role: 'administrador' },
          'PUT',
        )
      ).status,
    ).toBe(403)
  })

  it('removing someone from their only establishment, or deactivating them, ends their sessions at once', async () => {
    const a = t.establishments.a.id
    const admin = await t.tokenFor('admin@test.local')
    const root = await t.tokenFor('root@test.local')
    const memberToken = await t.tokenFor('member@test.local')
    expect((await t.request('/v2/auth/me', { token: memberToken })).status).toBe(200)
    expect(
      (await post(`/v2/establishments/${a}/members/${t.users.member}`, admin, undefined, 'DELETE')).status,
    ).toBe(200)
    expect((await t.request('/v2/auth/me', { token: memberToken })).status).toBe(401)

    const outsider = await t.tokenFor('outsider@test.local')
    expect((await post(`/v2/users/${t.users.outsider}/deactivate`, admin)).status).toBe(403)
    expect((await post(`/v2/users/${t.users.outsider}/deactivate`, root)).status).toBe(200)
    expect((await t.request('/v2/auth/me', { token: outsider })).status).toBe(401)
    await expect(t.tokenFor('outsider@test.local')).rejects.toThrow(/401/)
    // The only administrador of A cannot be deactivated; nor can one's own account.
    expect((await post(`/v2/users/${t.users.admin}/deactivate`, root)).status).toBe(409)
    expect((await post(`/v2/users/${t.users.root}/deactivate`, root)).status).toBe(409)
    expect((await post(`/v2/users/${t.users.outsider}/reactivate`, root)).status).toBe(200)
    expect(await t.tokenFor('outsider@test.local', TEST_PASSWORD)).toBeTruthy()
  })
})
