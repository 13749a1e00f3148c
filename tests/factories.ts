/**
 * Row factories: the one definition of how a test (or the demo seed) writes establishments, users,
 * memberships, tokens, rodeos, lookups, animals, sessions, events and alerts. Each takes the database
 * (or a transaction) first and the establishment it writes into, fills what the schema requires and a
 * test does not care about, and answers the ids in the order of its input.
 *
 * Database-only on purpose (no API, no Vitest): the demo seed (`app/db/seed`) writes its users,
 * memberships, establishments and rodeos through these, so what a test builds and what the demo holds
 * cannot drift apart (decision 023).
 */
import { randomBytes } from 'node:crypto'
import { type Insertable, type Kysely, sql } from 'kysely'
import { ensureLookups, lookupId } from '~/db/lookups.server'
import type { Database } from '~/db/schema'
import { hashToken } from '~/features/auth/auth.server'
import type { LookupTableName } from '~/features/lookups/lookup-values'

type Db = Kysely<Database>
type New<T extends keyof Database> = Insertable<Database[T]>
/** A row of an establishment's table, without the establishment (the factory's argument). */
type Owned<T extends keyof Database> = Omit<New<T>, 'establishment_id'>

/** The id of every lookup value by table and Spanish description; writes the lookups if missing. */
export async function lookups(db: Db): Promise<(table: LookupTableName, description: string) => number> {
  const ids = await ensureLookups(db)
  return (table, description) => lookupId(ids, table, description)
}

/** Establishments by name, in order. */
export async function insertEstablishments(db: Db, rows: readonly New<'establishments'>[]) {
  return db.insertInto('establishments').values(rows).returning(['id', 'name']).execute()
}

/**
 * Users with one password hash (hash once: scrypt takes a quarter of a second), in order. Answers
 * each user's id by email.
 */
export async function insertUsers(
  db: Db,
  users: readonly Omit<New<'users'>, 'password_hash'>[],
  passwordHash: string,
): Promise<Map<string, number>> {
  const rows = await db
    .insertInto('users')
    .values(users.map((user) => ({ ...user, password_hash: passwordHash })))
    .returning(['id', 'email'])
    .execute()
  return new Map(rows.map((row) => [row.email, row.id]))
}

export interface Membership {
  userId: number
  establishmentId: number
  isAdmin?: boolean
}

export async function insertMemberships(db: Db, memberships: readonly Membership[]) {
  if (memberships.length === 0) return
  await db
    .insertInto('establishment_members')
    .values(
      memberships.map((m) => ({
        user_id: m.userId,
        establishment_id: m.establishmentId,
        is_admin: m.isAdmin ?? false,
      })),
    )
    .execute()
}

/**
 * A bearer token of `userId`, as a sign-in would have issued it (12 hours unless `expiresAt`), without
 * the password check and its throttling: for tests about what a signed-in user may do, not about
 * signing in.
 */
export async function insertToken(db: Db, userId: number, expiresAt = new Date(Date.now() + 12 * 3600_000)) {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('auth_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: expiresAt })
    .execute()
  return token
}

/** Rodeos of an establishment by description; ids in order. */
export async function insertRodeos(db: Db, establishmentId: number, descriptions: readonly string[]) {
  const rows = await db
    .insertInto('rodeos')
    .values(descriptions.map((description) => ({ establishment_id: establishmentId, description })))
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Bulls of an establishment by alias; ids in order. */
export async function insertBulls(db: Db, establishmentId: number, rows: readonly Owned<'bulls'>[]) {
  const written = await db
    .insertInto('bulls')
    .values(rows.map((row) => ({ ...row, establishment_id: establishmentId })))
    .returning('id')
    .execute()
  return written.map((row) => row.id)
}

/** Animals of an establishment (a visual tag is all a row needs); `{ id, visual_tag }` in order. */
export async function insertAnimals(db: Db, establishmentId: number, rows: readonly Owned<'animals'>[]) {
  return db
    .insertInto('animals')
    .values(rows.map((row) => ({ ...row, establishment_id: establishmentId })))
    .returning(['id', 'visual_tag'])
    .execute()
}

type NewSession = Partial<Owned<'cattle_handlings'>> & Pick<Owned<'cattle_handlings'>, 'cattle_handling_work'>

/** Cattle-handling sessions of `work` (CATTLE_HANDLING_WORK) of an establishment; ids in order. */
export async function insertSessions(db: Db, establishmentId: number, sessions: readonly NewSession[]) {
  const rows = await db
    .insertInto('cattle_handlings')
    .values(
      sessions.map((session) => ({
        name: 'Sesión',
        activity_date: '2025-01-01 00:00:00',
        ...session,
        establishment_id: establishmentId,
      })),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** One cattle-handling session; its id. */
export async function insertSession(db: Db, establishmentId: number, session: NewSession) {
  const [id] = await insertSessions(db, establishmentId, [session])
  return id as number
}

/** The tables of an animal's events (and notes): one row per event, owned by an establishment. */
export type EventTable =
  | 'artificial_inseminations'
  | 'pregnancy_checks'
  | 'preservices'
  | 'weighings'
  | 'body_conditions'
  | 'notes'

/** Events of one kind of an establishment. */
export async function insertEvents<T extends EventTable>(
  db: Db,
  table: T,
  establishmentId: number,
  rows: readonly Owned<T>[],
) {
  if (rows.length === 0) return
  await db
    .insertInto(table)
    .values(rows.map((row) => ({ ...row, establishment_id: establishmentId })) as never)
    .execute()
}

/** Alerts of an establishment's animals (active unless `active: false`). */
export async function insertAlerts(db: Db, establishmentId: number, rows: readonly Owned<'alerts'>[]) {
  await db
    .insertInto('alerts')
    .values(rows.map((row) => ({ ...row, establishment_id: establishmentId })))
    .execute()
}

export interface NewCourse {
  /** Null: a general course (every establishment reads it). */
  establishmentId: number | null
  title: string
  passMark?: number
  lessons: { title: string; body?: string; videoUrl?: string }[]
  questions?: { prompt: string; options: string[]; correct: number }[]
}

/** A course of Capacitación Digital with its lessons and quiz; its id and its lessons' ids in order. */
export async function insertCourse(db: Db, course: NewCourse) {
  const { id } = await db
    .insertInto('courses')
    .values({
      establishment_id: course.establishmentId,
      title: course.title,
      pass_mark: course.passMark ?? 70,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const lessons = await db
    .insertInto('course_lessons')
    .values(
      course.lessons.map((lesson, index) => ({
        course_id: id,
        position: index + 1,
        title: lesson.title,
        body: lesson.body ?? '',
        video_url: lesson.videoUrl ?? '',
      })),
    )
    .returning('id')
    .execute()
  if (course.questions?.length)
    await db
      .insertInto('course_questions')
      .values(
        course.questions.map((question, index) => ({
          course_id: id,
          position: index + 1,
          prompt: question.prompt,
          options: JSON.stringify(question.options),
          correct_option: question.correct,
        })),
      )
      .execute()
  return { id, lessonIds: lessons.map((lesson) => lesson.id) }
}

/** Riders (recorredores) of an establishment, `[key, description]`; ids in order. */
export async function insertRiders(
  db: Db,
  establishmentId: number,
  riders: readonly (readonly [string, string])[],
) {
  const rows = await db
    .insertInto('riders')
    .values(riders.map(([key, description]) => ({ establishment_id: establishmentId, key, description })))
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Rodeos marked as feedlot pens, with their target weight (issue 22). */
export async function insertFeedlotPens(
  db: Db,
  establishmentId: number,
  rows: readonly { rodeoId: number; targetWeight: number }[],
) {
  await db
    .insertInto('feedlot_pens')
    .values(
      rows.map((r) => ({
        rodeo_id: r.rodeoId,
        establishment_id: establishmentId,
        target_weight: r.targetWeight,
      })),
    )
    .execute()
}

/** Daily intake of an establishment's animals (an electronic feeder's rows), one statement of arrays. */
export async function insertIntake(
  db: Db,
  establishmentId: number,
  rows: readonly Owned<'intake_records'>[],
) {
  if (rows.length === 0) return
  await sql`
    insert into intake_records (animal_id, intake_on, establishment_id, kg_as_fed, dry_matter_pct)
    select a, d, ${establishmentId}, k, m
    from unnest(${rows.map((r) => r.animal_id)}::uuid[], ${rows.map((r) => r.intake_on)}::date[],
      ${rows.map((r) => r.kg_as_fed)}::numeric[], ${rows.map((r) => r.dry_matter_pct)}::numeric[]) as t(a, d, k, m)`.execute(
    db,
  )
}
