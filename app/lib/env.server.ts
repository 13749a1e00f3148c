import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { parseTrustedProxies, TRUSTED_PROXIES_ERROR, type TrustedProxies } from './trusted-proxies'

/**
 * The one place that reads process.env. Every setting is documented in README.md and .env.example.
 * Parsed lazily (and cached) so scripts and tests can set variables before the first read.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar con postgres:// o postgresql://')
    .optional(),
  PROVIDER_URL: z.url().optional(),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET debe tener al menos 32 caracteres').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL debe empezar con smtp:// o smtps://')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Insights <no-responder@insights.local>'),
  APP_URL: z.url().optional(),
  /** Who may say who the client is (decision 015): a proxy count or CIDR list; unset, nobody. */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value, ctx): TrustedProxies => {
      const parsed = parseTrustedProxies(value)
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: TRUSTED_PROXIES_ERROR })
        return z.NEVER
      }
      return parsed
    }),
  /**
   * Origins (https, space- or comma-separated) external boards may be framed from: the CSP frame-src
   * (decision 038). Unset: no board is framed (each still opens in a new tab).
   */
  BOARD_FRAME_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins = (value ?? '').split(/[\s,]+/).filter(Boolean)
      for (const origin of origins) {
        let parsed: URL | undefined
        try {
          parsed = new URL(origin)
        } catch {}
        if (!parsed || parsed.protocol !== 'https:' || parsed.origin !== origin) {
          ctx.addIssue({
            code: 'custom',
            message: `BOARD_FRAME_ORIGINS: «${origin}» no es un origen https (https://host[:puerto])`,
          })
          return z.NEVER
        }
      }
      return origins
    }),
  /**
   * Demo data on an empty database: '1' writes it, '0' never (a real farm's first start, decision
   * 032); unset, the embedded database gets it and PostgreSQL does not.
   */
  SEED_DEMO: z.enum(['0', '1'], { error: 'SEED_DEMO debe ser 0 (sin datos de demostración) o 1' }).optional(),
  /**
   * How many server processes share the port (decisions 049 and 053; PostgreSQL only, the embedded
   * database's data directory has one owner). Unset: two on PostgreSQL (one on a one-CPU machine),
   * one on the embedded database.
   */
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'WEB_CONCURRENCY debe ser un número entero de 1 a 64' })
    .int({ error: 'WEB_CONCURRENCY debe ser un número entero de 1 a 64' })
    .min(1, { error: 'WEB_CONCURRENCY debe ser un número entero de 1 a 64' })
    .max(64, { error: 'WEB_CONCURRENCY debe ser un número entero de 1 a 64' })
    .optional(),
})

export type Env = Omit<
  z.infer<typeof schema>,
  'TOKEN_SECRET' | 'APP_URL' | 'SEED_DEMO' | 'WEB_CONCURRENCY'
> & {
  /** Server processes sharing the port: WEB_CONCURRENCY, else defaultPostgresProcesses() on PostgreSQL, one on PGlite. */
  WEB_CONCURRENCY: number
  /** Whether an empty database gets the demo data at start (SEED_DEMO, or the engine's default). */
  SEED_DEMO: boolean
  /** Absolute path of DATA_DIR. */
  DATA_DIR: string
  TOKEN_SECRET: string
  APP_URL: string
  /** Which database engine the settings select. */
  DB_ENGINE: 'pglite' | 'postgres'
}

let cached: Env | undefined

/**
 * Processes on PostgreSQL when WEB_CONCURRENCY is unset: one per CPU, at most two (decision 053).
 * A page render is one core's work, so one process leaves a second core idle while pages queue;
 * more than two is the operator's choice, since each adds ~200 MB after a burst of renders.
 */
function defaultPostgresProcesses() {
  return Math.min(2, availableParallelism())
}

function blankToUndefined(source: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
}

export function getEnv(): Env {
  if (cached) return cached
  const parsed = schema.safeParse(blankToUndefined(process.env))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
    throw new Error(`Configuración inválida:\n${problems}`)
  }
  const raw = parsed.data
  const dataDir = path.resolve(raw.DATA_DIR)
  cached = {
    ...raw,
    DATA_DIR: dataDir,
    TOKEN_SECRET: raw.TOKEN_SECRET ?? readOrCreateSecret(dataDir),
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    DB_ENGINE: raw.DATABASE_URL ? 'postgres' : 'pglite',
    SEED_DEMO: raw.SEED_DEMO === undefined ? !raw.DATABASE_URL : raw.SEED_DEMO === '1',
    WEB_CONCURRENCY: raw.WEB_CONCURRENCY ?? (raw.DATABASE_URL ? defaultPostgresProcesses() : 1),
  }
  if (cached.DB_ENGINE === 'pglite' && cached.WEB_CONCURRENCY > 1) {
    const problem = `  WEB_CONCURRENCY: la base embebida (PGlite) admite un solo proceso; para más de uno configure DATABASE_URL (PostgreSQL)`
    cached = undefined
    throw new Error(`Configuración inválida:\n${problem}`)
  }
  return cached
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined
}

/**
 * A secret generated once and kept beside the data, so tokens survive restarts without any setup.
 * Several instances behind a load balancer must share TOKEN_SECRET instead (README).
 */
function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, 'token-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  return secret
}
