import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { withReportSettings } from '~/db/report-settings.server'
import { DATABASE_TIME_ZONE } from '~/db/type-parsers'
import { parseNumber, readDate } from '~/features/bulk-upload/bulk-upload.rules'
import type { RowProblem } from '~/features/bulk-upload/bulk-upload.schema'
import { normalizeValue } from '~/features/bulk-upload/bulk-upload.templates'
import { type PlainColumn, readPlainSheet, refuseRows } from '~/features/bulk-upload/plain-sheet.server'
import { notFound } from '~/lib/domain-errors'
import {
  DMI_WINDOW_DAYS,
  FEEDLOT_MESSAGES,
  type FeedlotBoard,
  MAX_DELIVERY_ROWS,
  type PenAnimal,
  type PenDetail,
  type PenSummary,
} from './feedlot.schema'

/**
 * One row per animal on feed (live, not departed, in a pen), with its entry and projections. Entry is
 * the animal's latest move into the pen's rodeo (`animal_rodeo_entries`, kept by a trigger on every
 * rodeo change, migration 0014), else its check-in date (created in the pen), else the day its record
 * was created.
 * Entry weight is its first weighing on or after that day; ADG = (last − entry weight) / days
 * between those weighings; projections follow that line from the last weighing. `departed` holds the
 * pen's checked-out animals (deaths, removals, and the head of past days for DMI).
 */
function animalsOnFeed(establishmentId: number, at: string, rodeoId?: number) {
  const entryDay = sql`coalesce(e.entered_on, a.check_in_date::date, (a.created_at at time zone ${DATABASE_TIME_ZONE})::date)`
  // The pens' animals with their entry day and entry weighing. The weighing is not searched for: an
  // entry by a move keeps its own (migration 0015); else the animal's first weighing is it when on or
  // after entry. Only an animal weighed before a check-in date later than its first weighing is
  // looked up (a case's subqueries run only for the rows that reach them).
  const penAnimals = sql`from animals a
      join pens p on p.rodeo_id = a.rodeo_id
      left join animal_rodeo_entries e on e.animal_id = a.id and e.rodeo_id = a.rodeo_id
      cross join lateral (select ${entryDay} as entry_day) d
      cross join lateral (select
        case when e.animal_id is not null then e.entry_weight::float8
          when a.first_weight_read_at >= d.entry_day then a.first_weight::float8
          else (select w.weight::float8 from weighings w where w.animal_id = a.id and w.read_at >= d.entry_day
            order by w.read_at, w.id limit 1) end as entry_weight,
        case when e.animal_id is not null then e.entry_weighed_at::date
          when a.first_weight_read_at >= d.entry_day then a.first_weight_read_at::date
          else (select w.read_at::date from weighings w where w.animal_id = a.id and w.read_at >= d.entry_day
            order by w.read_at, w.id limit 1) end as entry_weigh_day) w
      where a.establishment_id = ${establishmentId} and a.deleted_at is null`
  return sql`
    pens as (
      select p.rodeo_id, r.description as name, p.target_weight::float8 as target_weight
      from feedlot_pens p join rodeos r on r.id = p.rodeo_id
      where p.establishment_id = ${establishmentId}
        ${rodeoId === undefined ? sql`` : sql`and p.rodeo_id = ${rodeoId}`}
    ),
    -- Entry weight and ADG computed here, in the CTE that is stored, so the pen's aggregates read
    -- columns instead of re-evaluating the cases once per aggregate.
    herd as (
      select a.id, a.visual_tag, a.electronic_tag, a.rodeo_id, p.target_weight,
        a.last_weight::float8 as last_weight, a.last_weight_read_at::date as last_day, d.entry_day,
        w.entry_weight, w.entry_weigh_day,
        case when w.entry_weigh_day < a.last_weight_read_at::date
          then (a.last_weight::float8 - w.entry_weight) / (a.last_weight_read_at::date - w.entry_weigh_day) end as adg
      ${penAnimals} and a.check_out_date is null
    ),
    -- The pen's departed animals: deaths, removals, and the head of past days for DMI.
    departed as (
      select a.rodeo_id, a.check_out_date::date as out_day, a.check_out_type_id, d.entry_day
      ${penAnimals} and a.check_out_date is not null
    ),
    projected as (
      select f.*,
        current_date - f.entry_day as days_on_feed,
        f.last_weight + f.adg * (${at}::date - f.last_day) as projected_weight,
        case when f.last_weight >= f.target_weight then f.last_day
          when f.adg > 0 then f.last_day + ceil((f.target_weight - f.last_weight) / f.adg)::int end as target_day
      from herd f
    )`
}

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits

interface PenRow {
  rodeo_id: number
  name: string
  target_weight: number
  head: number
  days_on_feed: number | null
  entry_weight: number | null
  current_weight: number | null
  adg: number | null
  line_a: number | null
  projected_weight: number | null
  ready: number
  deaths: number
  removals: number
  dmi: number | null
}

/** The pens' figures for `at` (the projection date, yyyy-mm-dd). */
export async function feedlotBoard(
  db: DB,
  establishmentId: number,
  at: string,
  rodeoId?: number,
): Promise<FeedlotBoard> {
  const { rows } = await withReportSettings(db, (trx) =>
    sql<PenRow>`
    with ${animalsOnFeed(establishmentId, at, rodeoId)},
    per_pen as (
      select rodeo_id, count(*)::int as head,
        avg(days_on_feed)::float8 as days_on_feed,
        avg(entry_weight) as entry_weight,
        avg(last_weight) as current_weight,
        avg(adg) as adg,
        -- The pen's mean line, weight = a + adg·day (days since 2000-01-01), of the animals with an ADG.
        avg(last_weight - adg * (last_day - date '2000-01-01')) filter (where adg is not null) as line_a,
        avg(projected_weight) as projected_weight,
        count(*) filter (where coalesce(projected_weight, last_weight) >= target_weight)::int as ready
      from projected group by rodeo_id
    ),
    gone as (
      select d.rodeo_id,
        count(*) filter (where ct.description = 'Muerte')::int as deaths,
        count(*) filter (where ct.description is distinct from 'Muerte')::int as removals
      from departed d
      left join check_out_types ct on ct.id = d.check_out_type_id
      group by d.rodeo_id
    ),
    -- DMI per head (decision 038, addendum h32): each delivery day's dry matter over the head in the
    -- pen that day — entered on or before it, not departed on or before it — averaged over the last
    -- delivery days. The head are counted from the animals grouped by entry and departure day (a few
    -- groups per pen), not animal by animal.
    recent as (
      select d.rodeo_id, d.delivered_on, sum(d.kg_as_fed * d.dry_matter_pct / 100)::float8 as dm,
        dense_rank() over (partition by d.rodeo_id order by d.delivered_on desc) as nth
      from feed_deliveries d join pens p on p.rodeo_id = d.rodeo_id
      where d.delivered_on <= current_date
      group by d.rodeo_id, d.delivered_on
    ),
    cohorts as (
      select rodeo_id, entry_day, null::date as out_day, count(*)::int as head from herd group by rodeo_id, entry_day
      union all
      select rodeo_id, entry_day, out_day, count(*)::int from departed group by rodeo_id, entry_day, out_day
    ),
    daily as (
      select r.rodeo_id, r.delivered_on, r.dm, sum(c.head) as head
      from recent r
      join cohorts c on c.rodeo_id = r.rodeo_id and c.entry_day <= r.delivered_on
        and (c.out_day is null or c.out_day > r.delivered_on)
      where r.nth <= ${DMI_WINDOW_DAYS}
      group by r.rodeo_id, r.delivered_on, r.dm
    ),
    fed_dm as (
      select rodeo_id, avg(dm / head)::float8 as dmi from daily group by rodeo_id
    )
    select p.rodeo_id, p.name, p.target_weight, coalesce(s.head, 0) as head, s.days_on_feed, s.entry_weight,
      s.current_weight, s.adg, s.line_a, s.projected_weight, coalesce(s.ready, 0) as ready,
      coalesce(g.deaths, 0) as deaths, coalesce(g.removals, 0) as removals, f.dmi
    from pens p
    left join per_pen s on s.rodeo_id = p.rodeo_id
    left join gone g on g.rodeo_id = p.rodeo_id
    left join fed_dm f on f.rodeo_id = p.rodeo_id
    order by lower(p.name), p.rodeo_id`.execute(trx),
  )
  return { date: at, pens: rows.map(penSummary) }
}

const EPOCH_DAY = Date.UTC(2000, 0, 1) / 86_400_000

/** The pen's figures from its row: DMI and the target date of the pen's mean line (decision 038). */
export function penSummary(row: PenRow): PenSummary {
  const dmi = row.dmi
  let projected: string | null = null
  if (row.current_weight !== null && row.current_weight >= row.target_weight) projected = 'ya'
  if (projected === null && row.adg !== null && row.adg > 0 && row.line_a !== null) {
    const day = Math.ceil((row.target_weight - row.line_a) / row.adg)
    projected = new Date((EPOCH_DAY + day) * 86_400_000).toISOString().slice(0, 10)
  }
  return {
    rodeo_id: row.rodeo_id,
    name: row.name,
    target_weight: row.target_weight,
    head: row.head,
    days_on_feed: round(row.days_on_feed, 1),
    entry_weight: round(row.entry_weight, 1),
    current_weight: round(row.current_weight, 1),
    adg: round(row.adg, 3),
    projected_target_date: projected === 'ya' ? null : projected,
    projected_weight: round(row.projected_weight, 1),
    ready: row.ready,
    deaths: row.deaths,
    removals: row.removals,
    dmi: round(dmi, 2),
    feed_conversion: dmi !== null && row.adg !== null && row.adg > 0 ? round(dmi / row.adg, 2) : null,
  }
}

/** One pen's figures and its animals on feed, each with its weighings since entry. */
export async function penDetail(
  db: DB,
  establishmentId: number,
  rodeoId: number,
  at: string,
): Promise<PenDetail> {
  const board = await feedlotBoard(db, establishmentId, at, rodeoId)
  const pen = board.pens[0]
  if (!pen) throw notFound(FEEDLOT_MESSAGES.penNotFound)
  const { rows } = await withReportSettings(db, (trx) =>
    sql<PenAnimal>`
    with ${animalsOnFeed(establishmentId, at, rodeoId)}
    select p.id, p.visual_tag, p.electronic_tag, p.entry_day::text as entry_date, p.days_on_feed,
      p.entry_weight, p.last_weight as current_weight, p.last_day::text as last_weighing_date,
      round(p.adg::numeric, 3)::float8 as adg, round(p.projected_weight::numeric, 1)::float8 as projected_weight,
      p.target_day::text as projected_target_date,
      coalesce(coalesce(p.projected_weight, p.last_weight) >= p.target_weight, false) as ready,
      coalesce((select json_agg(json_build_object('date', w.read_at::date::text, 'weight', w.weight::float8) order by w.read_at, w.id)
        from weighings w where w.animal_id = p.id and w.read_at >= p.entry_day), '[]'::json) as weighings
    from projected p
    order by ready desc, p.projected_weight desc nulls last, p.visual_tag`.execute(trx),
  )
  return { date: at, pen, animals: rows }
}

export async function savePen(
  db: DB,
  input: { establishmentId: number; userId: number; rodeoId: number; targetWeight: number },
) {
  return db.transaction().execute(async (trx) => {
    const rodeo = await trx
      .selectFrom('rodeos')
      .select(['id', 'description'])
      .where('id', '=', input.rodeoId)
      .where('establishment_id', '=', input.establishmentId)
      .executeTakeFirst()
    if (!rodeo) throw notFound(FEEDLOT_MESSAGES.rodeoNotFound)
    const before = await trx
      .selectFrom('feedlot_pens')
      .select('target_weight')
      .where('rodeo_id', '=', input.rodeoId)
      .executeTakeFirst()
    await trx
      .insertInto('feedlot_pens')
      .values({
        rodeo_id: input.rodeoId,
        establishment_id: input.establishmentId,
        target_weight: input.targetWeight,
      })
      .onConflict((oc) => oc.column('rodeo_id').doUpdateSet({ target_weight: input.targetWeight }))
      .execute()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: before ? 'feedlot_pen_update' : 'feedlot_pen_create',
      entity: 'feedlot_pen',
      entityId: input.rodeoId,
      before,
      after: { target_weight: input.targetWeight },
    })
  })
}

export async function removePen(db: DB, input: { establishmentId: number; userId: number; rodeoId: number }) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('feedlot_pens')
      .where('rodeo_id', '=', input.rodeoId)
      .where('establishment_id', '=', input.establishmentId)
      .returning(['target_weight'])
      .executeTakeFirst()
    if (!removed) throw notFound(FEEDLOT_MESSAGES.penNotFound)
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'feedlot_pen_delete',
      entity: 'feedlot_pen',
      entityId: input.rodeoId,
      before: removed,
    })
  })
}

type DeliveryKey = 'pen' | 'date' | 'kg' | 'dm'
export const DELIVERY_COLUMNS: readonly PlainColumn<DeliveryKey>[] = [
  { key: 'pen', header: 'Corral', aliases: ['Rodeo', 'Lote', 'Pen'], required: true },
  { key: 'date', header: 'Fecha', aliases: ['Día', 'Fecha de entrega'], required: true },
  {
    key: 'kg',
    header: 'Kg tal cual',
    aliases: ['Kg', 'Kg entregados', 'Kg as fed', 'Kilos'],
    required: true,
  },
  { key: 'dm', header: '% MS', aliases: ['MS', 'Materia seca', '% materia seca', 'MS %'], required: true },
]

/**
 * Imports a file of feed deliveries (Corral, Fecha, Kg tal cual, % MS): every row is checked first
 * and any problem refuses the whole file; then one insert of all rows, audited once.
 */
export async function importDeliveries(
  db: DB,
  input: { establishmentId: number; userId: number; file: Blob },
) {
  const { rows, headers } = await readPlainSheet(input.file, DELIVERY_COLUMNS, MAX_DELIVERY_ROWS)
  const pens = await db
    .selectFrom('feedlot_pens as p')
    .innerJoin('rodeos as r', 'r.id', 'p.rodeo_id')
    .select(['p.rodeo_id', 'r.description'])
    .where('p.establishment_id', '=', input.establishmentId)
    .execute()
  const penByName = new Map(pens.map((p) => [normalizeValue(p.description), p.rodeo_id]))
  const { rows: todayRows } = await sql<{ today: string }>`select current_date::text as today`.execute(db)
  const today = todayRows[0]?.today ?? new Date().toISOString().slice(0, 10)
  const problems: RowProblem[] = []
  const values: { rodeo_id: number; delivered_on: string; kg_as_fed: number; dry_matter_pct: number }[] = []
  for (const { row, cells } of rows) {
    const fail = (column: string, message: string) => problems.push({ row, column, message })
    const penCell = cells.pen
    const rodeoId = penCell ? penByName.get(normalizeValue(String(penCell.v))) : undefined
    if (!penCell) fail(headers.pen, 'Falta el corral')
    else if (rodeoId === undefined)
      fail(headers.pen, `"${String(penCell.v)}" no es un corral de feedlot del establecimiento`)
    const date = cells.date ? readDate(cells.date, false, today) : undefined
    if (!date) fail(headers.date, 'Falta la fecha')
    else if (!date.ok) fail(headers.date, date.message)
    const kg = readBounded(cells.kg, 0.01, 1_000_000, 'kg')
    if (!kg.ok) fail(headers.kg, kg.message)
    const dm = readBounded(cells.dm, 1, 100, '%')
    if (!dm.ok) fail(headers.dm, dm.message)
    if (rodeoId !== undefined && date?.ok && kg.ok && dm.ok) {
      values.push({
        rodeo_id: rodeoId,
        delivered_on: date.value.slice(0, 10),
        kg_as_fed: kg.value,
        dry_matter_pct: dm.value,
      })
    }
  }
  if (problems.length > 0) refuseRows(problems)
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into feed_deliveries (establishment_id, rodeo_id, delivered_on, kg_as_fed, dry_matter_pct, created_by)
      select ${input.establishmentId}, r, d, k, m, ${input.userId}
      from unnest(${values.map((v) => v.rodeo_id)}::int[], ${values.map((v) => v.delivered_on)}::date[],
        ${values.map((v) => v.kg_as_fed)}::numeric[], ${values.map((v) => v.dry_matter_pct)}::numeric[]) as t(r, d, k, m)`.execute(
      trx,
    )
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'feed_delivery_import',
      entity: 'feed_delivery',
      after: { rows: values.length },
    })
  })
  return values.length
}

/** A number cell within [min, max], or why not. */
export function readBounded(
  cell: Parameters<typeof parseNumber>[0] | undefined,
  min: number,
  max: number,
  unit: string,
) {
  if (!cell) return { ok: false as const, message: 'Falta el valor' }
  const read = parseNumber(cell)
  if (!read.ok) return read
  if (read.value < min || read.value > max)
    return { ok: false as const, message: `Debe estar entre ${min} y ${max} ${unit}` }
  return read
}
