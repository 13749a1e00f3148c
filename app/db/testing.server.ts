import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseEngine, type DatabaseHandle, migrateToLatest, openDatabase } from './database.server'

/**
 * Integration tests run on every engine available: in-memory PGlite always, and a real PostgreSQL
 * server when TEST_DATABASE_URL or DATABASE_URL is set (CI sets it). Use with describe.each:
 *
 *   describe.each(testEngines())('animals on %s', (engine) => {
 *     let handle: DatabaseHandle
 *     beforeAll(async () => { handle = await createTestDatabase(engine) })
 *     afterAll(() => handle.close())
 *   })
 */
export function testEngines(): DatabaseEngine[] {
  return serverUrl() ? ['pglite', 'postgres'] : ['pglite']
}

function serverUrl() {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined
}

/** A fresh, migrated, empty database of its own: tests never share state. */
export async function createTestDatabase(engine: DatabaseEngine): Promise<DatabaseHandle> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite' })
    await migrateToLatest(handle.db)
    return handle
  }
  const { url, drop } = await createPostgresDatabase()
  const handle = await openDatabase({ engine: 'postgres', connectionString: url, max: 4 })
  await migrateToLatest(handle.db)
  return {
    ...handle,
    close: async () => {
      await handle.close()
      await drop()
    },
  }
}

/**
 * A fresh, empty database on the test PostgreSQL server (TEST_DATABASE_URL or DATABASE_URL): its
 * URL, for this process or for servers the test starts, and a drop for when they are done with it.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = serverUrl()
  if (!base) throw new Error('TEST_DATABASE_URL o DATABASE_URL no está definido')
  const name = `insights_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: base })
      await cleanup.connect()
      try {
        // The pool's promise settles before its sockets are gone on the server's side: a forced drop
        // then kills a connection that is still closing, and its client raises an unhandled error.
        // Wait for the backends to leave; `force` only ends what is left after that.
        for (let wait = 0; wait < 50; wait++) {
          const { rows } = await cleanup.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          )
          if (!rows[0]?.n) break
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        await cleanup.query(`drop database if exists ${name} with (force)`)
      } finally {
        await cleanup.end()
      }
    },
  }
}
