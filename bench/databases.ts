/**
 * The benchmarks' databases: an in-memory (or on-disk) PGlite, or a new database on a PostgreSQL
 * server that is dropped at the end, even after Ctrl-C (run.ts runs the cleanups on exit and on
 * SIGINT). Shared by the in-process bench (run.ts), the HTTP bench (http.ts) and the scale bench
 * (scale.ts), so all three seed and drop their databases the same way.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseEngine, type DatabaseHandle, openDatabase } from '~/db/database.server'

/** Cleanups still owed (a database to drop), run on exit and on Ctrl-C. */
const cleanups = new Set<() => Promise<void>>()

export async function runCleanups() {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup)
    await cleanup().catch((error) => console.error('cleanup failed:', error))
  }
}

/** Something to undo at exit even if the run fails or is interrupted; returns its removal. */
export function addCleanup(cleanup: () => Promise<void>) {
  cleanups.add(cleanup)
  return () => cleanups.delete(cleanup)
}

export interface BenchDatabase extends DatabaseHandle {
  /** The new database's URL (PostgreSQL), e.g. for a server process to open it too. */
  url?: string
}

/**
 * PGlite (in memory, or in `dataDir` for a server to open after this handle is closed), or a new
 * database on the server (dropped when the handle is closed), like db/testing.server.ts.
 */
export async function openBenchDatabase(
  engine: DatabaseEngine,
  serverUrl: string | undefined,
  options: { dataDir?: string } = {},
): Promise<BenchDatabase> {
  if (engine === 'pglite') return openDatabase({ engine: 'pglite', dataDir: options.dataDir })
  if (!serverUrl) throw new Error('no PostgreSQL URL')
  const name = `insights_bench_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  let dropped = false
  const drop = async () => {
    if (dropped) return
    dropped = true
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(`drop database if exists ${name} with (force)`)
    } finally {
      await client.end()
    }
  }
  cleanups.add(drop)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let handle: DatabaseHandle
  try {
    // The app's own pool settings (openDatabase's default size): what production runs with.
    handle = await openDatabase({ engine: 'postgres', connectionString: url.toString() })
  } catch (error) {
    await drop()
    cleanups.delete(drop)
    throw error
  }
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      try {
        await handle.close()
      } finally {
        await drop()
        cleanups.delete(drop)
      }
    },
  }
}
