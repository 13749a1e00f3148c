import type { Insertable } from 'kysely'
import type { DB } from './database.server'
import type { AuditLogTable } from './schema'

export type AuditEntry = {
  userId: number | null
  establishmentId?: number | null
  /** What happened, snake_case English verbs: 'animal_update', 'animal_delete', 'alert_create'... */
  action: string
  /** The table's singular name: 'animal', 'weighing', 'alert'... */
  entity: string
  entityId?: string | number | null
  before?: unknown
  after?: unknown
}

/**
 * Writes audit entries (who, when, what, before/after) with one multi-row insert. Call it with the
 * transaction of the change it records, so a rolled-back change leaves no audit entry behind.
 * Changes of thousands of rows should rather `insert into audit_log ... select` in SQL.
 */
export async function recordAudit(db: DB, entries: AuditEntry | AuditEntry[]) {
  const list = Array.isArray(entries) ? entries : [entries]
  if (list.length === 0) return
  const rows: Insertable<AuditLogTable>[] = list.map((entry) => ({
    user_id: entry.userId,
    establishment_id: entry.establishmentId ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  }))
  await db.insertInto('audit_log').values(rows).execute()
}
