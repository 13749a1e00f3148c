import { Chart } from '~/components/charts/chart'
import { type ChartPoint, recordTable } from '~/components/charts/chart-model'
import { formatDate } from '~/lib/format'
import { type Weighing, weightSeries } from './weight-series'

/**
 * The animal's weights over time on the app's one chart (decision 034), loaded lazily by the detail
 * page: a line through the weighings, and as its table (Ver tabla, and always for screen readers)
 * every weighing, most recent first, with the days and the daily gain (GDPV) of each interval.
 */
export function WeightChart({ weighings }: { weighings: readonly Weighing[] }) {
  const series = weightSeries(weighings)
  // The x axis is a category per weighing: two on the same day get their time to stay apart.
  const days = new Map<string, number>()
  for (const p of series) days.set(p.read_at.slice(0, 10), (days.get(p.read_at.slice(0, 10)) ?? 0) + 1)
  const label = (readAt: string) =>
    (days.get(readAt.slice(0, 10)) ?? 0) > 1
      ? `${formatDate(readAt)} ${readAt.slice(11, 16)}`
      : formatDate(readAt)
  const points: ChartPoint[] = series.map((p) => ({ x: label(p.read_at), series: 'Peso', y: p.weight }))
  const table = recordTable(
    [
      { id: 'date', header: 'Fecha', numeric: false },
      { id: 'weight', header: 'Peso (kg)', decimals: 1 },
      { id: 'days', header: 'Días' },
      { id: 'gdpv', header: 'GDPV (kg/día)', decimals: 3 },
    ],
    [...series]
      .reverse()
      .map((p) => ({ date: label(p.read_at), weight: p.weight, days: p.days, gdpv: p.gdpv })),
  )
  return (
    <Chart
      kind="line"
      title="Evolución del peso"
      xLabel="Fecha"
      yLabel="Peso (kg)"
      decimals={1}
      points={points}
      table={table}
      empty="Sin pesadas registradas."
    />
  )
}

export default WeightChart
