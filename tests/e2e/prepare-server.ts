/**
 * Runs just before the e2e server starts (see playwright.config.ts, webServer.command), with the
 * server's environment:
 * - empties DATA_DIR, so each run starts from no data;
 * - with DATABASE_URL set, drops and creates that database (its name must end in `_e2e`: this never
 *   touches any other database).
 */
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

async function freshDataDir(dir: string) {
  if (!path.basename(dir).startsWith('insights-e2e')) {
    throw new Error(`DATA_DIR ${dir} no parece una carpeta de e2e: no se borra`)
  }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
}

async function freshDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  if (!/^[a-z0-9_]+_e2e$/.test(name)) {
    throw new Error(`La base ${name} no termina en _e2e: no se borra`)
  }
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  return name
}

const started = Date.now()
const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR no está definido')
await freshDataDir(dataDir)
const databaseUrl = process.env.DATABASE_URL
const what = databaseUrl ? `base PostgreSQL ${await freshDatabase(databaseUrl)}` : 'PGlite'
console.log(`[e2e] DATA_DIR ${dataDir} vacío, ${what} lista (${Date.now() - started} ms)`)
