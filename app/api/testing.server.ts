import type { DatabaseEngine, DatabaseHandle } from '~/db/database.server'
import { createTestDatabase } from '~/db/testing.server'
import { hashPassword } from '~/features/auth/password.server'
import { type ApiApp, createApiApp } from './app'

export const TEST_PASSWORD = 'Clave1234'

let passwordHash: Promise<string> | undefined

/**
 * A provider API on a fresh database with two establishments and one user of each kind:
 * `admin` (admin of A), `member` (plain member of A), `outsider` (member of B only) and `root`
 * (superadmin). Their password is TEST_PASSWORD.
 */
export async function createTestApi(engine: DatabaseEngine) {
  const handle: DatabaseHandle = await createTestDatabase(engine)
  const { db } = handle
  passwordHash ??= hashPassword(TEST_PASSWORD)
  const password_hash = await passwordHash

  const [a, b] = await db
    .insertInto('establishments')
    .values([{ name: 'La Esperanza' }, { name: 'El Ombú' }])
    .returning(['id', 'name'])
    .execute()
  if (!a || !b) throw new Error('no se crearon los establecimientos')

  const users = await db
    .insertInto('users')
    .values([
      { email: 'admin@test.local', name: 'Ana', surname: 'Admin', password_hash },
      { email: 'member@test.local', name: 'Mario', surname: 'Miembro', password_hash },
      { email: 'outsider@test.local', name: 'Olga', surname: 'Otra', password_hash },
      { email: 'root@test.local', name: 'Raúl', surname: 'Root', password_hash, is_super_admin: true },
    ])
    .returning(['id', 'email'])
    .execute()
  const id = (email: string) => users.find((u) => u.email === email)?.id as number
  await db
    .insertInto('establishment_members')
    .values([
      { user_id: id('admin@test.local'), establishment_id: a.id, is_admin: true },
      { user_id: id('member@test.local'), establishment_id: a.id, is_admin: false },
      { user_id: id('outsider@test.local'), establishment_id: b.id, is_admin: false },
    ])
    .execute()

  const api: ApiApp = createApiApp({ database: async () => handle })

  /** `address`: the client address the host tells the API (ApiBindings), as the Start route does. */
  async function request(
    path: string,
    init: RequestInit & { token?: string; json?: unknown; address?: string } = {},
  ) {
    const headers = new Headers(init.headers)
    if (init.token) headers.set('authorization', `Bearer ${init.token}`)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    const { address, token: _token, json: _json, ...rest } = init
    return api.request(`/app-insights/api${path}`, { ...rest, headers, body }, { clientAddress: address })
  }

  async function tokenFor(email: string, password = TEST_PASSWORD) {
    const response = await request('/v2/auth/login', { method: 'POST', json: { username: email, password } })
    if (response.status !== 200)
      throw new Error(`login de ${email}: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { token: string }).token
  }

  return {
    api,
    db,
    handle,
    request,
    tokenFor,
    establishments: { a, b },
    users: {
      admin: id('admin@test.local'),
      member: id('member@test.local'),
      outsider: id('outsider@test.local'),
      root: id('root@test.local'),
    },
    close: () => handle.close(),
  }
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>
