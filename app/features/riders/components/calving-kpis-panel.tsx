import { Box, Grid, Stack, styled } from 'styled-system/jsx'
import { formatDate } from '~/lib/format'
import { CALVING_KPI_TEXT, type CalvingKpis } from '../calving-kpis.schema'

export interface CalvingKpisPanelProps {
  kpis: CalvingKpis | undefined
  loading?: boolean
  error?: string
  /** The level of its parts' headings: 3 when the page gives the panel an h2 of its own. */
  headingLevel?: 2 | 3
}

/**
 * The calving KPIs (docs/kpis-recorredores.md), presentational: plain bars drawn with CSS (no chart
 * library to load), each with its number written out so a screen reader and a printout read the same.
 */
export function CalvingKpisPanel({ kpis, loading, error, headingLevel = 2 }: CalvingKpisPanelProps) {
  const Heading = headingLevel === 3 ? styled.h3 : styled.h2
  if (error) return <styled.p role="alert">{error}</styled.p>
  if (loading || !kpis) return <styled.p aria-busy="true">Calculando indicadores…</styled.p>
  if (!kpis.season.start) return <styled.p color="fg.muted">{CALVING_KPI_TEXT.noSeason}</styled.p>
  const widest = Math.max(1, ...kpis.periods.map((p) => p.births))
  return (
    <Stack gap="6" aria-label={CALVING_KPI_TEXT.title}>
      <styled.p color="fg.muted">
        Temporada del {formatDate(kpis.season.start)} al {formatDate(kpis.season.end)}: {kpis.season.births}{' '}
        partos.
      </styled.p>
      <Stack gap="2" as="section" aria-labelledby="kpi-distribution">
        <Heading id="kpi-distribution" textStyle="lg" fontWeight="semibold">
          {CALVING_KPI_TEXT.distribution}
        </Heading>
        <styled.ul display="flex" flexDirection="column" gap="2">
          {kpis.periods.map((period) => (
            <styled.li
              key={period.period}
              display="grid"
              gridTemplateColumns="7rem 1fr 6rem"
              gap="2"
              alignItems="center"
            >
              <span>
                {CALVING_KPI_TEXT.period(period.period)}
                <styled.span display="block" textStyle="xs" color="fg.muted">
                  {formatDate(period.from)}–{formatDate(period.to)}
                </styled.span>
              </span>
              <Box h="4" bg="bg.muted" borderRadius="l1" overflow="hidden" aria-hidden>
                <Box h="full" bg="accent.default" style={{ width: `${(period.births / widest) * 100}%` }} />
              </Box>
              <styled.span textAlign="end">
                {period.births} ({period.percent.toLocaleString('es-AR')} %)
              </styled.span>
            </styled.li>
          ))}
        </styled.ul>
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="kpi-interval">
        <Heading id="kpi-interval" textStyle="lg" fontWeight="semibold">
          {CALVING_KPI_TEXT.interval}
        </Heading>
        {kpis.interval.intervals === 0 ? (
          <styled.p color="fg.muted">Sin vacas con dos partos registrados en la temporada.</styled.p>
        ) : (
          <Grid as="dl" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
            {(
              [
                ['Promedio', kpis.interval.average_days],
                ['Mediana', kpis.interval.median_days],
                ['Mínimo', kpis.interval.min_days],
                ['Máximo', kpis.interval.max_days],
              ] as const
            ).map(([label, value]) => (
              <Box key={label} borderWidth="1px" borderColor="border" borderRadius="l2" p="3">
                <styled.dt textStyle="sm" color="fg.muted">
                  {label}
                </styled.dt>
                <styled.dd textStyle="xl" fontWeight="semibold">
                  {value ?? '—'} días
                </styled.dd>
              </Box>
            ))}
          </Grid>
        )}
        <styled.p textStyle="sm" color="fg.muted">
          Sobre {kpis.interval.intervals} intervalos.
        </styled.p>
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="kpi-deaths">
        <Heading id="kpi-deaths" textStyle="lg" fontWeight="semibold">
          {CALVING_KPI_TEXT.deaths}
        </Heading>
        {kpis.deaths === 0 ? (
          <styled.p color="fg.muted">{CALVING_KPI_TEXT.noDeaths}</styled.p>
        ) : (
          <styled.table w="full" textStyle="sm">
            <thead>
              <tr>
                <styled.th textAlign="start">Causa</styled.th>
                <styled.th textAlign="end">Muertes</styled.th>
                <styled.th textAlign="end">%</styled.th>
              </tr>
            </thead>
            <tbody>
              {kpis.deaths_by_cause.map((row) => (
                <tr key={row.cause}>
                  <td>{row.cause}</td>
                  <styled.td textAlign="end">{row.deaths}</styled.td>
                  <styled.td textAlign="end">{row.percent.toLocaleString('es-AR')}</styled.td>
                </tr>
              ))}
            </tbody>
          </styled.table>
        )}
      </Stack>
    </Stack>
  )
}
