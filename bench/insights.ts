/**
 * Issue 20's bench cases: Resumen (GET …/insights/summary) and Tablero (GET …/insights/dashboard) of
 * the large establishment, through the API like the list cases. The seed's events span two years up
 * to its reference day, so Tablero is measured over its default period (the last 365 days) and over
 * the whole two years, the widest period a user would ask for.
 */
import type { ApiApp } from '~/api/app'
import type { DatabaseEngine } from '~/db/database.server'
import { DEMO_REFERENCE_DATE } from '~/db/seed/calendar'
import { dashboardSchema, summarySchema } from '~/features/insights/insights.schema'

const API = '/app-insights/api'

/** Issue 20's targets, per engine: the p95 of each Resumen / Tablero request. */
export const INSIGHTS_P95_TARGET_MS: Record<DatabaseEngine, number> = { postgres: 300, pglite: 1000 }

/** Two years before the seed's reference day: the start of its events. */
const TWO_YEARS_BEFORE = `${Number(DEMO_REFERENCE_DATE.slice(0, 4)) - 2}${DEMO_REFERENCE_DATE.slice(4)}`

export const isInsightsCase = (c: { key: string }) => c.key.startsWith('insights')

/**
 * The cases, each checked against its schema and against the herd it must describe (a wrong or
 * empty answer fails the bench rather than being timed).
 */
export function insightsCases(api: ApiApp, token: string, eid: number, live: number) {
  const getJson = async (url: string) => {
    const response = await api.request(`${API}${url}`, { headers: { authorization: `Bearer ${token}` } })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 300)}`)
    return JSON.parse(text) as { data: unknown }
  }
  const dashboard = (query: string) => async () => {
    const { data } = await getJson(`/v2/establishments/${eid}/insights/dashboard${query}`)
    const parsed = dashboardSchema.parse(data)
    if (parsed.growth.weight_distribution.length === 0) throw new Error('Tablero: no weight distribution')
  }
  return [
    {
      key: 'insightsSummary',
      title: 'GET …/insights/summary (Resumen)',
      run: async () => {
        const { data } = await getJson(`/v2/establishments/${eid}/insights/summary`)
        const summary = summarySchema.parse(data)
        if (summary.head_count <= 0 || summary.head_count > live) {
          throw new Error(`Resumen: ${summary.head_count} head, ${live} live animals`)
        }
      },
    },
    {
      key: 'insightsDashboard',
      title: 'GET …/insights/dashboard (Tablero, default 365 days)',
      run: dashboard(`?to=${DEMO_REFERENCE_DATE}`),
    },
    {
      key: 'insightsDashboard2y',
      title: 'GET …/insights/dashboard (Tablero, two years)',
      run: dashboard(`?from=${TWO_YEARS_BEFORE}&to=${DEMO_REFERENCE_DATE}`),
    },
  ]
}

/** PASS / FAIL lines for the Resumen and Tablero cases (p95 against the engine's target). */
export function checkInsightsTargets(
  engine: DatabaseEngine,
  cases: readonly { key: string; title: string; p95Ms: number }[],
) {
  const limit = INSIGHTS_P95_TARGET_MS[engine]
  return cases.filter(isInsightsCase).map((c) => ({
    key: c.key,
    what: `${c.title}: p95`,
    value: c.p95Ms,
    limit,
    unit: 'ms' as const,
    pass: c.p95Ms <= limit,
  }))
}
