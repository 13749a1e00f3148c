import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
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
      SEED_DEMO: false,
    })
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
