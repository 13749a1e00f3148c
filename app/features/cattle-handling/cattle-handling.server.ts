import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import type { CattleHandlingWork } from '~/db/schema'
import { EVENT_KIND_INFO, kindOfWork } from '~/features/events/event-kinds'
import { normalizeRecordDate } from '~/features/events/events.schema'
import { invalid, notFound } from '~/lib/domain-errors'
import {
  type CreateSessionBody,
  SESSION_MESSAGES,
  type Session,
  type SessionHeader,
} from './cattle-handling.schema'

/** What a session answers with (its counters aside). */
const SESSION_COLUMNS = [
  'id',
  'establishment_id',
  'name',
  'description',
  'activity_date',
  'cattle_handling_work',
  'version',
] as const

/**
 * How many session headers a list answers: the most recent. Sessions accumulate over the years
 * (a few a week); the selectors and the table filter offer the recent ones, and an older session
 * stays reachable by its id (`GET /v2/cattle-handlings/{id}`, the table's `cattle_handling` filter).
 */
export const SESSION_HEADERS_LIMIT = 500

/** The establishment's sessions, newest activity first (at most SESSION_HEADERS_LIMIT); of one work type when given. */
export async function listSessionHeaders(
  db: DB,
  establishmentId: number,
  work?: CattleHandlingWork,
): Promise<SessionHeader[]> {
  let query = db
    .selectFrom('cattle_handlings')
    .select(['id', 'name'])
    .where('establishment_id', '=', establishmentId)
  if (work !== undefined) query = query.where('cattle_handling_work', '=', work)
  return query.orderBy('activity_date', 'desc').orderBy('id', 'desc').limit(SESSION_HEADERS_LIMIT).execute()
}

/** The establishment a session belongs to, or undefined when there is no such session. */
export async function sessionEstablishment(db: DB, sessionId: number) {
  const session = await db
    .selectFrom('cattle_handlings')
    .select('establishment_id')
    .where('id', '=', sessionId)
    .executeTakeFirst()
  return session?.establishment_id
}

/** A session with how many events (and distinct animals) of its work type it holds. */
export async function getSession(db: DB, sessionId: number): Promise<Session> {
  const session = await db
    .selectFrom('cattle_handlings')
    .select(SESSION_COLUMNS)
    .where('id', '=', sessionId)
    .executeTakeFirst()
  if (!session) throw notFound(SESSION_MESSAGES.notFound)
  const table = sql.table(EVENT_KIND_INFO[kindOfWork(session.cattle_handling_work)].table)
  const { rows } = await sql<{ events: number; animals: number }>`
    select count(*)::int as events, count(distinct animal_id)::int as animals
    from ${table} where cattle_handling_id = ${sessionId}
  `.execute(db)
  const counts = rows[0] ?? { events: 0, animals: 0 }
  return { ...session, ...counts }
}

/** Creates a session (audited). The caller has checked membership of `body.establishmentId`. */
export async function createSession(db: DB, body: CreateSessionBody, userId: number): Promise<Session> {
  const activityDate = normalizeRecordDate(body.activityDate)
  if (!activityDate) throw invalid(SESSION_MESSAGES.dateInvalid)
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('cattle_handlings')
      .values({
        establishment_id: body.establishmentId,
        name: body.name,
        description: body.description,
        activity_date: activityDate,
        cattle_handling_work: body.cattle_handling_work,
        created_by: userId,
      })
      .returning(SESSION_COLUMNS)
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId,
      establishmentId: body.establishmentId,
      action: 'cattle_handling_create',
      entity: 'cattle_handling',
      entityId: created.id,
      after: created,
    })
    return { ...created, events: 0, animals: 0 }
  })
}
