import { type ExpressionBuilder, sql } from 'kysely'
import type { DB } from '~/db/database.server'
import type { Database } from '~/db/schema'
import { alertNotEnded } from '~/features/alerts/alerts.server'
import {
  frameworkNames,
  frameworkToken,
  type NamedLookup,
} from '~/features/establishments/framework-cache.server'
import { PREGNANCY_CHECK_DUE_DAYS } from '~/features/insights/insights.schema'
import { isElectronicTag, normalizeElectronicTag } from '~/lib/electronic-tag'
import { likePrefix } from '~/lib/list-query'
import type { AnimalExportColumnId, AnimalExportRow } from './animals.export'
import type { AnimalFilterOptions, AnimalListQuery, AnimalListRow, AnimalSortColumn } from './animals.schema'

type AnimalsEB = ExpressionBuilder<Database & { a: Database['animals'] }, 'a'>

/** The WHERE of a list request: the establishment's live animals and the user's filters. */
function filtered(db: DB, establishmentId: number, q: AnimalListQuery) {
  let query = db
    .selectFrom('animals as a')
    .where('a.establishment_id', '=', establishmentId)
    .where('a.deleted_at', 'is', null)
  if (q.status === 'activos') query = query.where('a.check_out_date', 'is', null)
  if (q.status === 'bajas') query = query.where('a.check_out_date', 'is not', null)
  if (q.visual_tag) query = query.where(sql`lower(a.visual_tag)`, 'like', likePrefix(q.visual_tag))
  if (q.electronic_tag) query = query.where('a.electronic_tag', 'like', likePrefix(q.electronic_tag))
  const lists = [
    ['category', 'a.animal_type_id'],
    ['rodeo', 'a.rodeo_id'],
    ['breed', 'a.breed_id'],
    ['color', 'a.color_id'],
    ['gender', 'a.sex_id'],
    ['check_in_type', 'a.check_in_type_id'],
  ] as const
  for (const [param, column] of lists) {
    const ids = q[param]
    if (ids?.length) query = query.where(column, 'in', ids)
  }
  if (q.date_of_birth_from) query = query.where('a.date_of_birth', '>=', `${q.date_of_birth_from} 00:00:00`)
  if (q.date_of_birth_to) query = query.where('a.date_of_birth', '<=', `${q.date_of_birth_to} 23:59:59`)
  if (q.last_weight_min !== undefined) query = query.where('a.last_weight', '>=', q.last_weight_min)
  if (q.last_weight_max !== undefined) query = query.where('a.last_weight', '<=', q.last_weight_max)
  if (q.gdpv_min !== undefined) query = query.where('a.gdpv', '>=', q.gdpv_min)
  if (q.gdpv_max !== undefined) query = query.where('a.gdpv', '<=', q.gdpv_max)
  if (q.alerts === '1') {
    query = query.where((eb: AnimalsEB) =>
      eb.exists(
        eb
          .selectFrom('alerts as al')
          .select('al.id')
          .whereRef('al.animal_id', '=', 'a.id')
          .where('al.active', '=', true)
          .where(alertNotEnded('al')),
      ),
    )
  }
  // Resumen's attention cards (docs/kpis.md): the same predicates count the card and filter the list.
  // The column's check constraint admits no empty tag: null is 'sin RFID'.
  if (q.no_rfid === '1') query = query.where('a.electronic_tag', 'is', null)
  if (q.not_weighed) {
    const cutoff = sql<string>`current_date - ${Number(q.not_weighed)}::int`
    query = query.where((eb: AnimalsEB) =>
      eb.or([eb('a.last_weight_read_at', 'is', null), eb('a.last_weight_read_at', '<', cutoff)]),
    )
  }
  if (q.pregnancy_check_due === '1') {
    // The last insemination is at least PREGNANCY_CHECK_DUE_DAYS old and no check was read since its day.
    query = query.where(
      sql<boolean>`exists (select 1 from artificial_inseminations ai
        where ai.id = a.last_artificial_insemination_id
          and ai.read_at < current_date - ${PREGNANCY_CHECK_DUE_DAYS - 1}::int
          and not exists (select 1 from pregnancy_checks pc where pc.id = a.last_pregnancy_check_id
            and pc.read_at::date >= ai.read_at::date))`,
    )
  }
  if (q.ids)
    query = query.where('a.id', 'in', q.ids.length ? q.ids : ['00000000-0000-0000-0000-000000000000'])
  if (q.except?.length) query = query.where('a.id', 'not in', q.except)
  return query
}

/** How many animals a list request matches (Resumen's cards count with the list's own filters). */
export async function countAnimals(db: DB, establishmentId: number, q: AnimalSelectionQuery) {
  const { total } = await filtered(db, establishmentId, { ...q, page: 1, perPage: 1 })
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(total)
}

/** A selection as the server resolves it: the filters of a list request, and listed ids or exceptions. */
export type AnimalSelectionQuery = Omit<AnimalListQuery, 'page' | 'perPage'>

/** Rows read per block of an export: one flat query each, a block of the sheet each. */
export const EXPORT_BLOCK_ROWS = 2000

/** The lookups an export column names, each a small table read by id (cached across blocks). */
const EXPORT_LOOKUPS = {
  category: ['animal_types', 'animal_type_id'],
  rodeo: ['rodeos', 'rodeo_id'],
  breed: ['breeds', 'breed_id'],
  gender: ['sexes', 'sex_id'],
  color: ['colors', 'color_id'],
} as const satisfies Partial<
  Record<AnimalExportColumnId, readonly [keyof Database, keyof Database['animals']]>
>

/**
 * Every animal of a selection (the establishment's, filtered like the list by the same `filtered()`,
 * `ids` or `except` applied), in the list's order, as export rows in blocks: the ids first (one
 * index scan), then each block with one flat query of the animals table plus only the joins the
 * requested columns need; the lookups (category, rodeo…) are read by id once per export, not joined
 * per row. An export of 100,000 animals holds one block in memory (docs/decisions/016).
 */
export async function* selectedAnimalExportBlocks(
  db: DB,
  establishmentId: number,
  q: AnimalSelectionQuery,
  columns: readonly AnimalExportColumnId[],
): AsyncGenerator<AnimalExportRow[]> {
  const wanted = new Set(columns)
  const ids = await filtered(db, establishmentId, { ...q, page: 1, perPage: 1 })
    .select('a.id')
    .orderBy(orderClause(q.sort, q.order === 'desc', false))
    .execute()
  const lookups = Object.entries(EXPORT_LOOKUPS).filter(([column]) =>
    wanted.has(column as AnimalExportColumnId),
  ) as [keyof typeof EXPORT_LOOKUPS, (typeof EXPORT_LOOKUPS)[keyof typeof EXPORT_LOOKUPS]][]
  const known = new Map(lookups.map(([column]) => [column, new Map<number, string>()]))

  for (let start = 0; start < ids.length; start += EXPORT_BLOCK_ROWS) {
    const block = ids.slice(start, start + EXPORT_BLOCK_ROWS).map((row) => row.id)
    const query = db
      .selectFrom('animals as a')
      .where('a.establishment_id', '=', establishmentId)
      .where('a.id', 'in', block)
      .select([
        'a.id',
        'a.visual_tag',
        'a.electronic_tag',
        'a.animal_type_id',
        'a.rodeo_id',
        'a.breed_id',
        'a.sex_id',
        'a.color_id',
        'a.date_of_birth',
        'a.last_weight',
        'a.last_weight_read_at',
        'a.gdpv',
        'a.gdpvital',
        'a.check_in_date',
        sql<number | null>`current_date - a.date_of_birth::date`.as('age'),
      ])
    // Joins only for the columns asked for; each is by primary key, one row per animal.
    const mother = wanted.has('mother')
    const father = wanted.has('father')
    const pregnancy = wanted.has('last_pregnancy_check')
    const insemination = wanted.has('last_artificial_insemination')
    const rows = await query
      .$if(mother, (qb) =>
        qb.leftJoin('animals as mo', 'mo.id', 'a.mother_id').select('mo.visual_tag as mother_visual_tag'),
      )
      .$if(father, (qb) =>
        qb.leftJoin('bulls as fa', 'fa.id', 'a.father_id').select('fa.alias as father_alias'),
      )
      .$if(pregnancy, (qb) =>
        qb
          .leftJoin('pregnancy_checks as pc', 'pc.id', 'a.last_pregnancy_check_id')
          .leftJoin('pregnancy_check_details as pcd', 'pcd.id', 'pc.pregnancy_check_detail_id')
          .select([
            'pc.read_at as pregnancy_check_read_at',
            'pcd.description as pregnancy_check_description',
          ]),
      )
      .$if(insemination, (qb) =>
        qb
          .leftJoin('artificial_inseminations as ai', 'ai.id', 'a.last_artificial_insemination_id')
          .select('ai.read_at as ai_read_at'),
      )
      .execute()

    for (const [column, [table, key]] of lookups) {
      const seen = known.get(column) as Map<number, string>
      const missing = [...new Set(rows.map((row) => row[key]))].filter(
        (id): id is number => id !== null && !seen.has(id),
      )
      if (missing.length === 0) continue
      const found = await db
        .selectFrom(table)
        .select(['id', 'description'])
        .where('id', 'in', missing)
        .execute()
      for (const entry of found) seen.set(entry.id, entry.description)
    }
    const alertsByAnimal = new Map<string, { description: string }[]>()
    if (wanted.has('alerts')) {
      const alerts = await db
        .selectFrom('alerts')
        .select(['animal_id', 'description'])
        .where('animal_id', 'in', block)
        .where('active', '=', true)
        .where(alertNotEnded('alerts'))
        .orderBy('created_at')
        .execute()
      for (const alert of alerts) {
        const list = alertsByAnimal.get(alert.animal_id) ?? []
        list.push({ description: alert.description })
        alertsByAnimal.set(alert.animal_id, list)
      }
    }

    const described = (column: keyof typeof EXPORT_LOOKUPS, id: number | null) =>
      id === null ? null : { description: known.get(column)?.get(id) ?? 'no disponible' }
    const byId = new Map(
      rows.map((row): [string, AnimalExportRow] => {
        const joined = row as typeof row & {
          mother_visual_tag?: string | null
          father_alias?: string | null
          pregnancy_check_read_at?: string | null
          pregnancy_check_description?: string | null
          ai_read_at?: string | null
        }
        return [
          row.id,
          {
            visual_tag: row.visual_tag,
            electronic_tag: row.electronic_tag,
            category: described('category', row.animal_type_id),
            rodeo: described('rodeo', row.rodeo_id),
            breed: described('breed', row.breed_id),
            gender: described('gender', row.sex_id),
            color: described('color', row.color_id),
            date_of_birth: row.date_of_birth,
            age: row.age,
            last_weight: row.last_weight,
            last_weight_read_at: row.last_weight_read_at,
            GDPV: row.gdpv,
            GDPVital: row.gdpvital,
            // As the list: a diagnosis or insemination without its date is not shown.
            last_pregnancy_check: joined.pregnancy_check_read_at
              ? { description: joined.pregnancy_check_description ?? null }
              : null,
            last_artificial_insemination: joined.ai_read_at ? { read_at: joined.ai_read_at } : null,
            mother_visual_tag: joined.mother_visual_tag ?? null,
            father_alias: joined.father_alias ?? null,
            check_in_date: row.check_in_date,
            alerts: alertsByAnimal.get(row.id) ?? [],
          },
        ]
      }),
    )
    yield block.flatMap((id) => {
      const row = byId.get(id)
      return row ? [row] : []
    })
  }
}

/** The ids of a selection, for a statement that acts on it (a move, alerts), in SQL. */
export function selectedAnimalIds(db: DB, establishmentId: number, q: AnimalSelectionQuery) {
  return filtered(db, establishmentId, { ...q, page: 1, perPage: 1 }).select('a.id')
}

/**
 * Gains are sorted with animals that have none at the end in both directions (an index per
 * direction serves it); other columns keep PostgreSQL's default null placement, which the one
 * ascending index serves forwards and backwards.
 */
const NULLS_LAST: ReadonlySet<AnimalSortColumn> = new Set(['last_weight', 'gdpv', 'gdpvital'])

function orderClause(column: AnimalSortColumn, desc: boolean, reversed: boolean) {
  const descending = reversed ? !desc : desc
  const nulls = NULLS_LAST.has(column) ? (reversed ? ' nulls first' : ' nulls last') : ''
  const direction = descending ? 'desc' : 'asc'
  return sql.raw(`a.${column} ${direction}${nulls}, a.id ${direction}`)
}

export interface AnimalListResult {
  rows: AnimalListRow[]
  total: number
  page: number
  perPage: number
}

/** The request's parts that do not filter the herd (a status alone is counted by herd_versions). */
const UNFILTERED_KEYS: ReadonlySet<string> = new Set(['page', 'perPage', 'sort', 'order', 'status'])

/**
 * The kept count (migration 0019, decision 043) that answers a request filtered by its status only:
 * the live animals, those in the establishment or those checked out. Undefined for any other filter
 * (counted by the filtered scan). An absent row is an establishment with no animal written since.
 */
function keptCount(q: AnimalListQuery) {
  for (const [key, value] of Object.entries(q)) {
    if (UNFILTERED_KEYS.has(key) || value === undefined) continue
    // As filtered() reads them: no alerts filter, an empty text or list (but `ids`: none listed is none).
    if (key === 'alerts' && value === '0') continue
    if (value === '' || (key !== 'ids' && Array.isArray(value) && value.length === 0)) continue
    return undefined
  }
  if (q.status === 'activos') return sql`active_animals`
  if (q.status === 'bajas') return sql`live_animals - active_animals`
  return sql`live_animals`
}

/**
 * One page of an establishment's herd, filtered, sorted and paged in SQL. The page's ids come from
 * the sort index; pages past the middle are read from the other end (so the last page costs what
 * the first does); only the page's rows are then joined to their lookups and latest events.
 */
export async function listAnimals(
  db: DB,
  establishmentId: number,
  q: AnimalListQuery,
): Promise<AnimalListResult> {
  const base = filtered(db, establishmentId, q)
  const kept = keptCount(q)
  const { total } = kept
    ? await db
        .selectNoFrom(
          sql<number>`coalesce((select ${kept} from herd_versions where establishment_id = ${establishmentId}), 0)`.as(
            'total',
          ),
        )
        .executeTakeFirstOrThrow()
    : await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const offset = (q.page - 1) * q.perPage
  if (offset >= total) return { rows: [], total: Number(total), page: q.page, perPage: q.perPage }

  const desc = q.order === 'desc'
  const fromEnd = offset > total / 2
  const limit = Math.min(q.perPage, total - offset)
  const ids = await base
    .select('a.id')
    .orderBy(orderClause(q.sort, desc, fromEnd))
    .limit(limit)
    .offset(fromEnd ? total - offset - limit : offset)
    .execute()
  const orderedIds = ids.map((r) => r.id)
  if (fromEnd) orderedIds.reverse()
  const rows = await pageRows(db, establishmentId, orderedIds)
  return { rows, total: Number(total), page: q.page, perPage: q.perPage }
}

/**
 * The live animal of an establishment a tag names, as a list row (category, rodeo, last weight,
 * last diagnosis, active alerts…), or undefined. A tag is an IDV (visual tag, any case) or an RFID:
 * typed by hand, pasted from a spreadsheet or sent by a stick reader, so the two damaged RFID forms
 * are repaired first. A 15-digit text is tried as an RFID before as an IDV.
 */
export async function findAnimalByTag(
  db: DB,
  establishmentId: number,
  tag: string,
): Promise<AnimalListRow | undefined> {
  const typed = tag.trim()
  if (!typed) return undefined
  const live = db
    .selectFrom('animals as a')
    .select('a.id')
    .where('a.establishment_id', '=', establishmentId)
    .where('a.deleted_at', 'is', null)
  const electronic = normalizeElectronicTag(typed)
  const byRfid =
    /^\d+$/.test(electronic) && isElectronicTag(electronic)
      ? await live.where('a.electronic_tag', '=', electronic).executeTakeFirst()
      : undefined
  const found =
    byRfid ??
    (await live.where(sql<string>`lower(a.visual_tag)`, '=', typed.toLowerCase()).executeTakeFirst())
  if (!found) return undefined
  const [row] = await pageRows(db, establishmentId, [found.id])
  return row
}

/**
 * The list rows of the given animals, in the given order (a page, a lookup, a selection): one
 * statement joins each animal to its mother and latest events by primary key and gathers its active
 * alerts; the lookups' names (category, breed, rodeo, bulls…) come from the establishment's cached
 * framework, checked against the token read in that same statement (decision 027), instead of
 * fourteen more joins that made the statement cost more to plan than to run.
 */
async function pageRows(db: DB, establishmentId: number, ids: string[]): Promise<AnimalListRow[]> {
  if (ids.length === 0) return []
  const details = await db
    .selectFrom('animals as a')
    .leftJoin('animals as mo', 'mo.id', 'a.mother_id')
    .leftJoin('weighings as lw', 'lw.id', 'a.last_weighing_id')
    .leftJoin('body_conditions as bc', 'bc.id', 'a.last_body_condition_id')
    .leftJoin('pregnancy_checks as pc', 'pc.id', 'a.last_pregnancy_check_id')
    .leftJoin('preservices as ps', 'ps.id', 'a.last_preservice_id')
    .leftJoin('artificial_inseminations as ai', 'ai.id', 'a.last_artificial_insemination_id')
    .where('a.id', 'in', ids)
    .select([
      'a.id',
      'a.visual_tag',
      'a.electronic_tag',
      'a.current_status_id',
      'a.breed_id',
      'a.color_id',
      'a.check_in_type_id',
      'a.animal_type_id',
      'a.rodeo_id',
      'a.sex_id',
      'a.birth_type_id',
      'a.check_in_date',
      'a.check_out_type_id',
      'a.check_out_date',
      'a.origin',
      'a.date_of_birth',
      'a.sync_at',
      'a.weight_at_birth',
      'a.service_bull_id',
      'a.service_date',
      'a.father_id',
      'a.mother_id',
      'mo.visual_tag as mother_visual_tag',
      'a.donor_mother_id',
      'a.last_weighing_id',
      'a.last_weight',
      'a.last_weight_read_at',
      'lw.weighing_time_id',
      'bc.id as body_condition_id',
      'bc.body_condition_detail_id',
      'bc.read_at as body_condition_read_at',
      'pc.id as pregnancy_check_id',
      'pc.pregnancy_check_detail_id',
      'pc.read_at as pregnancy_check_read_at',
      'ps.id as preservice_id',
      'ps.reproductive_grade_id',
      'ps.ovarian_status_id',
      'ps.read_at as preservice_read_at',
      'ai.id as ai_id',
      'ai.read_at as ai_read_at',
      'ai.inseminator_id',
      'ai.bull_id as ai_bull_id',
      sql<number | null>`current_date - a.date_of_birth::date`.as('age'),
      sql<number | null>`a.last_weight_read_at::date - a.first_weight_read_at::date`.as(
        'days_since_first_weight',
      ),
      sql<number | null>`a.last_weight_read_at::date - a.previous_weight_read_at::date`.as(
        'days_since_previous_weight',
      ),
      'a.gdpv',
      'a.gdpvital',
      sql<{ id: number; description: string }[]>`coalesce((
        select json_agg(json_build_object('id', al.id, 'description', al.description) order by al.created_at)
        from alerts al where al.animal_id = a.id and al.active and ${alertNotEnded('al')}
      ), '[]')`.as('alerts'),
      frameworkToken.as('framework_token'),
    ])
    .execute()
  if (details.length === 0) return []

  // Rodeos, bulls and inseminators are the establishment's own (composite foreign keys): its
  // framework names every one a row can carry.
  const names = await frameworkNames(db, establishmentId, details[0]?.framework_token)
  const lookup = (table: NamedLookup, id: number | null) =>
    id === null ? null : { id, description: names.lookups[table].get(id) ?? 'no disponible' }
  const bullAlias = (id: number | null) => (id === null ? null : (names.bulls.get(id) ?? null))
  const byId = new Map(
    details.map((d): [string, AnimalListRow] => {
      const rodeo = d.rodeo_id === null ? undefined : names.rodeos.get(d.rodeo_id)
      const inseminator = d.inseminator_id === null ? undefined : names.inseminators.get(d.inseminator_id)
      return [
        d.id,
        {
          animal_id: d.id,
          visual_tag: d.visual_tag,
          electronic_tag: d.electronic_tag,
          current_status: lookup('status_types', d.current_status_id),
          breed: lookup('breeds', d.breed_id),
          color: lookup('colors', d.color_id),
          check_in_type: lookup('check_in_types', d.check_in_type_id),
          category: lookup('animal_types', d.animal_type_id),
          rodeo: d.rodeo_id === null ? null : { id: d.rodeo_id, description: rodeo ?? 'no disponible' },
          gender: lookup('sexes', d.sex_id),
          birth_type: lookup('birth_types', d.birth_type_id),
          check_in_date: d.check_in_date,
          check_out_id: d.check_out_type_id,
          check_out_type_description:
            d.check_out_type_id === null
              ? null
              : (names.lookups.check_out_types.get(d.check_out_type_id) ?? null),
          check_out_date: d.check_out_date,
          origin: d.origin,
          date_of_birth: d.date_of_birth,
          alerts: d.alerts,
          sync_at: d.sync_at ? d.sync_at.toISOString() : null,
          weight_at_birth: d.weight_at_birth,
          bull_id: d.service_bull_id,
          bull_alias: bullAlias(d.service_bull_id),
          service_date: d.service_date,
          father_id: d.father_id,
          father_alias: bullAlias(d.father_id),
          mother_id: d.mother_id,
          mother_visual_tag: d.mother_visual_tag,
          donor_mother_id: d.donor_mother_id,
          last_weight_id: d.last_weighing_id,
          last_weight: d.last_weight,
          last_weight_read_at: d.last_weight_read_at,
          last_weighing_time: lookup('weighing_times', d.weighing_time_id),
          last_body_condition:
            d.body_condition_id !== null && d.body_condition_read_at
              ? {
                  id: d.body_condition_id,
                  description:
                    lookup('body_condition_details', d.body_condition_detail_id)?.description ??
                    'no disponible',
                  read_at: d.body_condition_read_at,
                }
              : null,
          last_pregnancy_check:
            d.pregnancy_check_id !== null && d.pregnancy_check_read_at
              ? {
                  id: d.pregnancy_check_id,
                  description:
                    d.pregnancy_check_detail_id === null
                      ? null
                      : (names.lookups.pregnancy_check_details.get(d.pregnancy_check_detail_id) ?? null),
                  read_at: d.pregnancy_check_read_at,
                }
              : null,
          last_preservice_id: d.preservice_id,
          reproductive_grade: lookup('reproductive_grades', d.reproductive_grade_id),
          ovarian_status: lookup('ovarian_statuses', d.ovarian_status_id),
          last_preservice_read_at: d.preservice_read_at,
          last_artificial_insemination:
            d.ai_id !== null && d.ai_read_at
              ? {
                  id: d.ai_id,
                  inseminator:
                    d.inseminator_id !== null
                      ? {
                          id: d.inseminator_id,
                          name: inseminator?.first_name ?? '',
                          last_name: inseminator?.last_name ?? '',
                        }
                      : null,
                  bull:
                    d.ai_bull_id !== null ? { id: d.ai_bull_id, alias: bullAlias(d.ai_bull_id) ?? '' } : null,
                  read_at: d.ai_read_at,
                }
              : null,
          age: d.age,
          days_since_first_weight: d.days_since_first_weight,
          days_since_previous_weight: d.days_since_previous_weight,
          GDPV: d.gdpv,
          GDPVital: d.gdpvital,
        },
      ]
    }),
  )
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [row] : []
  })
}

const OPTION_COLUMNS = {
  animal_types: 'animal_type_id',
  breeds: 'breed_id',
  colors: 'color_id',
  sexes: 'sex_id',
  check_in_types: 'check_in_type_id',
  rodeos: 'rodeo_id',
} as const

/**
 * Options of the list's dropdown filters, each with how many animals still in the establishment
 * carry it. One statement: one scan of the herd counts every dropdown at once (grouping sets), and
 * carries the framework token, so the options' names come from the establishment's cached framework
 * (decision 027) instead of six more queries.
 */
export async function animalFilterOptions(db: DB, establishmentId: number): Promise<AnimalFilterOptions> {
  const counts = await sql<{
    column_name: keyof typeof OPTION_COLUMNS | 'token'
    value: number | null
    n: number
    token: string | null
  }>`
    select
      case
        when grouping(animal_type_id) = 0 then 'animal_types'
        when grouping(breed_id) = 0 then 'breeds'
        when grouping(color_id) = 0 then 'colors'
        when grouping(sex_id) = 0 then 'sexes'
        when grouping(check_in_type_id) = 0 then 'check_in_types'
        else 'rodeos'
      end as column_name,
      coalesce(animal_type_id, breed_id, color_id, sex_id, check_in_type_id, rodeo_id) as value,
      count(*)::int as n,
      null as token
    from animals
    where establishment_id = ${establishmentId} and deleted_at is null and check_out_date is null
    group by grouping sets ((animal_type_id), (breed_id), (color_id), (sex_id), (check_in_type_id), (rodeo_id))
    union all
    select 'token', null, 0, ${frameworkToken}
  `.execute(db)
  const token = counts.rows.find((r) => r.column_name === 'token')?.token ?? undefined
  const names = await frameworkNames(db, establishmentId, token)
  const countOf = new Map(
    counts.rows.filter((r) => r.value !== null).map((r) => [`${r.column_name}:${r.value}`, r.n]),
  )
  const withCounts = (
    name: keyof typeof OPTION_COLUMNS,
    rows: readonly { id: number; description: string }[],
  ) => rows.map((row) => ({ ...row, count: countOf.get(`${name}:${row.id}`) ?? 0 }))
  return {
    animal_types: withCounts('animal_types', names.ordered.animal_types),
    rodeos: withCounts('rodeos', names.rodeosOrdered),
    breeds: withCounts('breeds', names.ordered.breeds),
    colors: withCounts('colors', names.ordered.colors),
    sexes: withCounts('sexes', names.ordered.sexes),
    check_in_types: withCounts('check_in_types', names.ordered.check_in_types),
  }
}
