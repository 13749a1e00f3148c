import { type RawBuilder, sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { conflict, invalid, notFound } from '~/lib/domain-errors'
import {
  FRAMEWORK_MESSAGES,
  type FrameworkBody,
  type FrameworkItem,
  type FrameworkKind,
  frameworkItemName,
} from './framework.schema'

/**
 * The establishment framework's writes and lists (decision 033). Every write runs in one
 * transaction under a per-establishment, per-kind lock (two "Norte"/"norte" sent together wait for
 * each other), is audited in that transaction, and refuses with Spanish domain errors. Names are
 * compared with the database's `framework_name_key` (migration 0008), the same function its unique
 * indexes use, so the check and the constraint cannot disagree on any engine or locale.
 */

type Row = Record<string, unknown>

interface KindSql {
  table: string
  /** The audit log's entity name (the table's singular). */
  entity: string
  /** The name key of the row aliased `t`. */
  key: RawBuilder<string>
  /** The name key of a body. */
  keyOf: (body: Row) => RawBuilder<string>
  /** The body as the table's columns. */
  columns: (body: Row) => Row
  /** The item's own fields, selected from `t`. */
  select: RawBuilder<unknown>
  /** Rows referencing `t` (animals, events): an item in use is archived, not deleted. */
  uses: RawBuilder<number>
}

const zero = sql<number>`0`

const KINDS: Record<FrameworkKind, KindSql> = {
  rodeos: {
    table: 'rodeos',
    entity: 'rodeo',
    key: sql`framework_name_key(t.description)`,
    keyOf: (b) => sql`framework_name_key(${b.name})`,
    columns: (b) => ({ description: b.name }),
    select: sql`t.description as name,
      (select count(*)::int from animals a
        where a.establishment_id = t.establishment_id and a.rodeo_id = t.id and a.deleted_at is null) as animals`,
    uses: sql`(select count(*)::int from animals a where a.establishment_id = t.establishment_id and a.rodeo_id = t.id)`,
  },
  bulls: {
    table: 'bulls',
    entity: 'bull',
    key: sql`framework_name_key(t.alias)`,
    keyOf: (b) => sql`framework_name_key(${b.alias})`,
    columns: (b) => ({ alias: b.alias, breed_id: b.breed_id ?? null, registration: b.registration ?? null }),
    select: sql`t.alias, t.breed_id, (select description from breeds br where br.id = t.breed_id) as breed, t.registration`,
    uses: sql`((select count(*) from animals a where a.establishment_id = t.establishment_id
          and (a.father_id = t.id or a.service_bull_id = t.id))
        + (select count(*) from artificial_inseminations e where e.establishment_id = t.establishment_id
          and e.bull_id = t.id))::int`,
  },
  inseminators: {
    table: 'inseminators',
    entity: 'inseminator',
    key: sql`framework_name_key(t.first_name || ' ' || t.last_name)`,
    keyOf: (b) => sql`framework_name_key(${b.first_name}::text || ' ' || ${b.last_name ?? ''}::text)`,
    columns: (b) => ({ first_name: b.first_name, last_name: b.last_name ?? '' }),
    select: sql`t.first_name, t.last_name`,
    uses: sql`(select count(*)::int from artificial_inseminations e
        where e.establishment_id = t.establishment_id and e.inseminator_id = t.id)`,
  },
  riders: {
    table: 'riders',
    entity: 'rider',
    key: sql`framework_name_key(t.key)`,
    keyOf: (b) => sql`framework_name_key(${b.key})`,
    columns: (b) => ({ key: b.key, description: b.description }),
    select: sql`t.key, t.description`,
    // Nothing references a rider yet; a foreign key added later is still caught on delete (23503).
    uses: zero,
  },
  origins: {
    table: 'origins',
    entity: 'origin',
    key: sql`framework_name_key(t.description)`,
    keyOf: (b) => sql`framework_name_key(${b.description})`,
    columns: (b) => ({ description: b.description }),
    select: sql`t.description`,
    // Animals keep their origin as text (spec section 3: `origin`), so "in use" is by text.
    uses: sql`(select count(*)::int from animals a
        where a.establishment_id = t.establishment_id and a.origin = t.description)`,
  },
  owners: {
    table: 'owners',
    entity: 'owner',
    key: sql`framework_name_key(t.name)`,
    keyOf: (b) => sql`framework_name_key(${b.name})`,
    columns: (b) => ({ name: b.name }),
    select: sql`t.name`,
    uses: sql`(select count(*)::int from animals a where a.establishment_id = t.establishment_id and a.owner_id = t.id)`,
  },
}

/** Names order the same on every engine and locale: by the key, then the id. */
async function selectItems(db: DB, kind: FrameworkKind, establishmentId: number, where: RawBuilder<unknown>) {
  const k = KINDS[kind]
  const { rows } = await sql<Row>`
    select t.id, t.archived_at is not null as archived, ${k.uses} as uses, ${k.select}
    from ${sql.table(k.table)} t
    where t.establishment_id = ${establishmentId} and ${where}
    order by ${k.key}, t.id`.execute(db)
  return rows as unknown as FrameworkItem[]
}

/** The establishment's items of a kind by name; archived ones only when asked. */
export async function listFrameworkItems<K extends FrameworkKind>(
  db: DB,
  kind: K,
  establishmentId: number,
  options: { includeArchived?: boolean } = {},
): Promise<FrameworkItem<K>[]> {
  const where = options.includeArchived ? sql`true` : sql`t.archived_at is null`
  return (await selectItems(db, kind, establishmentId, where)) as FrameworkItem<K>[]
}

async function getItem<K extends FrameworkKind>(db: DB, kind: K, establishmentId: number, id: number) {
  const [item] = await selectItems(db, kind, establishmentId, sql`t.id = ${id}`)
  if (!item) throw notFound(FRAMEWORK_MESSAGES.notFound(kind))
  return item as FrameworkItem<K>
}

/** The row as its columns (the audit's before/after), locked for the write. */
async function lockedColumns(db: DB, kind: FrameworkKind, establishmentId: number, id: number) {
  const { rows } = await sql<Row>`
    select * from ${sql.table(KINDS[kind].table)}
    where id = ${id} and establishment_id = ${establishmentId} for update`.execute(db)
  const row = rows[0]
  if (!row) throw notFound(FRAMEWORK_MESSAGES.notFound(kind))
  const { establishment_id: _e, created_at: _c, ...columns } = row
  return columns
}

async function lock(db: DB, kind: FrameworkKind, establishmentId: number) {
  await sql`select pg_advisory_xact_lock(hashtext(${`framework_${kind}`}), ${establishmentId}::int)`.execute(
    db,
  )
}

/** Refuses a name another item of the establishment (archived ones included) has under its key. */
async function refuseDuplicate(
  db: DB,
  kind: FrameworkKind,
  establishmentId: number,
  body: Row,
  exceptId?: number,
) {
  const k = KINDS[kind]
  const { rows } = await sql<{ id: number; archived: boolean } & Row>`
    select t.id, t.archived_at is not null as archived, ${k.select}
    from ${sql.table(k.table)} t
    where t.establishment_id = ${establishmentId} and ${k.key} = ${k.keyOf(body)}
      and t.id <> ${exceptId ?? 0}
    limit 1`.execute(db)
  const taken = rows[0]
  if (taken)
    throw conflict(
      FRAMEWORK_MESSAGES.duplicate(kind, frameworkItemName(kind, taken as never), Boolean(taken.archived)),
    )
}

async function checkBreed(db: DB, kind: FrameworkKind, body: Row) {
  if (kind !== 'bulls' || body.breed_id === null || body.breed_id === undefined) return
  const breed = await db
    .selectFrom('breeds')
    .select('id')
    .where('id', '=', body.breed_id as number)
    .executeTakeFirst()
  if (!breed) throw invalid(FRAMEWORK_MESSAGES.badBreed, 'breed_id')
}

interface Write {
  establishmentId: number
  userId: number
}

export async function createFrameworkItem<K extends FrameworkKind>(
  db: DB,
  kind: K,
  input: Write & { body: FrameworkBody<K> },
): Promise<FrameworkItem<K>> {
  const k = KINDS[kind]
  const body = input.body as Row
  return db.transaction().execute(async (trx) => {
    await lock(trx, kind, input.establishmentId)
    await refuseDuplicate(trx, kind, input.establishmentId, body)
    await checkBreed(trx, kind, body)
    const columns = k.columns(body)
    const { rows } = await sql<{ id: number }>`
      insert into ${sql.table(k.table)} (establishment_id, ${sql.join(Object.keys(columns).map((c) => sql.ref(c)))})
      values (${input.establishmentId}, ${sql.join(Object.values(columns))})
      returning id`.execute(trx)
    const id = (rows[0] as { id: number }).id
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: `${k.entity}_create`,
      entity: k.entity,
      entityId: id,
      after: columns,
    })
    return getItem(trx, kind, input.establishmentId, id)
  })
}

/** Edits an item (a rename included); archived items may be edited too. */
export async function updateFrameworkItem<K extends FrameworkKind>(
  db: DB,
  kind: K,
  input: Write & { id: number; body: FrameworkBody<K> },
): Promise<FrameworkItem<K>> {
  const k = KINDS[kind]
  const body = input.body as Row
  return db.transaction().execute(async (trx) => {
    await lock(trx, kind, input.establishmentId)
    const before = await lockedColumns(trx, kind, input.establishmentId, input.id)
    await refuseDuplicate(trx, kind, input.establishmentId, body, input.id)
    await checkBreed(trx, kind, body)
    const columns = k.columns(body)
    await sql`
      update ${sql.table(k.table)}
      set ${sql.join(Object.entries(columns).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))}
      where id = ${input.id} and establishment_id = ${input.establishmentId}`.execute(trx)
    const { archived_at: _a, id: _i, ...old } = before
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: `${k.entity}_update`,
      entity: k.entity,
      entityId: input.id,
      before: old,
      after: columns,
    })
    return getItem(trx, kind, input.establishmentId, input.id)
  })
}

/**
 * Archives (hides from pickers and filters; history keeps naming it) or restores an item. A rodeo
 * with live animals is not archived: they would sit in a rodeo no picker offers.
 */
export async function setFrameworkItemArchived<K extends FrameworkKind>(
  db: DB,
  kind: K,
  input: Write & { id: number; archived: boolean },
): Promise<FrameworkItem<K>> {
  const k = KINDS[kind]
  return db.transaction().execute(async (trx) => {
    const before = await lockedColumns(trx, kind, input.establishmentId, input.id)
    if (input.archived && kind === 'rodeos') {
      const item = (await getItem(trx, 'rodeos', input.establishmentId, input.id)) as FrameworkItem<'rodeos'>
      if (item.animals > 0) throw conflict(FRAMEWORK_MESSAGES.rodeoHasAnimals(item.name, item.animals))
    }
    if ((before.archived_at !== null) !== input.archived) {
      await sql`
        update ${sql.table(k.table)} set archived_at = ${input.archived ? sql`now()` : null}
        where id = ${input.id} and establishment_id = ${input.establishmentId}`.execute(trx)
      await recordAudit(trx, {
        userId: input.userId,
        establishmentId: input.establishmentId,
        action: `${k.entity}_${input.archived ? 'archive' : 'restore'}`,
        entity: k.entity,
        entityId: input.id,
        before: { archived: !input.archived },
        after: { archived: input.archived },
      })
    }
    return getItem(trx, kind, input.establishmentId, input.id)
  })
}

/** Deletes an item nothing references; one in use is refused with the advice to archive it. */
export async function deleteFrameworkItem(db: DB, kind: FrameworkKind, input: Write & { id: number }) {
  const k = KINDS[kind]
  try {
    await db.transaction().execute(async (trx) => {
      const before = await lockedColumns(trx, kind, input.establishmentId, input.id)
      const item = await getItem(trx, kind, input.establishmentId, input.id)
      if (item.uses > 0)
        throw conflict(FRAMEWORK_MESSAGES.inUse(kind, frameworkItemName(kind, item), item.uses))
      await sql`delete from ${sql.table(k.table)} where id = ${input.id} and establishment_id = ${input.establishmentId}`.execute(
        trx,
      )
      const { id: _i, ...old } = before
      await recordAudit(trx, {
        userId: input.userId,
        establishmentId: input.establishmentId,
        action: `${k.entity}_delete`,
        entity: k.entity,
        entityId: input.id,
        before: old,
      })
    })
  } catch (error) {
    // A reference the count above does not know of (a table added later) still refuses in Spanish.
    if ((error as { code?: string }).code === '23503')
      throw conflict(FRAMEWORK_MESSAGES.inUse(kind, `#${input.id}`, 1))
    throw error
  }
}
