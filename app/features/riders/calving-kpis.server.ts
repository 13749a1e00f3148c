import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import { CALVING_KPI_TEXT, CALVING_PERIOD_DAYS, type CalvingKpis } from './calving-kpis.schema'
import { addDays } from './treatments.rules'

/**
 * The calving KPIs of an establishment's season in three statements (formulas:
 * docs/kpis-recorredores.md). The season is the 365 days from its start; a start not given is the
 * first calving of the 365 days up to the latest recorded one.
 */
export async function calvingKpis(
  db: DB,
  establishmentId: number,
  seasonStart?: string,
): Promise<CalvingKpis> {
  let start = seasonStart ?? null
  if (!start) {
    const { rows } = await sql<{ start: string | null }>`
      select to_char(min(b.read_at), 'YYYY-MM-DD') as start from births b
      where b.establishment_id = ${establishmentId}
        and b.read_at > (select max(read_at) from births where establishment_id = ${establishmentId}) - interval '365 days'`.execute(
      db,
    )
    start = rows[0]?.start ?? null
  }
  if (!start) {
    return {
      season: { start: null, end: null, births: 0 },
      periods: [],
      interval: { intervals: 0, average_days: null, median_days: null, min_days: null, max_days: null },
      deaths_by_cause: [],
      deaths: 0,
    }
  }
  const end = addDays(start, 364)
  const [periods, interval, deaths] = await Promise.all([
    sql<{ period: number; births: number }>`
      select ((b.read_at::date - ${start}::date) / ${CALVING_PERIOD_DAYS})::int + 1 as period, count(*)::int as births
      from births b
      where b.establishment_id = ${establishmentId}
        and b.read_at >= ${start}::date and b.read_at < ${end}::date + 1
      group by 1 order by 1`.execute(db),
    sql<{
      intervals: number
      average_days: number | null
      median_days: number | null
      min_days: number | null
      max_days: number | null
    }>`
      with ordered as (
        select b.read_at::date as day,
          lag(b.read_at::date) over (partition by b.mother_id order by b.read_at, b.id) as previous
        from births b where b.establishment_id = ${establishmentId}
      ), gaps as (
        -- Twins (same day) are one calving; the later calving of each pair falls in the season.
        select day - previous as days from ordered
        where previous is not null and day > previous and day >= ${start}::date and day <= ${end}::date
      )
      select count(*)::int as intervals, round(avg(days))::int as average_days,
        (percentile_cont(0.5) within group (order by days))::int as median_days,
        min(days)::int as min_days, max(days)::int as max_days
      from gaps`.execute(db),
    sql<{ cause: string | null; deaths: number }>`
      select dc.description as cause, count(*)::int as deaths
      from deaths d left join death_causes dc on dc.id = d.death_cause_id
      where d.establishment_id = ${establishmentId}
        and d.read_at >= ${start}::date and d.read_at < ${end}::date + 1
      group by dc.description order by count(*) desc, dc.description`.execute(db),
  ])
  const births = periods.rows.reduce((sum, row) => sum + row.births, 0)
  const totalDeaths = deaths.rows.reduce((sum, row) => sum + row.deaths, 0)
  const last = periods.rows.at(-1)?.period ?? 0
  const byPeriod = new Map(periods.rows.map((row) => [row.period, row.births]))
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10)
  return {
    season: { start, end, births },
    // Every period up to the last with a calving, empty ones included (a gap is information).
    periods: Array.from({ length: last }, (_, index) => {
      const n = index + 1
      const count = byPeriod.get(n) ?? 0
      return {
        period: n,
        from: addDays(start, index * CALVING_PERIOD_DAYS),
        to: addDays(start, n * CALVING_PERIOD_DAYS - 1),
        births: count,
        percent: percent(count, births),
      }
    }),
    interval: interval.rows[0] ?? {
      intervals: 0,
      average_days: null,
      median_days: null,
      min_days: null,
      max_days: null,
    },
    deaths_by_cause: deaths.rows.map((row) => ({
      cause: row.cause ?? CALVING_KPI_TEXT.unknownCause,
      deaths: row.deaths,
      percent: percent(row.deaths, totalDeaths),
    })),
    deaths: totalDeaths,
  }
}
