import { dashboard, summary } from '~/features/insights/insights.server'
import { createRouter } from '../lib/create-router'
import { insightsDashboardRoute, insightsSummaryRoute } from './insights.routes'

/** The routes' guards checked membership: insights.routes.ts. */
export const insightsRouter = createRouter()
  .openapi(insightsSummaryRoute, async (c) =>
    c.json({ data: await summary(c.var.db, c.var.establishmentId) }, 200),
  )
  .openapi(insightsDashboardRoute, async (c) =>
    c.json({ data: await dashboard(c.var.db, c.var.establishmentId, c.req.valid('query')) }, 200),
  )
