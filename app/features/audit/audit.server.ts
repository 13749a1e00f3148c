import { sql } from 'kysely'
import type { z } from 'zod'
import type { DB } from '~/db/database.server'
import { DATABASE_TIME_ZONE } from '~/db/type-parsers'
import type { AuditEntry, AuditPerson, auditAllListQuerySchema } from './audit.schema'

type Query = z.output<typeof auditAllListQuerySchema>

/**
 * A page of the audit log, newest first, filtered and paged in SQL (decision 033). `establishmentId`
 * undefined reads every establishment's (a superadmin's view); the dates are the farm's calendar days.
 */
export async function listAuditEntries(
  db: DB,
  establishmentId: number | undefined,
  query: Query,
): Promise<{ rows: AuditEntry[]; total: number; people: AuditPerson[] }> {
  const where = sql.join(
    [
      sql`true`,
      establishmentId !== undefined ? sql`l.establishment_id = ${establishmentId}` : sql`true`,
      query.user_id !== undefined ? sql`l.user_id = ${query.user_id}` : sql`true`,
      query.entity ? sql`l.entity = ${query.entity}` : sql`true`,
      query.from
        ? sql`l.occurred_at >= (${query.from}::date)::timestamp at time zone ${DATABASE_TIME_ZONE}`
        : sql`true`,
      query.to
        ? sql`l.occurred_at < ((${query.to}::date + 1)::timestamp at time zone ${DATABASE_TIME_ZONE})`
        : sql`true`,
      query.ids ? sql`l.id = any(${query.ids}::bigint[])` : sql`true`,
    ],
    sql` and `,
  )
  const [page, count, people] = await Promise.all([
    sql<AuditEntry & { occurred: Date }>`
      select l.id, l.occurred_at as occurred, l.user_id,
        nullif(trim(u.name || ' ' || u.surname), '') as user_name_only, u.email,
        l.establishment_id, e.name as establishment_name, l.action, l.entity, l.entity_id, l.before, l.after
      from audit_log l
      left join users u on u.id = l.user_id
      left join establishments e on e.id = l.establishment_id
      where ${where}
      order by l.occurred_at desc, l.id desc
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from audit_log l where ${where}`.execute(db),
    establishmentId === undefined
      ? sql<AuditPerson>`select u.id, coalesce(nullif(trim(u.name || ' ' || u.surname), ''), u.email) as name
          from users u order by 2, 1`.execute(db)
      : sql<AuditPerson>`select u.id, coalesce(nullif(trim(u.name || ' ' || u.surname), ''), u.email) as name
          from users u
          where u.is_super_admin
             or exists (select 1 from establishment_members m where m.user_id = u.id and m.establishment_id = ${establishmentId})
          order by 2, 1`.execute(db),
  ])
  const rows = page.rows.map((row) => {
    const r = row as unknown as Record<string, unknown>
    return {
      id: Number(r.id),
      occurred_at: (r.occurred as Date).toISOString(),
      user_id: (r.user_id as number | null) ?? null,
      user_name: (r.user_name_only as string | null) ?? (r.email as string | null) ?? null,
      establishment_id: (r.establishment_id as number | null) ?? null,
      establishment_name: (r.establishment_name as string | null) ?? null,
      action: r.action as string,
      entity: r.entity as string,
      entity_id: (r.entity_id as string | null) ?? null,
      before: (r.before ?? null) as AuditEntry['before'],
      after: (r.after ?? null) as AuditEntry['after'],
    }
  })
  return { rows, total: count.rows[0]?.n ?? 0, people: people.rows }
}
