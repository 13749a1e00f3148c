import { z } from 'zod'
import { isoDateParam } from '~/lib/list-query'

/**
 * Calving KPIs (issue 21 part 4, decision 036; formulas in docs/kpis-recorredores.md). Client-safe.
 */

/** Length of a period of the calving season: a cow's heat cycle. */
export const CALVING_PERIOD_DAYS = 21

export const calvingKpisQuerySchema = z.object({
  /** The season's first day; default: the first calving of the 365 days up to the latest one. */
  season_start: isoDateParam,
})

export const calvingKpisSchema = z
  .object({
    season: z.object({ start: z.string().nullable(), end: z.string().nullable(), births: z.number().int() }),
    periods: z.array(
      z.object({
        period: z.number().int(),
        from: z.string(),
        to: z.string(),
        births: z.number().int(),
        percent: z.number(),
      }),
    ),
    interval: z.object({
      intervals: z.number().int(),
      average_days: z.number().nullable(),
      median_days: z.number().nullable(),
      min_days: z.number().nullable(),
      max_days: z.number().nullable(),
    }),
    deaths_by_cause: z.array(z.object({ cause: z.string(), deaths: z.number().int(), percent: z.number() })),
    deaths: z.number().int(),
  })
  .meta({ id: 'CalvingKpis' })
export type CalvingKpis = z.infer<typeof calvingKpisSchema>

export const CALVING_KPI_TEXT = {
  title: 'Indicadores de parición',
  distribution: 'Distribución de partos por período de 21 días',
  period: (n: number) => `Período ${n}`,
  interval: 'Intervalo entre partos',
  deaths: 'Muertes por causa',
  noSeason: 'Todavía no hay partos registrados.',
  noDeaths: 'Sin muertes en la temporada.',
  unknownCause: 'Sin causa indicada',
  error: 'No se pudieron calcular los indicadores',
} as const
