import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { insightsDashboardRoute, insightsSummaryRoute } from '~/api/insights/insights.routes'
import { provider } from '~/features/auth/session.server'
import { type Dashboard, INSIGHTS_MESSAGES, type Summary } from './insights.schema'

const establishment = z.object({ establishmentId: z.number().int().positive() })

export const insightsSummaryFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(async ({ data }): Promise<Summary> => {
    const answer = await provider().read(INSIGHTS_MESSAGES.summaryError, insightsSummaryRoute, {
      param: { id: data.establishmentId },
    })
    return answer.data
  })

export const insightsDashboardFn = createServerFn({ method: 'GET' })
  .validator(
    establishment.extend({
      query: z.object({
        from: z.string().optional(),
        to: z.string().optional(),
        rodeo: z.string().optional(),
        category: z.string().optional(),
      }),
    }),
  )
  .handler(async ({ data }): Promise<Dashboard> => {
    const answer = await provider().read(INSIGHTS_MESSAGES.dashboardError, insightsDashboardRoute, {
      param: { id: data.establishmentId },
      query: data.query,
    })
    return answer.data
  })
