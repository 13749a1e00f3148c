import { type RawBuilder, sql } from 'kysely'
import type { DB } from '~/db/database.server'
import { withReportSettings } from '~/db/report-settings.server'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import { alertNotEnded } from '~/features/alerts/alerts.server'
import { countAnimals } from '~/features/animals/animals.server'
import {
  type CountRow,
  type Dashboard,
  type DashboardQuery,
  type LastSession,
  NOT_WEIGHED_DAYS,
  type RateRow,
  type SeriesPoint,
  type Summary,
} from './insights.schema'

/**
 * Resumen and Tablero in SQL: at most one statement per card or chart, each scoped to one
 * establishment and starting from an index on `(establishment_id, …)`; Tablero's charts over the same
 * events share one pass with one grouping set per chart (decision 035, addendum), its four herd
 * charts one pass over the animals (decision 048). The formulas, denominators and guards are in
 * docs/kpis.md; the numbers are worked out by hand in app/api/insights/insights.test.ts.
 */

const toInt = (value: unknown) => Number(value ?? 0)
const rate = (positive: number, total: number) =>
  total === 0 ? null : Math.round((positive / total) * 1000) / 10

function countRows(rows: { id: number | null; description: string | null; count: unknown }[], empty: string) {
  return rows.map(
    (row): CountRow => ({ id: row.id, description: row.description ?? empty, count: toInt(row.count) }),
  )
}

// ---------------------------------------------------------------------------------------- Resumen

export async function summary(db: DB, establishmentId: number): Promise<Summary> {
  const active = { status: 'activos', sort: 'visual_tag', order: 'asc' } as const
  const [byCategory, byRodeo, alerts, sample, lastSessions, withoutRfid, notWeighed, due] = await Promise.all(
    [
      activeCountsBy(db, establishmentId, 'animal_type_id', 'animal_types'),
      activeCountsBy(db, establishmentId, 'rodeo_id', 'rodeos'),
      sql<{ animals: number; alerts: number }>`
        select count(distinct al.animal_id)::int as animals, count(*)::int as alerts
        from alerts al join animals a on a.id = al.animal_id
        where al.establishment_id = ${establishmentId} and al.active and ${alertNotEnded('al')}
          and a.deleted_at is null and a.check_out_date is null`.execute(db),
      sql<{ animal_id: string; visual_tag: string; description: string }>`
        select distinct on (a.visual_tag, a.id) a.id as animal_id, a.visual_tag, al.description
        from alerts al join animals a on a.id = al.animal_id
        where al.establishment_id = ${establishmentId} and al.active and ${alertNotEnded('al')}
          and a.deleted_at is null and a.check_out_date is null
        order by a.visual_tag, a.id, al.created_at desc limit 8`.execute(db),
      lastSessionsOf(db, establishmentId),
      countAnimals(db, establishmentId, { ...active, no_rfid: '1' }),
      countAnimals(db, establishmentId, { ...active, not_weighed: String(NOT_WEIGHED_DAYS) as '90' }),
      countAnimals(db, establishmentId, { ...active, pregnancy_check_due: '1' }),
    ],
  )
  const categories = countRows(byCategory.rows, 'Sin categoría')
  return {
    head_count: categories.reduce((sum, row) => sum + row.count, 0),
    by_category: categories,
    by_rodeo: countRows(byRodeo.rows, 'Sin rodeo'),
    alerts: {
      animals: toInt(alerts.rows[0]?.animals),
      alerts: toInt(alerts.rows[0]?.alerts),
      sample: sample.rows,
    },
    last_sessions: lastSessions,
    without_rfid: withoutRfid,
    not_weighed: notWeighed,
    pregnancy_check_due: due,
  }
}

/**
 * Active animals per category or rodeo, largest first: counted per id in an index-only scan of
 * `animals_insights_idx`, then named (joining the names per animal cost more than the count).
 */
function activeCountsBy(
  db: DB,
  establishmentId: number,
  column: 'animal_type_id' | 'rodeo_id',
  names: string,
) {
  return sql<{ id: number | null; description: string | null; count: number }>`
    select c.id, n.description, c.count
    from (
      select ${sql.ref(`a.${column}`)} as id, count(*)::int as count
      from animals a
      where a.establishment_id = ${establishmentId} and a.deleted_at is null and a.check_out_date is null
      group by 1
    ) c left join ${sql.table(names)} n on n.id = c.id
    order by c.count desc, n.description`.execute(db)
}

/** The latest session of each work type, with its events and headline (docs/kpis.md#ultimas-sesiones). */
async function lastSessionsOf(db: DB, establishmentId: number): Promise<LastSession[]> {
  const latest = await sql<{ id: number; name: string; activity_date: string; work: number }>`
    select distinct on (cattle_handling_work) id, name, activity_date, cattle_handling_work as work
    from cattle_handlings where establishment_id = ${establishmentId}
    order by cattle_handling_work, activity_date desc, id desc`.execute(db)
  return Promise.all(
    latest.rows.map(async (session): Promise<LastSession> => {
      const work = Number(session.work)
      let figures: { events: unknown; headline: unknown } | undefined
      if (work === CATTLE_HANDLING_WORK.pregnancyCheck) {
        const r = await sql<{ events: number; total: number; positive: number }>`
          select count(*)::int as events, count(d.id)::int as total,
            count(*) filter (where d.description <> 'Vacia')::int as positive
          from pregnancy_checks pc left join pregnancy_check_details d on d.id = pc.pregnancy_check_detail_id
          where pc.cattle_handling_id = ${session.id}`.execute(db)
        const row = r.rows[0]
        figures = { events: row?.events, headline: rate(toInt(row?.positive), toInt(row?.total)) }
      } else if (work === CATTLE_HANDLING_WORK.weighing) {
        const r = await sql<{ events: number; mean: string | null }>`
          select count(*)::int as events, round(avg(weight), 1) as mean
          from weighings where cattle_handling_id = ${session.id}`.execute(db)
        figures = { events: r.rows[0]?.events, headline: r.rows[0]?.mean ?? null }
      } else {
        const table =
          work === CATTLE_HANDLING_WORK.artificialInsemination ? 'artificial_inseminations' : 'preservices'
        const r = await sql<{ events: number }>`
          select count(*)::int as events from ${sql.table(table)} where cattle_handling_id = ${session.id}`.execute(
          db,
        )
        figures = { events: r.rows[0]?.events, headline: null }
      }
      return {
        id: session.id,
        name: session.name,
        activity_date: session.activity_date,
        work,
        events: toInt(figures.events),
        headline: figures.headline === null ? null : Number(figures.headline),
      }
    }),
  )
}

// ---------------------------------------------------------------------------------------- Tablero

/** The default Tablero period: the 365 days up to today. */
export function dashboardRange(q: DashboardQuery, today = new Date()) {
  const iso = (d: Date) => d.toISOString().slice(0, 10)
  const to = q.to ?? iso(today)
  const from = q.from ?? iso(new Date(Date.parse(`${to}T00:00:00Z`) - 364 * 86_400_000))
  return { from, to }
}

interface Scope {
  eid: number
  from: string
  to: string
  /** The animal filter on `a` (current rodeo and category). */
  animals: RawBuilder<unknown>
  /**
   * The same filter and the period on `b`, a row of an event aggregate (migration 0017, decision
   * 044): its keys are the day of `read_at` and the animal's current rodeo and category.
   */
  buckets: RawBuilder<unknown>
}

/** A timestamp column within the period's days (both ends included). */
const inPeriod = (column: RawBuilder<unknown>, s: Scope) =>
  sql`${column} >= ${s.from}::date and ${column} < ${s.to}::date + 1`

function scopeOf(establishmentId: number, q: DashboardQuery): Scope {
  const { from, to } = dashboardRange(q)
  const parts = [sql`a.establishment_id = ${establishmentId}`, sql`a.deleted_at is null`]
  if (q.rodeo?.length) parts.push(sql`a.rodeo_id in (${sql.join(q.rodeo)})`)
  if (q.category?.length) parts.push(sql`a.animal_type_id in (${sql.join(q.category)})`)
  const buckets = [
    sql`b.establishment_id = ${establishmentId}`,
    sql`b.day between ${from}::date and ${to}::date`,
  ]
  if (q.rodeo?.length) buckets.push(sql`b.rodeo_id in (${sql.join(q.rodeo)})`)
  if (q.category?.length) buckets.push(sql`b.animal_type_id in (${sql.join(q.category)})`)
  return {
    eid: establishmentId,
    from,
    to,
    animals: sql.join(parts, sql` and `),
    buckets: sql.join(buckets, sql` and `),
  }
}

function rateRows(rows: { key: unknown; label: string | null; total: unknown; positive: unknown }[]) {
  return rows.map((row): RateRow => {
    const total = toInt(row.total)
    const positive = toInt(row.positive)
    return {
      key: String(row.key ?? ''),
      label: row.label ?? 'Sin dato',
      total,
      positive,
      rate: rate(positive, total),
    }
  })
}

type RateSql = { dim: string; key: unknown; label: string | null; total: number; positive: number }

/** The rows of one grouping set (`dim`) of a statement that returns several charts. */
const ofDim = <T extends { dim: string }>(rows: readonly T[], dim: string) =>
  rows.filter((r) => r.dim === dim)

/**
 * Pregnancy rate per check session and per rodeo, and the detail distribution, from the checks
 * counted per (day, current rodeo and category, session, detail) by migration 0017's triggers
 * (docs/kpis.md#tasa-prenez, #detalle-tacto): one grouping set per chart.
 */
function pregnancyFigures(db: DB, s: Scope) {
  return sql<RateSql & { sort: string | null; count: number }>`
    select case when grouping(ch.id) = 0 then 'session' when grouping(b.rodeo_id) = 0 then 'rodeo'
        else 'detail' end as dim,
      coalesce(ch.id, b.rodeo_id, d.id) as key, coalesce(ch.name, r.description, d.description) as label,
      case when grouping(ch.id) = 0 then min(ch.activity_date) end as sort,
      coalesce(sum(b.n) filter (where d.id is not null), 0)::int as total,
      coalesce(sum(b.n) filter (where d.description <> 'Vacia'), 0)::int as positive, sum(b.n)::int as count
    from insight_pregnancy_checks b
    left join pregnancy_check_details d on d.id = b.pregnancy_check_detail_id
    left join cattle_handlings ch on ch.id = b.cattle_handling_id
    left join rodeos r on r.id = b.rodeo_id
    where ${s.buckets}
    group by grouping sets ((ch.id, ch.name), (b.rodeo_id, r.description), (d.id, d.description))
    order by 1, 4, case when grouping(ch.id) = 0 then ch.id end,
      case when grouping(b.rodeo_id) = 0 then r.description end,
      case when grouping(d.id) = 0 then sum(b.n) end desc, 2`.execute(db)
}

/**
 * Conception rate of AI services per session, per bull and per inseminator in one statement
 * (docs/kpis.md#concepcion-iatf). Each service's attributed check (the first check of the animal
 * 25–120 days later, unless a later service of the animal precedes it) is kept per service in
 * `service_outcomes` by triggers on the services and checks (migration 0018, decision 045): the chart
 * groups the period's outcomes of the filtered animals. `total` counts the services whose check has
 * a detail; a service with no check, whose check went to a later service, or whose check has no
 * detail is out.
 */
function conceptionFigures(db: DB, s: Scope) {
  return sql<RateSql & { sort: string | null }>`
    select case when grouping(ch.id) = 0 then 'session' when grouping(b.id) = 0 then 'bull'
        else 'inseminator' end as dim,
      coalesce(ch.id, b.id, i.id) as key,
      coalesce(ch.name, b.alias, trim(i.first_name || ' ' || i.last_name)) as label,
      case when grouping(ch.id) = 0 then min(ch.activity_date) end as sort,
      count(d.description)::int as total,
      count(*) filter (where d.description = 'IA')::int as positive
    from service_outcomes o
    join animals a on a.id = o.animal_id
    left join pregnancy_check_details d on d.id = o.pregnancy_check_detail_id
    left join cattle_handlings ch on ch.id = o.cattle_handling_id
    left join bulls b on b.id = o.bull_id
    left join inseminators i on i.id = o.inseminator_id
    where o.establishment_id = ${s.eid} and ${inPeriod(sql`o.read_at`, s)} and ${s.animals}
    group by grouping sets ((ch.id, ch.name), (b.id, b.alias), (i.id, i.first_name, i.last_name))
    order by 1, 4, case when grouping(ch.id) = 0 then ch.id end, 3, 2`.execute(db)
}

/**
 * Preservice distributions (ovarian status, reproductive grade) from the preservices counted per
 * (day, current rodeo and category, status, grade) (docs/kpis.md#preservicio; migration 0017).
 */
function preserviceFigures(db: DB, s: Scope) {
  return sql<{ dim: string; id: number | null; description: string | null; count: number }>`
    select case when grouping(o.id) = 0 then 'ovarian' else 'grade' end as dim,
      coalesce(o.id, g.id) as id, coalesce(o.description, g.description) as description, sum(b.n)::int as count
    from insight_preservices b
    left join ovarian_statuses o on o.id = b.ovarian_status_id
    left join reproductive_grades g on g.id = b.reproductive_grade_id
    where ${s.buckets}
    group by grouping sets ((o.id, o.description), (g.id, g.description))
    order by 1, 3 nulls last`.execute(db)
}

/** Body-condition readings per detail, from their counts per day, rodeo, category and detail (0017). */
function bodyConditions(db: DB, s: Scope) {
  return sql<{ id: number | null; description: string | null; count: number }>`
    select l.id, l.description, sum(b.n)::int as count
    from insight_body_conditions b
    left join body_condition_details l on l.id = b.body_condition_detail_id
    where ${s.buckets}
    group by l.id, l.description order by l.description nulls last`.execute(db)
}

/**
 * The growth charts from the weighings summed per (day, current rodeo and category, sex, age in
 * months at the weighing) by migration 0017's triggers: mean GDPV per month and rodeo and per month
 * and category (gains outside −2…3 kg/día left out and counted, docs/kpis.md#gdpv), and mean weight
 * per month of age and sex (weighings from birth to ten years). The period's days are summed per
 * month first, and the charts' grouping sets run over those sums. Means are sums over counts, as
 * avg() computes them. A group with no weighing that qualifies for its chart has a null mean and is
 * dropped.
 */
function weighingFigures(db: DB, s: Scope) {
  return sql<{ dim: string; x: string | null; series: string | null; y: string | null; discarded: number }>`
    with sums as (
      select date_trunc('month', b.day::timestamp) as month, b.rodeo_id, b.animal_type_id, b.sex_id, b.age,
        sum(b.gains) as gains, sum(b.gain_sum) as gain_sum, sum(b.discarded) as discarded,
        sum(b.n) as weights, sum(b.weight_sum) as weight_sum
      from insight_weighings b
      where ${s.buckets}
      group by 1, 2, 3, 4, 5
    ), w as (
      select to_char(month, 'YYYY-MM') as month, r.description as rodeo, t.description as category,
        sx.description as sex, age, gains, gain_sum, discarded, weights, weight_sum
      from sums
      left join rodeos r on r.id = sums.rodeo_id
      left join animal_types t on t.id = sums.animal_type_id
      left join sexes sx on sx.id = sums.sex_id
    )
    select case when grouping(rodeo) = 0 then 'rodeo' when grouping(category) = 0 then 'category'
        when grouping(age) = 0 then 'age' else 'all' end as dim,
      coalesce(month, age::text) as x, coalesce(rodeo, category, sex) as series,
      case when grouping(age) = 0 then round(sum(weight_sum) / nullif(sum(weights), 0), 1)
        else round(sum(gain_sum) / nullif(sum(gains), 0), 3) end as y,
      sum(discarded)::int as discarded
    from w
    group by grouping sets ((month, rodeo), (month, category), (age, sex), ())
    order by 1, month, rodeo, category, age, sex`.execute(db)
}

const points = (rows: { x: unknown; series: string | null; y: unknown }[], empty: string) =>
  rows.map((row): SeriesPoint => ({ x: String(row.x), series: row.series ?? empty, y: Number(row.y) }))

/**
 * Tablero's figures. Its aggregates are estimated far above PostgreSQL's JIT threshold and compiling
 * them cost more than running them (the same finding as the feedlot board, decision 038 addendum;
 * the bench measured PostgreSQL 3–4× slower than PGlite here): run them with JIT off.
 *
 * `random_page_cost` 1.1 instead of 4: the herd statement reads every filtered animal, and at the
 * default the planner prices each page of `animals_insights_idx` as a random disk read, so once the
 * index has grown with the latest-event updates (27 MB at 100,000 animals after seeding, against
 * 10 MB freshly built) it scanned the 77 MB heap instead, twice the CPU for the same rows. Tablero
 * reads a working set that sits in memory, where an index page costs about what a heap page does
 * (decision 048). `set local`: the transaction's statements only.
 */
export function dashboard(db: DB, establishmentId: number, q: DashboardQuery): Promise<Dashboard> {
  return withReportSettings(db, async (trx) => {
    await sql`set local random_page_cost = 1.1`.execute(trx)
    return dashboardFigures(trx, establishmentId, q)
  })
}

async function dashboardFigures(db: DB, establishmentId: number, q: DashboardQuery): Promise<Dashboard> {
  const s = scopeOf(establishmentId, q)
  const [pregnancy, conception, preservice, bodyCondition, weighing, herd] = await Promise.all([
    pregnancyFigures(db, s),
    conceptionFigures(db, s),
    preserviceFigures(db, s),
    bodyConditions(db, s),
    weighingFigures(db, s),
    herdFigures(db, s),
  ])
  const growth = weighing.rows.filter((row) => row.x !== null && row.y !== null)
  return {
    range: { from: s.from, to: s.to },
    reproduction: {
      pregnancy_by_session: rateRows(ofDim(pregnancy.rows, 'session')),
      pregnancy_by_rodeo: rateRows(ofDim(pregnancy.rows, 'rodeo')),
      pregnancy_details: countRows(
        ofDim(pregnancy.rows, 'detail').map((row) => ({
          id: row.key as number | null,
          description: row.label,
          count: row.count,
        })),
        'Sin detalle',
      ),
      conception_by_session: rateRows(ofDim(conception.rows, 'session')),
      conception_by_bull: rateRows(ofDim(conception.rows, 'bull')),
      conception_by_inseminator: rateRows(ofDim(conception.rows, 'inseminator')),
      ovarian_status: countRows(ofDim(preservice.rows, 'ovarian'), 'Sin dato'),
      reproductive_grade: countRows(ofDim(preservice.rows, 'grade'), 'Sin dato'),
      body_condition: countRows(bodyCondition.rows, 'Sin dato'),
    },
    growth: {
      gdpv_by_rodeo: points(ofDim(growth, 'rodeo'), 'Sin rodeo'),
      gdpv_by_category: points(ofDim(growth, 'category'), 'Sin categoría'),
      gdpv_discarded: toInt(ofDim(weighing.rows, 'all')[0]?.discarded),
      weight_distribution: points(ofDim(herd.rows, 'weight'), 'Sin categoría'),
      weight_by_age: points(ofDim(growth, 'age'), 'Sin dato'),
    },
    herd: {
      stock_by_month: points(ofDim(herd.rows, 'stock'), 'Sin categoría'),
      movements_by_month: ofDim(herd.rows, 'moves').map((row) => ({
        x: row.x,
        check_ins: toInt(row.y),
        check_outs: toInt(row.y2),
      })),
      age_pyramid: ofDim(herd.rows, 'age')
        .map((row) => ({ age: row.x, series: row.series ?? 'Sin dato', count: toInt(row.y) }))
        .sort((a, b) => ageOrder(a.age) - ageOrder(b.age) || a.series.localeCompare(b.series)),
    },
  }
}

/** The first day of `iso`'s month, `add` months later ('YYYY-MM-DD'). */
function monthStart(iso: string, add = 0) {
  const [year, month] = iso.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, month - 1 + add, 1)).toISOString().slice(0, 10)
}

/**
 * The four herd charts from one pass over the filtered animals (decision 048): the weight
 * distribution, the age pyramid, stock by month and the month's check-ins and check-outs.
 *
 * `counted` reads the animals once (an index-only scan of `animals_insights_idx`) and counts them in
 * two hashed grouping sets on plain columns, no per-animal expression but the period test of the
 * last weight: per (category, last weight) for the weight chart — the weight is null unless the
 * animal is active and was last weighed within the period — and per (category, sex, birth,
 * check-in, check-out) for the others, ≈ 18,500 groups at 100,000 animals. `grouping(w)` tells the
 * two sets apart (a null weight or category is a key value in both). Every chart is then worked
 * out from those groups, so the costly expressions (`age()`, `date_trunc`, `to_char`, the 50 kg bin
 * of a numeric) run once per group, not per animal:
 * - weight distribution (docs/kpis.md#peso-categoria): the groups' weights in 50 kg bins per category.
 * - age pyramid (#piramide): active animals per birth day and sex, whole years of age per day.
 * - stock (#stock-mensual): an animal counts from the month of its check-in (else birth) until the
 *   month before its check-out: spans per (category, first month, gone month), +1/−1 steps (steps
 *   before the period land on its first month), the running sum over the period's months. The
 *   month bounds are plain timestamps worked out here (decision 045).
 * - movements: check-ins and check-outs within the period per month.
 */
function herdFigures(db: DB, s: Scope) {
  const first = monthStart(s.from)
  return sql<{
    dim: 'weight' | 'age' | 'stock' | 'moves'
    x: string
    series: string | null
    y: number
    y2: number | null
  }>`
    with counted as (
      select grouping(h.w) as g, h.type, h.w, h.sex, h.born, h.came, h.went, count(*) as n
      from (
        select a.animal_type_id as type, a.sex_id as sex, a.date_of_birth as born, a.check_in_date as came,
          a.check_out_date as went,
          case when a.check_out_date is null and ${inPeriod(sql`a.last_weight_read_at`, s)} then a.last_weight end as w
        from animals a
        -- An animal checked in and out before the period is in no chart: left out before hashing.
        where ${s.animals}
          and (a.check_out_date is null or a.check_out_date >= ${s.from}::date or a.check_in_date >= ${s.from}::date)
      ) h
      group by grouping sets ((h.type, h.w), (h.type, h.sex, h.born, h.came, h.went))
    ), herd as (
      select * from counted where g = 1
    ), spans as (
      select type, date_trunc('month', coalesce(came, born))::date as first,
        date_trunc('month', went)::date as gone, sum(n) as n
      from herd
      where coalesce(came, born) < ${monthStart(s.to, 1)}::timestamp
        and (went is null or went >= ${monthStart(s.from, 1)}::timestamp)
      group by 1, 2, 3
    ), steps as (
      select type, greatest(first, ${first}::date) as month, sum(n) as n
      from spans where gone is null or gone > first group by 1, 2
      union all
      select type, greatest(gone, ${first}::date), -sum(n)
      from spans where gone > first group by 1, 2
    ), months as (
      select m::date as month from generate_series(${first}::date, ${monthStart(s.to)}::date, interval '1 month') m
    ), per_month as (
      select m.month, st.type, sum(st.n)::int as y
      from months m join steps st on st.month <= m.month group by 1, 2
    ), born as (
      select born::date as born, sex, sum(n) as n from herd where went is null group by 1, 2
    )
    select 'weight' as dim, w.bin, w.bin::text as x, t.description as series, sum(w.n)::int as y, null::int as y2
    from (
      select (floor(w / 50) * 50)::int as bin, type, sum(n) as n
      from counted where g = 0 and w is not null group by 1, 2
    ) w left join animal_types t on t.id = w.type
    group by 2, 3, 4
    union all
    select 'age', null, case when b.born is null then 'Sin fecha'
        when extract(year from age(current_date, b.born)) >= 10 then '10+'
        else extract(year from age(current_date, b.born))::int::text end,
      sx.description, sum(b.n)::int, null
    from born b left join sexes sx on sx.id = b.sex
    group by 3, 4
    union all
    select 'stock', null, to_char(p.month, 'YYYY-MM'), t.description, sum(p.y)::int, null
    from per_month p left join animal_types t on t.id = p.type
    group by 3, 4 having sum(p.y) > 0
    union all
    select 'moves', null, x, null, sum(ins)::int, sum(outs)::int
    from (
      select to_char(came, 'YYYY-MM') as x, n as ins, 0 as outs from herd where ${inPeriod(sql`came`, s)}
      union all
      select to_char(went, 'YYYY-MM'), 0, n from herd where ${inPeriod(sql`went`, s)}
    ) moves
    group by 3
    order by 1, 2, 3, 4`.execute(db)
}

const ageOrder = (age: string) => (age === 'Sin fecha' ? 99 : age === '10+' ? 10 : Number(age))
