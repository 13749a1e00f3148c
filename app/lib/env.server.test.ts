import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getEnv, resetEnvCache } from './env.server'

const saved = { ...process.env }
let dataDir: string

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'insights-env-'))
  for (const key of [
    'PORT',
    'DATABASE_URL',
    'PROVIDER_URL',
    'TOKEN_SECRET',
    'SMTP_URL',
    'APP_URL',
    'SEED_DEMO',
    'TRUSTED_PROXIES',
    'WEB_CONCURRENCY',
  ]) {
    delete process.env[key]
  }
  process.env.DATA_DIR = dataDir
  resetEnvCache()
})
afterEach(() => {
  process.env = { ...saved }
  resetEnvCache()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('configuration', () => {
  it('defaults to the embedded database on port 3000', () => {
    const env = getEnv()
    expect(env).toMatchObject({
      PORT: 3000,
      DB_ENGINE: 'pglite',
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      // The embedded database starts with the demo unless told otherwise.
      SEED_DEMO: true,
    })
  })

  it('serves the embedded database from one process, PostgreSQL from one per CPU up to two (decision 053)', () => {
    expect(getEnv().WEB_CONCURRENCY).toBe(1)
    resetEnvCache()
    process.env.DATABASE_URL = 'postgresql://u@localhost/db'
    expect(getEnv().WEB_CONCURRENCY).toBe(Math.min(2, availableParallelism()))
    resetEnvCache()
    process.env.WEB_CONCURRENCY = '3'
    expect(getEnv().WEB_CONCURRENCY).toBe(3)
    resetEnvCache()
    process.env.WEB_CONCURRENCY = '1'
    expect(getEnv().WEB_CONCURRENCY).toBe(1)
  })

  it('refuses more than one process on the embedded database, and a count that is not 1–64', () => {
    process.env.WEB_CONCURRENCY = '2'
    expect(() => getEnv()).toThrow(
      'WEB_CONCURRENCY: la base embebida (PGlite) admite un solo proceso; para más de uno configure DATABASE_URL (PostgreSQL)',
    )
    // A refused configuration is not kept: fixing the variable is enough.
    process.env.WEB_CONCURRENCY = '1'
    expect(getEnv().WEB_CONCURRENCY).toBe(1)
    process.env.DATABASE_URL = 'postgresql://u@localhost/db'
    for (const bad of ['0', '65', '1.5', 'muchos']) {
      resetEnvCache()
      process.env.WEB_CONCURRENCY = bad
      expect(() => getEnv(), bad).toThrow('WEB_CONCURRENCY debe ser un número entero de 1 a 64')
    }
  })

  it('starts without demo data when SEED_DEMO=0, and only with SEED_DEMO=1 on PostgreSQL', () => {
    process.env.SEED_DEMO = '0'
    expect(getEnv().SEED_DEMO).toBe(false)
    resetEnvCache()
    delete process.env.SEED_DEMO
    process.env.DATABASE_URL = 'postgresql://u@127.0.0.1:5432/insights'
    expect(getEnv().SEED_DEMO).toBe(false)
    resetEnvCache()
    process.env.SEED_DEMO = '1'
    expect(getEnv().SEED_DEMO).toBe(true)
    resetEnvCache()
    process.env.SEED_DEMO = 'no'
    expect(() => getEnv()).toThrow(/SEED_DEMO debe ser 0 \(sin datos de demostración\) o 1/)
  })

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    process.env.DATABASE_URL = 'postgresql://u@127.0.0.1:5432/insights'
    expect(getEnv().DB_ENGINE).toBe('postgres')
  })

  it('explains invalid settings in Spanish', () => {
    process.env.PORT = 'ochenta'
    process.env.DATABASE_URL = 'mysql://x'
    expect(() => getEnv()).toThrow(
      /Configuración inválida[\s\S]*PORT[\s\S]*DATABASE_URL debe empezar con postgres/,
    )
  })

  it('reads TRUSTED_PROXIES as a hop count or a range list, and explains a bad one in Spanish', () => {
    expect(getEnv().TRUSTED_PROXIES).toEqual({ kind: 'hops', hops: 0 })
    process.env.TRUSTED_PROXIES = '2'
    resetEnvCache()
    expect(getEnv().TRUSTED_PROXIES).toEqual({ kind: 'hops', hops: 2 })
    process.env.TRUSTED_PROXIES = '10.0.0.0/8, 192.168.1.10,fd00::/8'
    resetEnvCache()
    expect(getEnv().TRUSTED_PROXIES.kind).toBe('ranges')
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.1,', 'sí']) {
      process.env.TRUSTED_PROXIES = bad
      resetEnvCache()
      expect(() => getEnv(), bad).toThrow(/TRUSTED_PROXIES debe ser una cantidad de proxies/)
    }
  })

  it('treats an empty variable as unset', () => {
    process.env.DATABASE_URL = ''
    expect(getEnv().DB_ENGINE).toBe('pglite')
  })

  it('generates the token secret once and keeps it in the data directory', () => {
    const first = getEnv().TOKEN_SECRET
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dataDir, 'token-secret'), 'utf8').trim()).toBe(first)
    resetEnvCache()
    expect(getEnv().TOKEN_SECRET).toBe(first)
  })

  it('uses TOKEN_SECRET when given', () => {
    process.env.TOKEN_SECRET = 'x'.repeat(40)
    expect(getEnv().TOKEN_SECRET).toBe('x'.repeat(40))
  })
})
