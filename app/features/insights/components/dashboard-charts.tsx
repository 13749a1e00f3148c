import { Grid, Stack, styled } from 'styled-system/jsx'
import { Chart } from '~/components/charts/chart'
import { type ChartPoint, recordTable } from '~/components/charts/chart-model'
import { formatNumber } from '~/lib/format'
import type { CountRow, Dashboard, RateRow, SeriesPoint } from '../insights.schema'
import type { KpiKey } from '../kpi-definitions'
import { KpiInfo } from './kpi-info'

/**
 * Tablero's charts: the chart library's only importer on this page, loaded lazily by
 * dashboard-page.tsx so that no other page carries it (decision 034).
 */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const { reproduction: r, growth: g, herd: h } = data
  return (
    <Stack gap="8">
      <Section title="Reproducción">
        <RateChart
          title="Tasa de preñez por sesión"
          kpi="tasa-prenez"
          rows={r.pregnancy_by_session}
          x="Sesión"
          positive="Preñadas"
          total="Diagnosticadas"
        />
        <RateChart
          title="Tasa de preñez por rodeo"
          kpi="tasa-prenez"
          rows={r.pregnancy_by_rodeo}
          x="Rodeo"
          positive="Preñadas"
          total="Diagnosticadas"
        />
        <CountChart
          title="Detalle del diagnóstico"
          kpi="detalle-tacto"
          rows={r.pregnancy_details}
          x="Resultado"
        />
        <RateChart
          title="Concepción IATF por sesión"
          kpi="concepcion-iatf"
          rows={r.conception_by_session}
          x="Sesión"
          positive="Preñadas por IA"
          total="Inseminaciones con diagnóstico"
        />
        <RateChart
          title="Concepción IATF por toro"
          kpi="concepcion-iatf"
          rows={r.conception_by_bull}
          x="Toro"
          positive="Preñadas por IA"
          total="Inseminaciones con diagnóstico"
        />
        <RateChart
          title="Concepción IATF por inseminador"
          kpi="concepcion-iatf"
          rows={r.conception_by_inseminator}
          x="Inseminador"
          positive="Preñadas por IA"
          total="Inseminaciones con diagnóstico"
        />
        <CountChart
          title="Estado ovárico en preservicio"
          kpi="preservicio"
          rows={r.ovarian_status}
          x="Estado ovárico"
        />
        <CountChart title="Grado reproductivo (GDR)" kpi="preservicio" rows={r.reproductive_grade} x="GDR" />
        <CountChart
          title="Condición corporal"
          kpi="condicion-corporal"
          rows={r.body_condition}
          x="Condición corporal"
        />
      </Section>
      <Section title="Crecimiento">
        <SeriesChart
          kind="line"
          title="GDPV por rodeo"
          kpi="gdpv"
          points={g.gdpv_by_rodeo}
          x="Mes"
          y="GDPV (kg/día)"
          decimals={3}
          note={
            g.gdpv_discarded
              ? `${formatNumber(g.gdpv_discarded)} ganancias descartadas por estar fuera de −2 a 3 kg/día.`
              : undefined
          }
        />
        <SeriesChart
          kind="line"
          title="GDPV por categoría"
          kpi="gdpv"
          points={g.gdpv_by_category}
          x="Mes"
          y="GDPV (kg/día)"
          decimals={3}
        />
        <SeriesChart
          kind="bar"
          title="Distribución de peso por categoría"
          kpi="peso-categoria"
          points={g.weight_distribution.map((p) => ({ ...p, x: `${p.x}–${Number(p.x) + 49}` }))}
          x="Peso (kg)"
          y="Animales"
        />
        <SeriesChart
          kind="scatter"
          title="Peso por edad"
          kpi="peso-edad"
          points={g.weight_by_age}
          x="Edad (meses)"
          y="Peso promedio (kg)"
          decimals={1}
        />
      </Section>
      <Section title="Existencias">
        <SeriesChart
          kind="bar"
          title="Stock por categoría al fin de cada mes"
          kpi="stock-mensual"
          points={h.stock_by_month}
          x="Mes"
          y="Cabezas"
        />
        <SeriesChart
          kind="bar"
          title="Ingresos y bajas por mes"
          kpi="stock-mensual"
          points={h.movements_by_month.flatMap((m) => [
            { x: m.x, series: 'Ingresos', y: m.check_ins },
            { x: m.x, series: 'Bajas', y: m.check_outs },
          ])}
          x="Mes"
          y="Animales"
        />
        <SeriesChart
          kind="bar"
          title="Pirámide de edades"
          kpi="piramide"
          points={h.age_pyramid.map((p) => ({
            x: p.age === 'Sin fecha' ? p.age : `${p.age} años`,
            series: p.series,
            y: p.count,
          }))}
          x="Edad"
          y="Cabezas"
        />
      </Section>
    </Stack>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="4" as="section" aria-label={title}>
      <styled.h2 textStyle="xl" fontWeight="semibold">
        {title}
      </styled.h2>
      <Grid gap="4" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }}>
        {children}
      </Grid>
    </Stack>
  )
}

function RateChart({
  title,
  kpi,
  rows,
  x,
  positive,
  total,
}: {
  title: string
  kpi: KpiKey
  rows: RateRow[]
  x: string
  positive: string
  total: string
}) {
  const points: ChartPoint[] = rows.map((row) => ({ x: row.label, series: 'Tasa', y: row.rate }))
  const table = recordTable(
    [
      { id: 'label', header: x, numeric: false },
      { id: 'positive', header: positive },
      { id: 'total', header: total },
      { id: 'rate', header: 'Tasa (%)', decimals: 1 },
    ],
    rows.map((row) => ({ label: row.label, positive: row.positive, total: row.total, rate: row.rate })),
  )
  return (
    <Chart
      kind="bar"
      title={title}
      info={<KpiInfo kpi={kpi} label={title} />}
      xLabel={x}
      yLabel="Tasa (%)"
      points={points}
      decimals={1}
      yMax={100}
      table={table}
    />
  )
}

function CountChart({ title, kpi, rows, x }: { title: string; kpi: KpiKey; rows: CountRow[]; x: string }) {
  return (
    <Chart
      kind="bar"
      title={title}
      info={<KpiInfo kpi={kpi} label={title} />}
      xLabel={x}
      yLabel="Cantidad"
      points={rows.map((row) => ({ x: row.description, series: 'Cantidad', y: row.count }))}
    />
  )
}

function SeriesChart({
  kind,
  title,
  kpi,
  points,
  x,
  y,
  decimals,
  note,
}: {
  kind: 'bar' | 'line' | 'scatter'
  title: string
  kpi: KpiKey
  points: SeriesPoint[]
  x: string
  y: string
  decimals?: number
  note?: string
}) {
  return (
    <Stack gap="1">
      <Chart
        kind={kind}
        title={title}
        info={<KpiInfo kpi={kpi} label={title} />}
        xLabel={x}
        yLabel={y}
        points={points}
        decimals={decimals}
      />
      {note ? (
        <styled.p textStyle="xs" color="fg.muted">
          {note}
        </styled.p>
      ) : null}
    </Stack>
  )
}

export default DashboardCharts
