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
  SERVICE_CHECK_MAX_DAYS,
  SERVICE_CHECK_MIN_DAYS,
  type SeriesPoint,
  type Summary,
} from './insights.schema'

/**
 * Resumen and Tablero in SQL: one statement per card or chart, each scoped to one establishment and
 * starting from an index on `(establishment_id, …)`. The formulas, denominators and guards are in
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
      sql<{ id: number | null; description: string | null; count: number }>`
        select a.animal_type_id as id, t.description, count(*)::int as count
        from animals a left join animal_types t on t.id = a.animal_type_id
        where a.establishment_id = ${establishmentId} and a.deleted_at is null and a.check_out_date is null
        group by a.animal_type_id, t.description order by count(*) desc, t.description`.execute(db),
      sql<{ id: number | null; description: string | null; count: number }>`
        select a.rodeo_id as id, r.description, count(*)::int as count
        from animals a left join rodeos r on r.id = a.rodeo_id
        where a.establishment_id = ${establishmentId} and a.deleted_at is null and a.check_out_date is null
        group by a.rodeo_id, r.description order by count(*) desc, r.description`.execute(db),
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
}

/** A timestamp column within the period's days (both ends included). */
const inPeriod = (column: RawBuilder<unknown>, s: Scope) =>
  sql`${column} >= ${s.from}::date and ${column} < ${s.to}::date + 1`

function scopeOf(establishmentId: number, q: DashboardQuery): Scope {
  const { from, to } = dashboardRange(q)
  const parts = [sql`a.establishment_id = ${establishmentId}`, sql`a.deleted_at is null`]
  if (q.rodeo?.length) parts.push(sql`a.rodeo_id in (${sql.join(q.rodeo)})`)
  if (q.category?.length) parts.push(sql`a.animal_type_id in (${sql.join(q.category)})`)
  return { eid: establishmentId, from, to, animals: sql.join(parts, sql` and `) }
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

type RateSql = { key: unknown; label: string | null; total: number; positive: number }

/** Pregnancy rate grouped by `group` (docs/kpis.md#tasa-prenez). */
function pregnancyRate(
  db: DB,
  s: Scope,
  key: RawBuilder<unknown>,
  label: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
) {
  return sql<RateSql>`
    select ${key} as key, ${label} as label, count(d.id)::int as total,
      count(*) filter (where d.description <> 'Vacia')::int as positive
    from pregnancy_checks pc
    join animals a on a.id = pc.animal_id
    left join pregnancy_check_details d on d.id = pc.pregnancy_check_detail_id
    left join cattle_handlings ch on ch.id = pc.cattle_handling_id
    left join rodeos r on r.id = a.rodeo_id
    where pc.establishment_id = ${s.eid} and ${inPeriod(sql`pc.read_at`, s)} and ${s.animals}
    group by 1, 2 order by ${order}`.execute(db)
}

/**
 * Conception rate of AI services grouped by `key` (docs/kpis.md#concepcion-iatf): each service in the
 * period is matched to the first check of the animal 25–120 days later; a later service of the same
 * animal before that check takes the check instead; a service without a check with a detail is out.
 */
function conceptionRate(
  db: DB,
  s: Scope,
  key: RawBuilder<unknown>,
  label: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
) {
  return sql<RateSql>`
    select ${key} as key, ${label} as label,
      count(c.description)::int as total,
      count(*) filter (where c.description = 'IA')::int as positive
    from artificial_inseminations ai
    join animals a on a.id = ai.animal_id
    left join cattle_handlings ch on ch.id = ai.cattle_handling_id
    left join bulls b on b.id = ai.bull_id
    left join inseminators i on i.id = ai.inseminator_id
    left join lateral (
      select d.description, pc.read_at from pregnancy_checks pc
      left join pregnancy_check_details d on d.id = pc.pregnancy_check_detail_id
      where pc.establishment_id = ${s.eid} and pc.animal_id = ai.animal_id
        and pc.read_at::date between ai.read_at::date + ${SERVICE_CHECK_MIN_DAYS}::int
          and ai.read_at::date + ${SERVICE_CHECK_MAX_DAYS}::int
      order by pc.read_at, pc.id limit 1
    ) c on not exists (
      select 1 from artificial_inseminations later
      where later.establishment_id = ${s.eid} and later.animal_id = ai.animal_id
        and later.read_at::date > ai.read_at::date and later.read_at < c.read_at
    )
    where ai.establishment_id = ${s.eid} and ${inPeriod(sql`ai.read_at`, s)} and ${s.animals}
    group by 1, 2 order by ${order}`.execute(db)
}

function distribution(
  db: DB,
  s: Scope,
  table: 'preservices' | 'body_conditions',
  column: string,
  lookup: string,
) {
  return sql<{ id: number | null; description: string | null; count: number }>`
    select l.id, l.description, count(*)::int as count
    from ${sql.table(table)} e
    join animals a on a.id = e.animal_id
    left join ${sql.table(lookup)} l on l.id = e.${sql.ref(column)}
    where e.establishment_id = ${s.eid} and ${inPeriod(sql`e.read_at`, s)} and ${s.animals}
    group by l.id, l.description order by l.description nulls last`.execute(db)
}

/** Mean GDPV per month and group, gains outside −2…3 kg/día left out (docs/kpis.md#gdpv). */
function gdpvBy(db: DB, s: Scope, label: RawBuilder<unknown>, join: RawBuilder<unknown>) {
  return sql<{ x: string; series: string | null; y: string }>`
    select to_char(w.read_at, 'YYYY-MM') as x, ${label} as series, round(avg(w.gdpv), 3) as y
    from weighings w join animals a on a.id = w.animal_id ${join}
    where w.establishment_id = ${s.eid} and ${inPeriod(sql`w.read_at`, s)} and ${s.animals}
      and w.gdpv between -2 and 3
    group by 1, 2 order by 1, 2`.execute(db)
}

const points = (rows: { x: unknown; series: string | null; y: unknown }[], empty: string) =>
  rows.map((row): SeriesPoint => ({ x: String(row.x), series: row.series ?? empty, y: Number(row.y) }))

/**
 * Tablero's figures. Its aggregates are estimated far above PostgreSQL's JIT threshold and compiling
 * them cost more than running them (the same finding as the feedlot board, decision 038 addendum;
 * the bench measured PostgreSQL 3–4× slower than PGlite here): run them with JIT off.
 */
export function dashboard(db: DB, establishmentId: number, q: DashboardQuery): Promise<Dashboard> {
  return withReportSettings(db, (trx) => dashboardFigures(trx, establishmentId, q))
}

async function dashboardFigures(db: DB, establishmentId: number, q: DashboardQuery): Promise<Dashboard> {
  const s = scopeOf(establishmentId, q)
  const monthEnds = sql`(select (date_trunc('month', m) + interval '1 month - 1 day')::date as month_end
      from generate_series(date_trunc('month', ${s.from}::date), date_trunc('month', ${s.to}::date), interval '1 month') m)`
  const [
    bySession,
    byRodeo,
    details,
    conceptionSession,
    conceptionBull,
    conceptionInseminator,
    ovarian,
    grade,
    bodyCondition,
    gdpvRodeo,
    gdpvCategory,
    discarded,
    weights,
    weightByAge,
    stock,
    movements,
    pyramid,
  ] = await Promise.all([
    pregnancyRate(db, s, sql`ch.id`, sql`ch.name`, sql`min(ch.activity_date), 1`),
    pregnancyRate(db, s, sql`a.rodeo_id`, sql`r.description`, sql`2`),
    sql<{ id: number | null; description: string | null; count: number }>`
      select d.id, d.description, count(*)::int as count
      from pregnancy_checks pc join animals a on a.id = pc.animal_id
      left join pregnancy_check_details d on d.id = pc.pregnancy_check_detail_id
      where pc.establishment_id = ${s.eid} and ${inPeriod(sql`pc.read_at`, s)} and ${s.animals}
      group by d.id, d.description order by count(*) desc`.execute(db),
    conceptionRate(db, s, sql`ch.id`, sql`ch.name`, sql`min(ch.activity_date), 1`),
    conceptionRate(db, s, sql`b.id`, sql`b.alias`, sql`2`),
    conceptionRate(db, s, sql`i.id`, sql`trim(i.first_name || ' ' || i.last_name)`, sql`2`),
    distribution(db, s, 'preservices', 'ovarian_status_id', 'ovarian_statuses'),
    distribution(db, s, 'preservices', 'reproductive_grade_id', 'reproductive_grades'),
    distribution(db, s, 'body_conditions', 'body_condition_detail_id', 'body_condition_details'),
    gdpvBy(db, s, sql`r.description`, sql`left join rodeos r on r.id = a.rodeo_id`),
    gdpvBy(db, s, sql`t.description`, sql`left join animal_types t on t.id = a.animal_type_id`),
    sql<{ n: number }>`
      select count(*)::int as n from weighings w join animals a on a.id = w.animal_id
      where w.establishment_id = ${s.eid} and ${inPeriod(sql`w.read_at`, s)} and ${s.animals}
        and w.gdpv is not null and w.gdpv not between -2 and 3`.execute(db),
    sql<{ x: number; series: string | null; y: number }>`
      select (floor(a.last_weight / 50) * 50)::int as x, t.description as series, count(*)::int as y
      from animals a left join animal_types t on t.id = a.animal_type_id
      where ${s.animals} and a.check_out_date is null and a.last_weight is not null
        and ${inPeriod(sql`a.last_weight_read_at`, s)}
      group by 1, 2 order by 1, 2`.execute(db),
    sql<{ x: number; series: string | null; y: string }>`
      select floor((w.read_at::date - a.date_of_birth::date) / 30.4375)::int as x, sx.description as series,
        round(avg(w.weight), 1) as y
      from weighings w join animals a on a.id = w.animal_id left join sexes sx on sx.id = a.sex_id
      where w.establishment_id = ${s.eid} and ${inPeriod(sql`w.read_at`, s)} and ${s.animals}
        and a.date_of_birth is not null and w.read_at >= a.date_of_birth
        and w.read_at::date - a.date_of_birth::date <= 3652
      group by 1, 2 order by 1, 2`.execute(db),
    sql<{ x: string; series: string | null; y: number }>`
      select to_char(m.month_end, 'YYYY-MM') as x, t.description as series, count(a.id)::int as y
      from ${monthEnds} m
      join animals a on ${s.animals}
        and coalesce(a.check_in_date, a.date_of_birth) < m.month_end + 1
        and (a.check_out_date is null or a.check_out_date >= m.month_end + 1)
      left join animal_types t on t.id = a.animal_type_id
      group by 1, 2 order by 1, 2`.execute(db),
    sql<{ x: string; check_ins: number; check_outs: number }>`
      select x, count(*) filter (where kind = 'in')::int as check_ins, count(*) filter (where kind = 'out')::int as check_outs
      from (
        select to_char(a.check_in_date, 'YYYY-MM') as x, 'in' as kind from animals a
        where ${s.animals} and ${inPeriod(sql`a.check_in_date`, s)}
        union all
        select to_char(a.check_out_date, 'YYYY-MM'), 'out' from animals a
        where ${s.animals} and ${inPeriod(sql`a.check_out_date`, s)}
      ) moves group by x order by x`.execute(db),
    sql<{ age: string; series: string | null; count: number }>`
      select case when a.date_of_birth is null then 'Sin fecha'
          when extract(year from age(current_date, a.date_of_birth::date)) >= 10 then '10+'
          else extract(year from age(current_date, a.date_of_birth::date))::int::text end as age,
        sx.description as series, count(*)::int as count
      from animals a left join sexes sx on sx.id = a.sex_id
      where ${s.animals} and a.check_out_date is null
      group by 1, 2 order by 1, 2`.execute(db),
  ])
  return {
    range: { from: s.from, to: s.to },
    reproduction: {
      pregnancy_by_session: rateRows(bySession.rows),
      pregnancy_by_rodeo: rateRows(byRodeo.rows),
      pregnancy_details: countRows(details.rows, 'Sin detalle'),
      conception_by_session: rateRows(conceptionSession.rows),
      conception_by_bull: rateRows(conceptionBull.rows),
      conception_by_inseminator: rateRows(conceptionInseminator.rows),
      ovarian_status: countRows(ovarian.rows, 'Sin dato'),
      reproductive_grade: countRows(grade.rows, 'Sin dato'),
      body_condition: countRows(bodyCondition.rows, 'Sin dato'),
    },
    growth: {
      gdpv_by_rodeo: points(gdpvRodeo.rows, 'Sin rodeo'),
      gdpv_by_category: points(gdpvCategory.rows, 'Sin categoría'),
      gdpv_discarded: toInt(discarded.rows[0]?.n),
      weight_distribution: points(weights.rows, 'Sin categoría'),
      weight_by_age: points(weightByAge.rows, 'Sin dato'),
    },
    herd: {
      stock_by_month: points(stock.rows, 'Sin categoría'),
      movements_by_month: movements.rows.map((row) => ({
        x: row.x,
        check_ins: toInt(row.check_ins),
        check_outs: toInt(row.check_outs),
      })),
      age_pyramid: pyramid.rows
        .map((row) => ({ age: row.age, series: row.series ?? 'Sin dato', count: toInt(row.count) }))
        .sort((a, b) => ageOrder(a.age) - ageOrder(b.age) || a.series.localeCompare(b.series)),
    },
  }
}

const ageOrder = (age: string) => (age === 'Sin fecha' ? 99 : age === '10+' ? 10 : Number(age))
