import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { hashPassword } from '~/features/auth/password.server'
import { resetEnvCache } from '~/lib/env.server'
import { insertMemberships, insertUsers } from '../../tests/factories'
import { routeAccess } from './lib/guard'
import { createTestApi, TEST_PASSWORD, type TestApi } from './testing.server'

/**
 * The permissions matrix of Configuración (decision 032), walked over every configuration route and
 * verb of the OpenAPI document — those tagged with one of CONFIGURATION_TAGS, so the establishment
 * framework's routes (issue 19 part B) are walked as soon as they are mounted — as five callers, all
 * aiming at establishment A:
 *
 * | Route (by its guard, app/api/lib/guard.ts)        | signed out | usuario A | admin A | admin B | superadmin |
 * |---------------------------------------------------|------------|-----------|---------|---------|------------|
 * | read (GET) of an establishment's configuration    | 401        | yes       | yes     | 403     | yes        |
 * | write (POST/PUT/PATCH/DELETE) of it               | 401        | 403       | yes     | 403     | yes        |
 * | ADMIN_ONLY reads (the audit log: before/after)    | 401        | 403       | yes     | 403     | yes        |
 * | SUPERADMIN_ONLY writes of an establishment        | 401        | 403       | 403     | 403     | yes        |
 * | superadmin routes (every establishment, accounts) | 401        | 403       | 403     | 403     | yes        |
 * | caller routes (about the caller, shared lookups)  | 401        | yes       | yes     | yes     | yes        |
 *
 * "yes" means the guard lets the request through: the answer is then about the request (200, or 400
 * for the empty body the walk sends, or 404 for the unknown ids it names), never 401/403. Everything
 * else must be refused (401, 403, or the resource's 404) and change none of A's data. A resource
 * route (named by its own id) is walked with an unknown id: refused alike for everyone, which the
 * walk accepts; its own test proves members get through.
 */
const CONFIGURATION_TAGS = new Set([
  'Configuración',
  'Rodeos',
  'Marcos',
  // The establishment framework's six tables (decision 033).
  'Marco del establecimiento',
  'Toros',
  'Inseminadores',
  'Recorredores',
  'Orígenes',
  'Propietarios',
  'Auditoría',
])

/** Writes of one establishment that only a superadministrador may make. */
const SUPERADMIN_ONLY = new Set([
  'PATCH /v2/establishments/{id}',
  'POST /v2/establishments/{id}/archive',
  'POST /v2/establishments/{id}/unarchive',
  // Every establishment's audit log: a caller route whose handler refuses all but superadmins (033).
  'GET /v2/audit-log',
])

/** Reads of one establishment only its administradores (and superadmins) may make (decision 033). */
const ADMIN_ONLY = new Set(['GET /v2/establishments/{id}/audit-log'])

type Caller = 'signed out' | 'usuario A' | 'admin A' | 'admin B' | 'superadmin'
const CALLERS: Caller[] = ['signed out', 'admin B', 'usuario A', 'admin A', 'superadmin']

/** The matrix above, as a function of the route's guard and verb. */
function allowed(key: string, method: string, caller: Caller): boolean {
  if (caller === 'signed out') return false
  const access = routeAccess.get(key)
  if (!access) throw new Error(`${key}: sin guardia`)
  if (access.kind === 'superadmin' || SUPERADMIN_ONLY.has(key)) return caller === 'superadmin'
  if (access.kind === 'caller') return true
  if (ADMIN_ONLY.has(key)) return ['admin A', 'superadmin'].includes(caller)
  if (method === 'GET') return ['usuario A', 'admin A', 'superadmin'].includes(caller)
  return ['admin A', 'superadmin'].includes(caller)
}

interface Operation {
  key: string
  method: string
  path: string
}

describe.each(testEngines())('configuration permissions on %s', (engine) => {
  let t: TestApi
  let operations: Operation[]
  let dataDir: string
  const tokens = {} as Record<Caller, string | undefined>

  beforeAll(async () => {
    // Nothing should be mailed (bodies are empty), but any e-mail stays out of the repository.
    dataDir = mkdtempSync(path.join(tmpdir(), 'insights-permissions-'))
    process.env.DATA_DIR = dataDir
    resetEnvCache()
    t = await createTestApi(engine)
    const ids = await insertUsers(
      t.db,
      [{ email: 'admin-b@test.local', name: 'Beto', surname: 'Admin' }],
      await hashPassword(TEST_PASSWORD),
    )
    await insertMemberships(t.db, [
      {
        userId: ids.get('admin-b@test.local') as number,
        establishmentId: t.establishments.b.id,
        isAdmin: true,
      },
    ])
    tokens['signed out'] = undefined
    tokens['usuario A'] = await t.tokenFor('member@test.local')
    tokens['admin A'] = await t.tokenFor('admin@test.local')
    tokens['admin B'] = await t.tokenFor('admin-b@test.local')
    tokens.superadmin = await t.tokenFor('root@test.local')
    const doc = await (await t.request('/openapi.json')).json()
    operations = Object.entries(
      doc.paths as Record<string, Record<string, { tags?: string[]; security?: unknown }>>,
    )
      .flatMap(([route, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ route, method: method.toUpperCase(), op })),
      )
      .filter(
        ({ op }) => op.security !== undefined && (op.tags ?? []).some((tag) => CONFIGURATION_TAGS.has(tag)),
      )
      .map(({ route, method }) => {
        const p = route.replace('/app-insights/api', '')
        return { key: `${method} ${p}`, method, path: p }
      })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** Every row of A in every table with an establishment_id, A itself, its members and the audit log. */
  async function dataOfA() {
    const a = t.establishments.a.id
    const { rows: tables } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'establishment_id' order by table_name`.execute(
      t.db,
    )
    const snapshot: Record<string, unknown[]> = {}
    for (const { table_name } of tables)
      snapshot[table_name] = (
        await sql`select * from ${sql.table(table_name)} where establishment_id = ${a} order by 1`.execute(
          t.db,
        )
      ).rows
    snapshot.establishment = (await sql`select * from establishments where id = ${a}`.execute(t.db)).rows
    snapshot.users = (await sql`select id, deactivated_at from users order by id`.execute(t.db)).rows
    snapshot.audit_log = (await sql`select * from audit_log order by id`.execute(t.db)).rows
    return JSON.stringify(snapshot)
  }

  /** The request aimed at A: its id where the route names the establishment, unknown ids elsewhere. */
  function request(op: Operation) {
    const access = routeAccess.get(op.key)
    let target = op.path
    let query = ''
    let json: unknown
    let body: BodyInit | undefined
    const a = String(t.establishments.a.id)
    if (access?.kind === 'establishment' && access.field) {
      if (access.in === 'param') target = target.replace(`{${access.field}}`, a)
      if (access.in === 'query') query = `?${access.field}=${a}`
      if (access.in === 'json') json = { [access.field]: Number(a) }
      if (access.in === 'form') {
        const form = new FormData()
        form.set(access.field, a)
        body = form
      }
    }
    target = target.replace(/\{[^}]+\}/g, '999999')
    if (json === undefined && body === undefined && ['POST', 'PUT', 'PATCH'].includes(op.method)) json = {}
    return { url: `${target}${query}`, init: { method: op.method, json, body } }
  }

  it('walks the configuration routes of the document', () => {
    expect(operations.map((op) => op.key)).toEqual(
      expect.arrayContaining([
        'GET /v2/admin/establishments',
        'POST /v2/establishments',
        'GET /v2/establishments/{id}',
        'PATCH /v2/establishments/{id}',
        'POST /v2/establishments/{id}/archive',
        'POST /v2/establishments/{id}/unarchive',
        'GET /v2/establishments/{id}/people',
        'POST /v2/establishments/{id}/invitations',
        'POST /v2/establishments/{id}/invitations/{invitationId}/resend',
        'DELETE /v2/establishments/{id}/invitations/{invitationId}',
        'PUT /v2/establishments/{id}/members/{userId}/role',
        'DELETE /v2/establishments/{id}/members/{userId}',
        'POST /v2/users/{userId}/deactivate',
        'POST /v2/users/{userId}/reactivate',
        'GET /v2/establishments/{id}/rodeos',
        'POST /v2/establishments/{id}/rodeos',
      ]),
    )
    for (const key of SUPERADMIN_ONLY) expect(operations.map((op) => op.key)).toContain(key)
  })

  it('lets through exactly what the matrix allows, and refused calls change nothing of A', async () => {
    const outcomes: string[] = []
    for (const caller of CALLERS) {
      const before = caller === 'superadmin' ? undefined : await dataOfA()
      for (const op of operations) {
        const { url, init } = request(op)
        const response = await t.request(url, { ...init, token: tokens[caller] })
        const answer = (await response.json()) as { error?: string }
        const may = allowed(op.key, op.method, caller)
        const where = `${caller} ${op.key} → ${response.status} ${answer.error ?? ''}`
        outcomes.push(where)
        if (may) expect([401, 403], where).not.toContain(response.status)
        else {
          expect([401, 403, 404], where).toContain(response.status)
          if (caller === 'signed out') expect(response.status, where).toBe(401)
        }
        // A read that names only the establishment answers in full to those it lets through.
        if (may && op.method === 'GET' && !/\{(?!id\})/.test(op.path))
          expect(response.status, where).toBe(200)
      }
      // Refused and empty-bodied calls leave A as it was (the superadministrador's may archive it).
      if (before !== undefined && caller !== 'admin A') expect(await dataOfA(), caller).toBe(before)
    }
    expect(outcomes.length).toBe(operations.length * CALLERS.length)
  })
})
