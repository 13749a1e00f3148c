import type { DatabaseEngine, DatabaseHandle } from '~/db/database.server'
import { createTestDatabase } from '~/db/testing.server'
import { hashPassword } from '~/features/auth/password.server'
import { insertEstablishments, insertMemberships, insertUsers } from '../../tests/factories'
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

  const [a, b] = await insertEstablishments(db, [{ name: 'La Esperanza' }, { name: 'El Ombú' }])
  if (!a || !b) throw new Error('no se crearon los establecimientos')

  const userIds = await insertUsers(
    db,
    [
      { email: 'admin@test.local', name: 'Ana', surname: 'Admin' },
      { email: 'member@test.local', name: 'Mario', surname: 'Miembro' },
      { email: 'outsider@test.local', name: 'Olga', surname: 'Otra' },
      { email: 'root@test.local', name: 'Raúl', surname: 'Root', is_super_admin: true },
    ],
    password_hash,
  )
  const id = (email: string) => userIds.get(email) as number
  await insertMemberships(db, [
    { userId: id('admin@test.local'), establishmentId: a.id, isAdmin: true },
    { userId: id('member@test.local'), establishmentId: a.id },
    { userId: id('outsider@test.local'), establishmentId: b.id },
  ])

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
