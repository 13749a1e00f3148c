import { z } from 'zod'
import { idListParam, isoDateParam } from '~/lib/list-query'

/**
 * Resumen and Tablero (issue 20): the answers of the insights API, shared by the API contract, the
 * server functions and the components. Every formula is in docs/kpis.md.
 */

export const INSIGHTS_MESSAGES = {
  summaryError: 'No se pudo obtener el resumen del establecimiento',
  dashboardError: 'No se pudo obtener el tablero del establecimiento',
  rangeInverted: 'La fecha «desde» no puede ser posterior a «hasta»',
} as const

/** Days after which an animal counts as 'sin pesar' (docs/kpis.md#sin-pesar). */
export const NOT_WEIGHED_DAYS = 90
/** Days after an insemination from which a cow without a later check is 'pendiente de tacto'. */
export const PREGNANCY_CHECK_DUE_DAYS = 30
/**
 * The window in which a pregnancy check is matched to an insemination (docs/kpis.md#concepcion-iatf).
 * The database applies it (`service_outcomes_computed`, migration 0018): a change needs a migration.
 */
export const SERVICE_CHECK_MIN_DAYS = 25
export const SERVICE_CHECK_MAX_DAYS = 120

const countRow = z.object({
  id: z.number().int().nullable(),
  description: z.string(),
  count: z.number().int(),
})
export type CountRow = z.infer<typeof countRow>

export const lastSessionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  activity_date: z.string(),
  work: z.number().int(),
  /** The session's events (animals read). */
  events: z.number().int(),
  /** The headline: pregnancy rate (%) of a check, mean weight (kg) of a weighing; null otherwise. */
  headline: z.number().nullable(),
})
export type LastSession = z.infer<typeof lastSessionSchema>

export const summarySchema = z
  .object({
    head_count: z.number().int(),
    by_category: z.array(countRow),
    by_rodeo: z.array(countRow),
    alerts: z.object({
      animals: z.number().int(),
      alerts: z.number().int(),
      /** The first animals with active alerts (visual tag order), for the card. */
      sample: z.array(z.object({ animal_id: z.uuid(), visual_tag: z.string(), description: z.string() })),
    }),
    last_sessions: z.array(lastSessionSchema),
    without_rfid: z.number().int(),
    not_weighed: z.number().int(),
    pregnancy_check_due: z.number().int(),
  })
  .meta({ id: 'InsightsSummary' })
export type Summary = z.infer<typeof summarySchema>

/** GET …/insights/dashboard query: date range (inclusive) and current rodeo / category. */
export const dashboardQuerySchema = z
  .object({
    from: isoDateParam,
    to: isoDateParam,
    rodeo: idListParam(),
    category: idListParam(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: INSIGHTS_MESSAGES.rangeInverted,
    path: ['from'],
  })
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>
export type DashboardQueryInput = z.input<typeof dashboardQuerySchema>

const rateRow = z.object({
  key: z.string(),
  label: z.string(),
  /** Denominator (checks with a detail; services with a matched check). */
  total: z.number().int(),
  /** Numerator (pregnant; conceived). */
  positive: z.number().int(),
  /** positive / total × 100, one decimal; null when total is 0. */
  rate: z.number().nullable(),
})
export type RateRow = z.infer<typeof rateRow>

const seriesPoint = z.object({ x: z.string(), series: z.string(), y: z.number() })
export type SeriesPoint = z.infer<typeof seriesPoint>

export const dashboardSchema = z
  .object({
    range: z.object({ from: z.string(), to: z.string() }),
    reproduction: z.object({
      pregnancy_by_session: z.array(rateRow),
      pregnancy_by_rodeo: z.array(rateRow),
      pregnancy_details: z.array(countRow),
      conception_by_session: z.array(rateRow),
      conception_by_bull: z.array(rateRow),
      conception_by_inseminator: z.array(rateRow),
      ovarian_status: z.array(countRow),
      reproductive_grade: z.array(countRow),
      body_condition: z.array(countRow),
    }),
    growth: z.object({
      /** Mean GDPV (kg/día) per month (x = 'YYYY-MM') and rodeo (series). */
      gdpv_by_rodeo: z.array(seriesPoint),
      gdpv_by_category: z.array(seriesPoint),
      gdpv_discarded: z.number().int(),
      /** Animals per 50 kg bin (x = lower bound) and category (series). */
      weight_distribution: z.array(seriesPoint),
      /** Mean weight (y) per age in months (x) and sex (series). */
      weight_by_age: z.array(seriesPoint),
    }),
    herd: z.object({
      stock_by_month: z.array(seriesPoint),
      movements_by_month: z.array(
        z.object({ x: z.string(), check_ins: z.number().int(), check_outs: z.number().int() }),
      ),
      age_pyramid: z.array(z.object({ age: z.string(), series: z.string(), count: z.number().int() })),
    }),
  })
  .meta({ id: 'InsightsDashboard' })
export type Dashboard = z.infer<typeof dashboardSchema>
