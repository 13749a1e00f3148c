/**
 * Demo data: three establishments of about 1,500 animals with two years of work, and four users.
 * Deterministic (a seeded generator and a fixed reference day, see calendar.ts): two empty
 * databases seeded anywhere hold the same rows, UUIDs included.
 */
import { type Kysely, sql } from 'kysely'
import { hashPassword } from '~/features/auth/password.server'
import { insertMemberships, insertUsers } from '../../../tests/factories'
import { ensureLookups } from '../lookups.server'
import type { Database } from '../schema'
import { runUpkeep } from '../upkeep.server'
import { referenceDay } from './calendar'
import { writeHerd } from './establishment.server'
import { writeFeedEfficiency } from './feed-efficiency'
import { planHerd } from './herd'
import { DEMO_ESTABLISHMENTS, largeProfile } from './profiles'
import { writeRiderRecords } from './riders'

type DB = Kysely<Database>

export const DEMO_PASSWORD = 'Demo1234'

export const DEMO_USERS = [
  {
    email: 'superadmin@demo.test',
    name: 'Sofía',
    surname: 'Martínez',
    is_super_admin: true,
    must_change_password: false,
  },
  {
    email: 'admin@demo.test',
    name: 'Martín',
    surname: 'Fernández',
    is_super_admin: false,
    must_change_password: false,
  },
  {
    email: 'usuario@demo.test',
    name: 'Lucía',
    surname: 'González',
    is_super_admin: false,
    must_change_password: false,
  },
  {
    email: 'cambio@demo.test',
    name: 'Diego',
    surname: 'Romero',
    is_super_admin: false,
    must_change_password: true,
  },
] as const

/** Memberships by demo establishment (index into DEMO_ESTABLISHMENTS). Superadmins need none. */
const DEMO_MEMBERSHIPS = [
  { email: 'admin@demo.test', establishment: 0, isAdmin: true },
  { email: 'admin@demo.test', establishment: 1, isAdmin: false },
  { email: 'usuario@demo.test', establishment: 0, isAdmin: false },
  { email: 'cambio@demo.test', establishment: 0, isAdmin: false },
] as const

/** Serializes seeders: two app instances starting on one empty PostgreSQL seed it once. */
const SEED_LOCK = 7_347_290_113

export interface SeedSummary {
  establishments: number
  animals: number
  events: number
  milliseconds: number
}

async function isEmpty(db: DB) {
  const { rows } = await sql<{ empty: boolean }>`
    select not exists (select 1 from establishments) and not exists (select 1 from users) as empty`.execute(
    db,
  )
  return rows[0]?.empty === true
}

/**
 * Seeds the demo only into a database with no establishments and no users; returns whether it did.
 * Safe to call on every start: the check is repeated under a lock inside the transaction.
 */
export async function seedDemoIfEmpty(db: DB): Promise<boolean> {
  if (!(await isEmpty(db))) return false
  // Hashed before the transaction (scrypt takes a quarter of a second), once for all four users.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const seeded = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    if (!(await isEmpty(trx))) return false
    await writeDemo(trx, passwordHash)
    return true
  })
  // Statistics for the planner from the first request on (PGlite has no autovacuum: decision 027).
  if (seeded) await runUpkeep(db, { analyzeOnly: true })
  return seeded
}

/** Seeds the demo unconditionally, in one transaction. Fails (and writes nothing) if a demo user exists. */
export async function seedDemo(db: DB): Promise<SeedSummary> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const summary = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    return writeDemo(trx, passwordHash)
  })
  await runUpkeep(db, { analyzeOnly: true })
  return summary
}

async function writeDemo(trx: DB, passwordHash: string): Promise<SeedSummary> {
  const started = performance.now()
  const lookups = await ensureLookups(trx)
  const userId = await insertUsers(trx, DEMO_USERS, passwordHash)
  const superAdmin = userId.get('superadmin@demo.test') ?? null
  const admin = userId.get('admin@demo.test') ?? null

  const reference = referenceDay()
  const establishmentIds: number[] = []
  let animals = 0
  let events = 0
  for (const [index, profile] of DEMO_ESTABLISHMENTS.entries()) {
    const author = DEMO_MEMBERSHIPS.some((m) => m.establishment === index && m.isAdmin) ? admin : superAdmin
    const written = await writeHerd(trx, planHerd(profile, reference), lookups, { userId: author })
    establishmentIds.push(written.establishmentId)
    animals += written.animals
    events += written.events
  }
  await writeRiderRecords(trx, reference, admin)
  await writeFeedEfficiency(trx, { establishmentIds, reference, lookups, userId: superAdmin })
  await insertMemberships(
    trx,
    DEMO_MEMBERSHIPS.map((m) => ({
      userId: userId.get(m.email) as number,
      establishmentId: establishmentIds[m.establishment] as number,
      isAdmin: m.isAdmin,
    })),
  )
  return {
    establishments: establishmentIds.length,
    animals,
    events,
    milliseconds: Math.round(performance.now() - started),
  }
}

export const LARGE_ESTABLISHMENT_NAME = 'Estancia Grande (benchmark)'

export interface LargeSeedOptions {
  animals: number
}

export interface LargeSeedSummary {
  establishmentId: number
  name: string
  animals: number
  events: number
  milliseconds: number
}

/**
 * Adds one establishment of `animals` animals with the demo's generator, for load tests (db:seed
 * --animals N). Each call adds another ('… 2', '… 3'); its electronic tags use a block no live
 * animal uses. The demo admin, if present, becomes its administrator.
 */
export async function seedLargeEstablishment(db: DB, options: LargeSeedOptions): Promise<LargeSeedSummary> {
  const count = Math.floor(options.animals)
  if (!Number.isFinite(count) || count < 100 || count > 2_000_000) {
    throw new Error('La cantidad de animales debe estar entre 100 y 2.000.000.')
  }
  const summary = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    const started = performance.now()
    const lookups = await ensureLookups(trx)
    const names = new Set(
      (
        await trx
          .selectFrom('establishments')
          .select('name')
          .where('name', 'like', `${LARGE_ESTABLISHMENT_NAME}%`)
          .execute()
      ).map((r) => r.name),
    )
    let name = LARGE_ESTABLISHMENT_NAME
    for (let n = 2; names.has(name); n++) name = `${LARGE_ESTABLISHMENT_NAME} ${n}`
    const { rows: blocks } = await sql<{ block: string }>`
      select distinct substr(electronic_tag, 4, 4) as block from animals
      where electronic_tag like '032%' and deleted_at is null`.execute(trx)
    const used = new Set(blocks.map((b) => Number(b.block)))
    let tagBlock = 7001
    while (used.has(tagBlock)) tagBlock++

    const admin = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirst()
    const plan = planHerd(largeProfile(name, count, tagBlock), referenceDay())
    const written = await writeHerd(trx, plan, lookups, { userId: admin?.id ?? null })
    if (admin) {
      await insertMemberships(trx, [
        { userId: admin.id, establishmentId: written.establishmentId, isAdmin: true },
      ])
    }
    return { ...written, name, milliseconds: Math.round(performance.now() - started) }
  })
  // A bulk load: VACUUM ANALYZE where autovacuum would (decision 027), so the first list is planned
  // on statistics and its counts read the visibility map, on PGlite (no autovacuum) as on a server.
  await runUpkeep(db)
  return summary
}
