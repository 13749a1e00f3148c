import { type RawBuilder, sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import type { CattleHandlingWork } from '~/db/schema'
import { alertNotEnded } from '~/features/alerts/alerts.server'
import type { Sex } from '~/features/lookups/lookup-values'
import { conflict, DomainError, invalid, notFound } from '~/lib/domain-errors'
import { likePrefix } from '~/lib/list-query'
import {
  ESTABLISHMENT_LOOKUPS,
  EVENT_FIELDS,
  EVENT_KIND_INFO,
  type EventFieldInfo,
  type EventKind,
  STALE_EDIT_MESSAGE,
} from './event-kinds'
import { eventAnimalProblems, sessionProblem } from './events.rules'
import {
  type CreateEventBody,
  EVENT_MESSAGES,
  type EventCreate,
  type EventUpdate,
  type UpdateEventBody,
} from './events.schema'
import type {
  EventListQuery,
  EventRowByKind,
  EventSortColumn,
  InseminationRow,
  PregnancyCheckRow,
  PreserviceRow,
  WeighingRow,
} from './events-list.schema'

/** What a sentence calls the kind of session an event needs. */
const WORK_NOUN: Record<EventKind, string> = {
  'artificial-insemination': 'inseminación artificial',
  'pregnancy-check': 'diagnóstico de gestación',
  preservice: 'preservicio',
  weighing: 'pesada',
}

export const REFERENCE_MESSAGES = {
  animal: 'El animal no existe en este establecimiento (o fue dado de baja del sistema).',
  session: 'La sesión no existe en este establecimiento.',
  sessionWork: (kind: EventKind) => `La sesión elegida no es de ${WORK_NOUN[kind]}.`,
  bull: 'El toro no existe en este establecimiento.',
  inseminator: 'El inseminador no existe en este establecimiento.',
  detail: 'El diagnóstico indicado no existe.',
  grade: 'El grado reproductivo indicado no existe.',
  ovarian: 'El estado ovárico indicado no existe.',
  weighingTime: 'El momento de pesada indicado no existe.',
} as const
/** The fields that point at a row (their keys in EVENT_FIELDS). */
type ReferenceKey = Exclude<keyof typeof REFERENCE_MESSAGES, 'animal' | 'session' | 'sessionWork'>

export const NOT_FOUND_MESSAGES: Record<EventKind, string> = {
  'artificial-insemination': 'La inseminación no existe',
  'pregnancy-check': 'El diagnóstico de gestación no existe',
  preservice: 'El preservicio no existe',
  weighing: 'La pesada no existe',
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

const and = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` and `)

/**
 * The FROM and WHERE of an event list: the establishment's events of live animals (deleted animals
 * keep their events, decision 004, but lists show live ones) and the user's filters.
 *
 * Without a filter or sort on the animal, the animals table is not joined: the events come from the
 * covering index `<table>_list_idx` (migration 0003) and those of the establishment's few deleted
 * animals are left out by a hashed `not in` — so counting 300,000 weighings is an index-only scan.
 */
function listSource(kind: EventKind, establishmentId: number, q: EventListQuery, forSort = false) {
  const table = sql.table(EVENT_KIND_INFO[kind].table)
  const where: RawBuilder<unknown>[] = [sql`e.establishment_id = ${establishmentId}`]
  const anyOf = (column: string, ids: number[] | undefined) => {
    if (ids?.length) where.push(sql`${sql.ref(column)} = any(${ids}::bigint[])`)
  }
  const filtersAnimal = Boolean(q.visual_tag || q.electronic_tag || q.category?.length || q.rodeo?.length)
  const joinsAnimal = filtersAnimal || (forSort && q.sort === 'visual_tag')
  if (joinsAnimal) {
    // The animal's establishment is repeated so its list indexes (partial: live animals) apply.
    where.push(sql`a.establishment_id = ${establishmentId}`, sql`a.deleted_at is null`)
  } else {
    where.push(
      sql`e.animal_id not in (select d.id from animals d where d.establishment_id = ${establishmentId} and d.deleted_at is not null)`,
    )
  }
  if (q.visual_tag) where.push(sql`lower(a.visual_tag) like ${likePrefix(q.visual_tag)}`)
  if (q.electronic_tag) where.push(sql`a.electronic_tag like ${likePrefix(q.electronic_tag)}`)
  anyOf('a.animal_type_id', q.category)
  anyOf('a.rodeo_id', q.rodeo)
  anyOf('e.cattle_handling_id', q.cattle_handling)
  anyOf('e.id', q.ids)
  if (q.read_at_from) where.push(sql`e.read_at >= ${`${q.read_at_from} 00:00:00`}::timestamp`)
  if (q.read_at_to) where.push(sql`e.read_at <= ${`${q.read_at_to} 23:59:59`}::timestamp`)
  if (q.animal_id) where.push(sql`e.animal_id = ${q.animal_id}::uuid`)
  switch (kind) {
    case 'artificial-insemination':
      anyOf('e.bull_id', q.bull)
      anyOf('e.inseminator_id', q.inseminator)
      break
    case 'pregnancy-check':
      anyOf('e.pregnancy_check_detail_id', q.pregnancy_check_detail)
      if (q.is_ultrasound_scan) where.push(sql`e.is_ultrasound_scan = ${q.is_ultrasound_scan === '1'}`)
      break
    case 'preservice':
      anyOf('e.reproductive_grade_id', q.reproductive_grade)
      anyOf('e.ovarian_status_id', q.ovarian_status)
      break
    case 'weighing':
      anyOf('e.weighing_time_id', q.weighing_time)
      if (q.weight_min !== undefined) where.push(sql`e.weight >= ${q.weight_min}`)
      if (q.weight_max !== undefined) where.push(sql`e.weight <= ${q.weight_max}`)
      break
  }
  // A tag prefix picks few animals: read their events through the animal index, animal by animal.
  // (`offset 0` keeps the planner from flattening the lateral subquery back into a join that walks
  // every event of the establishment in date order looking for those animals.)
  const byTag = Boolean(q.visual_tag || q.electronic_tag)
  const from = byTag
    ? sql`animals a cross join lateral (select * from ${table} x where x.animal_id = a.id offset 0) e`
    : joinsAnimal
      ? sql`${table} e join animals a on a.id = e.animal_id`
      : sql`${table} e`
  return sql`${from} where ${and(where)}`
}

/**
 * A total order for every sort (the event id breaks ties); `reversed` gives its exact reverse, for
 * pages read from the end. Weighings without a gain (a first weighing) sort last both ways, as the
 * animals' gains do (decision 007), so their reverse puts them first.
 */
function orderBy(kind: EventKind, column: EventSortColumn, descending: boolean, reversed = false) {
  if (column === 'gdpv' && kind === 'weighing') {
    const dir = sql.raw(descending !== reversed ? 'desc' : 'asc')
    return sql`e.gdpv ${dir} nulls ${sql.raw(reversed ? 'first' : 'last')}, e.id ${dir}`
  }
  const dir = sql.raw(descending !== reversed ? 'desc' : 'asc')
  if (column === 'visual_tag') return sql`a.visual_tag ${dir}, e.read_at ${dir}, e.id ${dir}`
  if (column === 'weight' && kind === 'weighing') return sql`e.weight ${dir}, e.id ${dir}`
  return sql`e.read_at ${dir}, e.id ${dir}`
}

export interface EventListResult<R> {
  rows: R[]
  total: number
  page: number
  perPage: number
}

/**
 * One page of an establishment's events of a kind, filtered, sorted and paged in SQL: a count, the
 * page's ids from the sort index (pages past the middle read from the other end, as the animals
 * list does), then the rows of those ids only — derived values (a weighing's gain against the
 * weighing before it, an insemination's previous pre-service…) are computed for the page's rows.
 */
export async function listEvents<K extends EventKind>(
  db: DB,
  kind: K,
  establishmentId: number,
  q: EventListQuery,
): Promise<EventListResult<EventRowByKind[K]>> {
  // The count needs the animals only to filter on them; a sort by tag joins them for the page alone.
  const { rows: counted } = await sql<{ total: number }>`
    select count(*)::int as total from ${listSource(kind, establishmentId, q)}
  `.execute(db)
  const total = counted[0]?.total ?? 0
  const offset = (q.page - 1) * q.perPage
  if (offset >= total) return { rows: [], total, page: q.page, perPage: q.perPage }

  const descending = q.order === 'desc'
  const fromEnd = offset > total / 2
  const limit = Math.min(q.perPage, total - offset)
  const { rows: page } = await sql<{ id: number }>`
    select e.id from ${listSource(kind, establishmentId, q, true)}
    order by ${orderBy(kind, q.sort, descending, fromEnd)}
    limit ${limit} offset ${fromEnd ? total - offset - limit : offset}
  `.execute(db)
  const ids = page.map((row) => row.id)
  if (fromEnd) ids.reverse()
  return { rows: await eventRows(db, kind, ids), total, page: q.page, perPage: q.perPage }
}

type Ref = { id: number; description: string } | null
const ref = (id: number | null, description: string | null): Ref =>
  id === null ? null : { id, description: description ?? 'no disponible' }

/** The columns every kind's row reads from the event, its animal and its session. */
interface CommonColumns {
  id: number
  animal_id: string
  visual_tag: string
  electronic_tag: string | null
  animal_type_id: number | null
  category_description: string | null
  rodeo_id: number | null
  rodeo_description: string | null
  date_of_birth: string | null
  age: number | null
  chute_order: number | null
  cattle_handling_id: number
  cattle_handling_name: string
  cattle_handling_date: string
  read_at: string
  version: number
}

const COMMON_SELECT = sql`
  e.id, e.animal_id, a.visual_tag, a.electronic_tag, a.animal_type_id, at.description as category_description,
  a.rodeo_id, ro.description as rodeo_description, a.date_of_birth,
  current_date - a.date_of_birth::date as age, e.chute_order, e.cattle_handling_id,
  ch.name as cattle_handling_name, ch.activity_date as cattle_handling_date, e.read_at, e.version`

const COMMON_JOINS = sql`
  join animals a on a.id = e.animal_id
  join cattle_handlings ch on ch.id = e.cattle_handling_id
  left join animal_types at on at.id = a.animal_type_id
  left join rodeos ro on ro.id = a.rodeo_id`

/** The rows of the given events, in the given order: the kind's details plus what every row shares. */
export async function eventRows<K extends EventKind>(
  db: DB,
  kind: K,
  ids: number[],
): Promise<EventRowByKind[K][]>
export async function eventRows(
  db: DB,
  kind: EventKind,
  ids: number[],
): Promise<EventRowByKind[EventKind][]> {
  if (ids.length === 0) return []
  const rows = await kindRows(db, kind, ids)
  const context = await sharedContext(db, rows)
  const byId = new Map(rows.map((row) => [row.common.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const c = row.common
    const key = `${c.animal_id}:${c.cattle_handling_id}`
    return [
      {
        animal_id: c.animal_id,
        visible_tag: c.visual_tag,
        electronic_tag: c.electronic_tag,
        category: ref(c.animal_type_id, c.category_description),
        current_rodeo: ref(c.rodeo_id, c.rodeo_description),
        date_of_birth: c.date_of_birth,
        age: c.age,
        notes: context.notes.get(key) ?? [],
        order: c.chute_order,
        body_condition: context.bodyConditions.get(key) ?? null,
        cattle_handling_id: c.cattle_handling_id,
        cattle_handling_name: c.cattle_handling_name,
        alerts: context.alerts.get(c.animal_id) ?? [],
        version: c.version,
        ...row.specific,
      },
    ]
  })
}

/** Notes and body condition taken in the events' sessions, and the animals' active alerts: three small queries. */
async function sharedContext(db: DB, rows: { common: CommonColumns }[]) {
  const animals = [...new Set(rows.map((row) => row.common.animal_id))]
  const sessions = [...new Set(rows.map((row) => row.common.cattle_handling_id))]
  const [notes, bodyConditions, alerts] = await Promise.all([
    db
      .selectFrom('notes')
      .select(['animal_id', 'cattle_handling_id', 'content', 'read_at'])
      .where('animal_id', 'in', animals)
      .where('cattle_handling_id', 'in', sessions)
      .orderBy('read_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('body_conditions as bc')
      .innerJoin('body_condition_details as d', 'd.id', 'bc.body_condition_detail_id')
      .select(['bc.id', 'bc.animal_id', 'bc.cattle_handling_id', 'd.description', 'bc.read_at'])
      .where('bc.animal_id', 'in', animals)
      .where('bc.cattle_handling_id', 'in', sessions)
      .orderBy('bc.read_at')
      .orderBy('bc.id')
      .execute(),
    db
      .selectFrom('alerts as al')
      .select(['al.id', 'al.animal_id', 'al.description'])
      .where('al.animal_id', 'in', animals)
      .where('al.active', '=', true)
      .where(alertNotEnded('al'))
      .orderBy('created_at')
      .execute(),
  ])
  const notesByKey = new Map<string, { content: string; read_at: string }[]>()
  for (const note of notes) {
    const key = `${note.animal_id}:${note.cattle_handling_id}`
    notesByKey.set(key, [...(notesByKey.get(key) ?? []), { content: note.content, read_at: note.read_at }])
  }
  // Ordered by date: the last one of a session wins.
  const conditionByKey = new Map<string, { id: number; description: string; read_at: string }>()
  for (const bc of bodyConditions) {
    conditionByKey.set(`${bc.animal_id}:${bc.cattle_handling_id}`, {
      id: bc.id,
      description: bc.description,
      read_at: bc.read_at,
    })
  }
  const alertsByAnimal = new Map<string, { id: number; description: string }[]>()
  for (const alert of alerts) {
    alertsByAnimal.set(alert.animal_id, [
      ...(alertsByAnimal.get(alert.animal_id) ?? []),
      { id: alert.id, description: alert.description },
    ])
  }
  return { notes: notesByKey, bodyConditions: conditionByKey, alerts: alertsByAnimal }
}

type Shared =
  | 'animal_id'
  | 'visible_tag'
  | 'electronic_tag'
  | 'category'
  | 'current_rodeo'
  | 'date_of_birth'
  | 'age'
  | 'notes'
  | 'order'
  | 'body_condition'
  | 'cattle_handling_id'
  | 'cattle_handling_name'
  | 'alerts'
  | 'version'

/** The columns every row shares, and the kind's own fields (distributed over a union of kinds). */
type KindRow<R> = R extends unknown ? { common: CommonColumns; specific: Omit<R, Shared> } : never

async function kindRows<K extends EventKind>(
  db: DB,
  kind: K,
  ids: number[],
): Promise<KindRow<EventRowByKind[K]>[]>
async function kindRows(
  db: DB,
  kind: EventKind,
  ids: number[],
): Promise<KindRow<EventRowByKind[EventKind]>[]> {
  switch (kind) {
    case 'artificial-insemination':
      return inseminationRows(db, ids)
    case 'pregnancy-check':
      return pregnancyCheckRows(db, ids)
    case 'preservice':
      return preserviceRows(db, ids)
    case 'weighing':
      return weighingRows(db, ids)
  }
}

function splitCommon<T extends CommonColumns>(row: T): CommonColumns {
  return {
    id: row.id,
    animal_id: row.animal_id,
    visual_tag: row.visual_tag,
    electronic_tag: row.electronic_tag,
    animal_type_id: row.animal_type_id,
    category_description: row.category_description,
    rodeo_id: row.rodeo_id,
    rodeo_description: row.rodeo_description,
    date_of_birth: row.date_of_birth,
    age: row.age,
    chute_order: row.chute_order,
    cattle_handling_id: row.cattle_handling_id,
    cattle_handling_name: row.cattle_handling_name,
    cattle_handling_date: row.cattle_handling_date,
    read_at: row.read_at,
    version: row.version,
  }
}

/**
 * Inseminations with the animal's latest pre-service on or before the day and its first pregnancy
 * check after it: lateral joins over the page's rows, each one index probe
 * (`<table>_animal_idx (animal_id, read_at desc, id desc)`).
 */
async function inseminationRows(db: DB, ids: number[]): Promise<KindRow<InseminationRow>[]> {
  const { rows } = await sql<
    CommonColumns & {
      bull_id: number | null
      bull_alias: string | null
      inseminator_id: number | null
      inseminator_first_name: string | null
      inseminator_last_name: string | null
      ps_id: number | null
      ps_read_at: string | null
      ps_grade_id: number | null
      ps_grade: string | null
      ps_ovarian_id: number | null
      ps_ovarian: string | null
      pc_id: number | null
      pc_read_at: string | null
      pc_detail_id: number | null
      pc_detail: string | null
    }
  >`
    select ${COMMON_SELECT},
      e.bull_id, b.alias as bull_alias, e.inseminator_id,
      i.first_name as inseminator_first_name, i.last_name as inseminator_last_name,
      ps.id as ps_id, ps.read_at as ps_read_at, ps.reproductive_grade_id as ps_grade_id, rg.description as ps_grade,
      ps.ovarian_status_id as ps_ovarian_id, os.description as ps_ovarian,
      pc.id as pc_id, pc.read_at as pc_read_at, pc.pregnancy_check_detail_id as pc_detail_id, pcd.description as pc_detail
    from artificial_inseminations e
    ${COMMON_JOINS}
    left join bulls b on b.id = e.bull_id
    left join inseminators i on i.id = e.inseminator_id
    left join lateral (
      select p.id, p.read_at, p.reproductive_grade_id, p.ovarian_status_id from preservices p
      where p.animal_id = e.animal_id and p.read_at < e.read_at::date + 1
      order by p.read_at desc, p.id desc limit 1
    ) ps on true
    left join reproductive_grades rg on rg.id = ps.reproductive_grade_id
    left join ovarian_statuses os on os.id = ps.ovarian_status_id
    left join lateral (
      select p.id, p.read_at, p.pregnancy_check_detail_id from pregnancy_checks p
      where p.animal_id = e.animal_id and p.read_at > e.read_at
      order by p.read_at asc, p.id asc limit 1
    ) pc on true
    left join pregnancy_check_details pcd on pcd.id = pc.pregnancy_check_detail_id
    where e.id = any(${ids}::bigint[])
  `.execute(db)
  return rows.map((r) => ({
    common: splitCommon(r),
    specific: {
      artificial_insemination_id: r.id,
      artificial_insemination_date: r.read_at,
      bull_id: r.bull_id,
      bull_alias: r.bull_alias,
      inseminator_id: r.inseminator_id,
      inseminator_name:
        r.inseminator_id === null
          ? null
          : `${r.inseminator_first_name ?? ''} ${r.inseminator_last_name ?? ''}`.trim(),
      previous_preservice:
        r.ps_id !== null && r.ps_read_at
          ? {
              preservice_id: r.ps_id,
              read_at: r.ps_read_at,
              reproductive_grade: ref(r.ps_grade_id, r.ps_grade),
              ovarian_status: ref(r.ps_ovarian_id, r.ps_ovarian),
            }
          : null,
      following_pregnancy_check:
        r.pc_id !== null && r.pc_read_at
          ? {
              pregnancy_check_id: r.pc_id,
              read_at: r.pc_read_at,
              pregnancy_check_detail: ref(r.pc_detail_id, r.pc_detail),
            }
          : null,
    },
  }))
}

async function pregnancyCheckRows(db: DB, ids: number[]): Promise<KindRow<PregnancyCheckRow>[]> {
  const { rows } = await sql<
    CommonColumns & { detail_id: number | null; detail: string | null; is_ultrasound_scan: boolean }
  >`
    select ${COMMON_SELECT},
      e.pregnancy_check_detail_id as detail_id, d.description as detail, e.is_ultrasound_scan
    from pregnancy_checks e
    ${COMMON_JOINS}
    left join pregnancy_check_details d on d.id = e.pregnancy_check_detail_id
    where e.id = any(${ids}::bigint[])
  `.execute(db)
  return rows.map((r) => ({
    common: splitCommon(r),
    specific: {
      pregnancy_check_id: r.id,
      pregnancy_check_date: r.read_at,
      pregnancy_check_detail: ref(r.detail_id, r.detail),
      is_ultrasound_scan: r.is_ultrasound_scan ? 1 : 0,
      animalTypeId: r.animal_type_id,
    },
  }))
}

/** Pre-services with the animal's weight at its latest weighing on or before the day. */
async function preserviceRows(db: DB, ids: number[]): Promise<KindRow<PreserviceRow>[]> {
  const { rows } = await sql<
    CommonColumns & {
      grade_id: number | null
      grade: string | null
      ovarian_id: number | null
      ovarian: string | null
      last_weighing: number | null
      last_weighing_date: string | null
    }
  >`
    select ${COMMON_SELECT},
      e.reproductive_grade_id as grade_id, rg.description as grade,
      e.ovarian_status_id as ovarian_id, os.description as ovarian,
      lw.weight as last_weighing, lw.read_at as last_weighing_date
    from preservices e
    ${COMMON_JOINS}
    left join reproductive_grades rg on rg.id = e.reproductive_grade_id
    left join ovarian_statuses os on os.id = e.ovarian_status_id
    left join lateral (
      select w.weight, w.read_at from weighings w
      where w.animal_id = e.animal_id and w.read_at < e.read_at::date + 1
      order by w.read_at desc, w.id desc limit 1
    ) lw on true
    where e.id = any(${ids}::bigint[])
  `.execute(db)
  return rows.map((r) => ({
    common: splitCommon(r),
    specific: {
      preservice_id: r.id,
      preservice_date: r.read_at,
      reproductive_grade: ref(r.grade_id, r.grade),
      ovarian_status: ref(r.ovarian_id, r.ovarian),
      last_weighing: r.last_weighing,
      last_weighing_date: r.last_weighing_date,
    },
  }))
}

/**
 * Weighings with the gains of THAT weighing (decision 007's formulas and guards, applied to it):
 * against the animal's weighing just before it and its first weighing, found by lateral joins over
 * the page's rows only.
 */
async function weighingRows(db: DB, ids: number[]): Promise<KindRow<WeighingRow>[]> {
  const { rows } = await sql<
    CommonColumns & {
      weighing_time_id: number | null
      weighing_time_description: string | null
      weight: number
      weight_at_birth: number | null
      previous_weight: number | null
      first_weight: number | null
      days_since_previous_weight: number | null
      days_since_first_weight: number | null
      gdpv: number | null
      gdpvital: number | null
    }
  >`
    select ${COMMON_SELECT},
      e.weighing_time_id, wt.description as weighing_time_description, e.weight, a.weight_at_birth,
      p.weight as previous_weight, f.weight as first_weight,
      e.read_at::date - p.read_at::date as days_since_previous_weight,
      e.read_at::date - f.read_at::date as days_since_first_weight,
      e.gdpv,
      case when a.weight_at_birth is not null and a.date_of_birth is not null
          and e.read_at::date - a.date_of_birth::date > 0
        then round((e.weight - a.weight_at_birth) / (e.read_at::date - a.date_of_birth::date), 3) end as gdpvital
    from weighings e
    ${COMMON_JOINS}
    left join weighing_times wt on wt.id = e.weighing_time_id
    left join lateral (
      select w.weight, w.read_at from weighings w
      where w.animal_id = e.animal_id and (w.read_at, w.id) < (e.read_at, e.id)
      order by w.read_at desc, w.id desc limit 1
    ) p on true
    left join lateral (
      select w.weight, w.read_at from weighings w
      where w.animal_id = e.animal_id
      order by w.read_at asc, w.id asc limit 1
    ) f on true
    where e.id = any(${ids}::bigint[])
  `.execute(db)
  return rows.map((r) => ({
    common: splitCommon(r),
    specific: {
      weighing_id: r.id,
      cattle_handling_date: r.cattle_handling_date,
      weighing_time_id: r.weighing_time_id,
      weighing_time_description: r.weighing_time_description,
      current_weight: r.weight,
      current_weight_date: r.read_at,
      weight_at_birth: r.weight_at_birth,
      GDPV: r.gdpv,
      first_weight: r.first_weight,
      previous_weight: r.previous_weight,
      days_since_previous_weight: r.days_since_previous_weight,
      days_since_first_weight: r.days_since_first_weight,
      GDPVital: r.gdpvital,
    },
  }))
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** The references of an event write, by column; undefined: not being set. */
interface References {
  animal_id?: string
  cattle_handling_id?: number
  bull_id?: number | null
  inseminator_id?: number | null
  pregnancy_check_detail_id?: number | null
  reproductive_grade_id?: number | null
  ovarian_status_id?: number | null
  weighing_time_id?: number | null
}

/**
 * Checks in one query that everything an event points at exists in the establishment: the live
 * animal, a session of the event's work type, the bull and inseminator of the establishment and the
 * general lookups. (The composite foreign keys hold the same rules; this gives the Spanish reason.)
 * Run inside the write's transaction: the animal's row is locked as the latest-event triggers lock
 * it (no key update), so an animal deleted meanwhile is seen deleted, and one being deleted waits
 * until the event is written (the foreign key's own lock does not conflict with a soft delete).
 */
async function checkReferences(db: DB, kind: EventKind, establishmentId: number, refs: References) {
  const checks: {
    field: keyof References
    column: RawBuilder<unknown>
    fails: (value: unknown) => string | undefined
  }[] = []
  const exists = (field: keyof References, query: RawBuilder<unknown>, message: string) =>
    checks.push({ field, column: sql`exists(${query})`, fails: (ok) => (ok ? undefined : message) })
  if (refs.animal_id !== undefined) {
    exists(
      'animal_id',
      sql`select 1 from animals where id = ${refs.animal_id}::uuid and establishment_id = ${establishmentId} and deleted_at is null for no key update`,
      REFERENCE_MESSAGES.animal,
    )
  }
  if (refs.cattle_handling_id !== undefined) {
    checks.push({
      field: 'cattle_handling_id',
      column: sql`(select cattle_handling_work from cattle_handlings where id = ${refs.cattle_handling_id} and establishment_id = ${establishmentId})`,
      fails: (work) => {
        const problem = sessionProblem(
          kind,
          work === null || work === undefined ? undefined : { work: Number(work) as CattleHandlingWork },
        )
        if (problem === 'missing') return REFERENCE_MESSAGES.session
        if (problem === 'other-work') return REFERENCE_MESSAGES.sessionWork(kind)
        return undefined
      },
    })
  }
  const lookup = (field: keyof References, query: RawBuilder<unknown>, message: string) => {
    const id = refs[field]
    if (id !== undefined && id !== null) exists(field, query, message)
  }
  // What each of the kind's fields points at (event-kinds.ts); the bulls and inseminators are the
  // establishment's own. The messages are keyed like the fields.
  for (const [key, field] of Object.entries(EVENT_FIELDS[kind]) as [ReferenceKey, EventFieldInfo][]) {
    if (field.lookup === undefined) continue
    const column = field.column as keyof References
    const ownOnly = ESTABLISHMENT_LOOKUPS.has(field.lookup)
      ? sql` and establishment_id = ${establishmentId}`
      : sql``
    lookup(
      column,
      sql`select 1 from ${sql.table(field.lookup)} where id = ${refs[column]}${ownOnly}`,
      REFERENCE_MESSAGES[key],
    )
  }
  if (checks.length === 0) return
  const columns = sql.join(checks.map((check, index) => sql`${check.column} as ${sql.ref(`c${index}`)}`))
  const { rows } = await sql<Record<string, unknown>>`select ${columns}`.execute(db)
  const answer = rows[0] ?? {}
  for (const [index, check] of checks.entries()) {
    const problem = check.fails(answer[`c${index}`])
    if (problem) throw invalid(problem, check.field)
  }
}

/**
 * The rules about the event's animal (events.rules.ts: female-only kinds, one event of the kind per
 * animal and session unless confirmed), over the facts one query loads: the animal's tag and sex and
 * whether it already has an event of the kind in the session (`except`: the event being edited).
 * Run after checkReferences, which found the animal live in the establishment.
 */
async function checkAnimalRules(
  db: DB,
  kind: EventKind,
  facts: { animalId: string; sessionId: number; except?: number; repeatConfirmed: boolean },
) {
  const table = sql.table(EVENT_KIND_INFO[kind].table)
  const { rows } = await sql<{
    visual_tag: string
    sex: Sex | null
    in_session: boolean
    check_out_type: string | null
    check_out_date: string | null
  }>`
    select a.visual_tag, s.description as sex,
      exists(select 1 from ${table} e where e.animal_id = a.id and e.cattle_handling_id = ${facts.sessionId}
        and e.id <> ${facts.except ?? 0}) as in_session,
      cot.description as check_out_type, a.check_out_date
    from animals a left join sexes s on s.id = a.sex_id
      left join check_out_types cot on cot.id = a.check_out_type_id
    where a.id = ${facts.animalId}::uuid
  `.execute(db)
  const [animal] = rows
  if (!animal) throw invalid(REFERENCE_MESSAGES.animal, 'animal_id')
  const [problem] = eventAnimalProblems(kind, {
    animal: {
      visualTag: animal.visual_tag,
      sex: animal.sex,
      checkOut: { type: animal.check_out_type, date: animal.check_out_date },
    },
    alreadyInSession: animal.in_session,
    repeatConfirmed: facts.repeatConfirmed,
  })
  if (problem) {
    throw problem.kind === 'conflict'
      ? new DomainError('conflict', problem.message, { field: 'animal_id' })
      : invalid(problem.message, 'animal_id')
  }
}

/** The kind's own columns of a write (spec field names to columns; absent fields stay absent). */
function kindColumns(write: EventCreate | EventUpdate) {
  switch (write.kind) {
    case 'artificial-insemination':
      return { bull_id: write.body.bull_id, inseminator_id: write.body.inseminator_id }
    case 'pregnancy-check':
      return {
        pregnancy_check_detail_id: write.body.pregnancy_check_detailId,
        is_ultrasound_scan: write.body.is_ultrasound_scan,
      }
    case 'preservice':
      return {
        reproductive_grade_id: write.body.reproductive_grade_id,
        ovarian_status_id: write.body.ovarian_status_id,
      }
    case 'weighing':
      return { weighing_time_id: write.body.weighing_time_id, weight: write.body.weight }
  }
}

/** The body as recorded: the confirmation of a repeat is how it was asked, not part of the event. */
function withoutConfirmation<T extends { confirm_repeat?: boolean }>(body: T) {
  const { confirm_repeat: _confirmed, ...rest } = body
  return rest
}

/** The next place in the session's chute order: the crew records animals as they come through. */
const nextChuteOrder = (table: EventKind, sessionId: number) =>
  sql<number>`(select coalesce(max(chute_order), 0) + 1 from ${sql.table(EVENT_KIND_INFO[table].table)} where cattle_handling_id = ${sessionId})`

/**
 * Records one event (spec section 7, the four creates): references checked in the establishment,
 * the next chute order of the session, an audit entry in the same transaction. Answers the new row
 * in the list's shape.
 */
export async function createEvent<K extends EventKind>(
  db: DB,
  write: { kind: K; body: CreateEventBody<K> },
  establishmentId: number,
  userId: number,
): Promise<EventRowByKind[K]>
export async function createEvent(db: DB, write: EventCreate, establishmentId: number, userId: number) {
  const { body } = write
  const columns = kindColumns(write)
  const id = await db.transaction().execute(async (trx) => {
    await checkReferences(trx, write.kind, establishmentId, {
      animal_id: body.animal_id,
      cattle_handling_id: body.cattle_handling_id,
      ...columns,
    })
    await checkAnimalRules(trx, write.kind, {
      animalId: body.animal_id,
      sessionId: body.cattle_handling_id,
      repeatConfirmed: body.confirm_repeat === true,
    })
    const common = {
      establishment_id: establishmentId,
      animal_id: body.animal_id,
      cattle_handling_id: body.cattle_handling_id,
      read_at: body.read_at,
      chute_order: nextChuteOrder(write.kind, body.cattle_handling_id),
      created_by: userId,
    }
    let inserted: { id: number }
    switch (write.kind) {
      case 'artificial-insemination':
        inserted = await trx
          .insertInto('artificial_inseminations')
          .values({ ...common, bull_id: write.body.bull_id, inseminator_id: write.body.inseminator_id })
          .returning('id')
          .executeTakeFirstOrThrow()
        break
      case 'pregnancy-check':
        inserted = await trx
          .insertInto('pregnancy_checks')
          .values({
            ...common,
            pregnancy_check_detail_id: write.body.pregnancy_check_detailId,
            is_ultrasound_scan: write.body.is_ultrasound_scan,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        break
      case 'preservice':
        inserted = await trx
          .insertInto('preservices')
          .values({
            ...common,
            reproductive_grade_id: write.body.reproductive_grade_id,
            ovarian_status_id: write.body.ovarian_status_id,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        break
      case 'weighing':
        inserted = await trx
          .insertInto('weighings')
          .values({ ...common, weighing_time_id: write.body.weighing_time_id, weight: write.body.weight })
          .returning('id')
          .executeTakeFirstOrThrow()
        break
    }
    await recordAudit(trx, {
      userId,
      establishmentId,
      action: `${EVENT_KIND_INFO[write.kind].entity}_create`,
      entity: EVENT_KIND_INFO[write.kind].entity,
      entityId: inserted.id,
      after: { ...withoutConfirmation(body), ...columns },
    })
    return inserted.id
  })
  const [row] = await eventRows(db, write.kind, [id])
  if (!row) throw new Error('No se pudo leer el registro creado')
  return row
}

/** An event as stored: enough to check, merge and audit an edit or a deletion. */
interface StoredEvent {
  id: number
  establishment_id: number
  animal_id: string
  cattle_handling_id: number
  read_at: string
  version: number
  [column: string]: unknown
}

/** The establishment of an event of a kind, or undefined when there is no such event. */
export async function eventEstablishment(db: DB, kind: EventKind, id: number) {
  const { rows } = await sql<{ establishment_id: number }>`
    select establishment_id from ${sql.table(EVENT_KIND_INFO[kind].table)} where id = ${id}
  `.execute(db)
  return rows[0]?.establishment_id
}

/** The stored event, locked for the rest of the transaction; 404 in the kind's words if gone. */
async function lockEvent(trx: DB, kind: EventKind, id: number): Promise<StoredEvent> {
  const { rows } = await sql<StoredEvent>`
    select * from ${sql.table(EVENT_KIND_INFO[kind].table)} where id = ${id} for update
  `.execute(trx)
  const [event] = rows
  if (!event) throw notFound(NOT_FOUND_MESSAGES[kind])
  return event
}

/** Audit snapshots without bookkeeping columns. */
function snapshot(event: StoredEvent) {
  const { created_at: _created, updated_at: _updated, created_by: _by, ...rest } = event
  return rest
}

/**
 * Edits an event (spec: PATCH /v2/{type}/{id}). The edit names the version it was based on: if
 * someone saved the event meanwhile, nothing is written and the answer is 409. The row is read
 * locked inside the transaction, so the rules, the version check and the audit's `before` are those
 * of the row the edit replaces. The caller has checked membership of the event's establishment.
 */
export async function updateEvent<K extends EventKind>(
  db: DB,
  write: { kind: K; body: UpdateEventBody<K> },
  id: number,
  userId: number,
): Promise<EventRowByKind[K]>
export async function updateEvent(db: DB, write: EventUpdate, id: number, userId: number) {
  const { body } = write
  const columns = Object.fromEntries(
    Object.entries(kindColumns(write)).filter(([, value]) => value !== undefined),
  )
  const changes = {
    ...(body.animal_id !== undefined ? { animal_id: body.animal_id } : {}),
    ...(body.cattle_handling_id !== undefined ? { cattle_handling_id: body.cattle_handling_id } : {}),
    ...(body.read_at !== undefined ? { read_at: body.read_at } : {}),
    ...columns,
  }
  const table = sql.table(EVENT_KIND_INFO[write.kind].table)
  const assignments = sql.join(
    Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
  )
  await db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, write.kind, id)
    if (event.version !== body.version) throw conflict(STALE_EDIT_MESSAGE)
    if (write.kind === 'preservice') {
      const grade =
        write.body.reproductive_grade_id !== undefined
          ? write.body.reproductive_grade_id
          : event.reproductive_grade_id
      const ovarian =
        write.body.ovarian_status_id !== undefined ? write.body.ovarian_status_id : event.ovarian_status_id
      if (grade === null && ovarian === null) {
        throw invalid(EVENT_MESSAGES.preserviceEmpty, 'ovarian_status_id')
      }
    }
    await checkReferences(trx, write.kind, event.establishment_id, {
      animal_id: body.animal_id,
      cattle_handling_id: body.cattle_handling_id,
      ...columns,
    })
    // An edit that moves the event to another animal or session meets the animal's rules there.
    // (An edit of other fields, sent with the same animal and session, is not judged again: an
    // animal may hold a confirmed repeat, or have changed sex since.)
    const movesAnimal = body.animal_id !== undefined && body.animal_id !== event.animal_id
    const movesSession =
      body.cattle_handling_id !== undefined &&
      Number(body.cattle_handling_id) !== Number(event.cattle_handling_id)
    if (movesAnimal || movesSession) {
      await checkAnimalRules(trx, write.kind, {
        animalId: body.animal_id ?? event.animal_id,
        sessionId: body.cattle_handling_id ?? event.cattle_handling_id,
        except: id,
        repeatConfirmed: body.confirm_repeat === true,
      })
    }
    const { rows } = await sql<StoredEvent>`
      update ${table}
      set ${assignments}, version = version + 1, updated_at = now()
      where id = ${id}
      returning *
    `.execute(trx)
    const [after] = rows
    if (!after) throw notFound(NOT_FOUND_MESSAGES[write.kind])
    await recordAudit(trx, {
      userId,
      establishmentId: event.establishment_id,
      action: `${EVENT_KIND_INFO[write.kind].entity}_update`,
      entity: EVENT_KIND_INFO[write.kind].entity,
      entityId: id,
      before: snapshot(event),
      after: snapshot(after),
    })
  })
  const [row] = await eventRows(db, write.kind, [id])
  if (!row) throw new Error('No se pudo leer el registro modificado')
  return row
}

/**
 * Deletes a weighing (audited with the row as it was, read locked in the transaction). `version` is
 * optional for the spec's callers, which send none; when given (the UI always does) a stale one
 * answers 409 and nothing is deleted.
 */
export async function deleteWeighing(db: DB, id: number, userId: number, version?: number) {
  await db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, 'weighing', id)
    if (version !== undefined && event.version !== version) throw conflict(STALE_EDIT_MESSAGE)
    await trx.deleteFrom('weighings').where('id', '=', id).execute()
    await recordAudit(trx, {
      userId,
      establishmentId: event.establishment_id,
      action: 'weighing_delete',
      entity: 'weighing',
      entityId: id,
      before: snapshot(event),
    })
  })
}
