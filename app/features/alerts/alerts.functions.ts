import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  activeAlertsRoute,
  createAlertsRoute,
  markAlertReadRoute,
  markAlertsReadRoute,
} from '~/api/alerts/alerts.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import {
  type ActiveAlertsResponse,
  ALERT_MESSAGES,
  activeAlertsQuerySchema,
  alertDescriptionSchema,
} from './alerts.schema'

/** One alert with the same description on each selected animal (spec: POST /v2/alerts). */
export const createAlertsFn = createServerFn({ method: 'POST' })
  .validator(z.object({ description: alertDescriptionSchema, animalIds: z.array(z.uuid()).min(1) }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(ALERT_MESSAGES.createError, async () => {
        const alerts = data.animalIds.map((animal_id) => ({
          description: data.description,
          active: 1 as const,
          animal_id,
        }))
        await provider().call(createAlertsRoute, { json: { alerts } })
        return { ok: true, message: ALERT_MESSAGES.createSuccess }
      }),
  )

/** One alert goes to PATCH /v2/alerts/{id}/mark-as-read, several to PATCH /v2/alerts/mark-as-read. */
export const markAlertsReadFn = createServerFn({ method: 'POST' })
  .validator(z.object({ ids: z.array(z.number().int().positive()).min(1) }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(ALERT_MESSAGES.readError, async () => {
        const [only] = data.ids
        if (data.ids.length === 1 && only !== undefined)
          await provider().call(markAlertReadRoute, { param: { id: only } })
        else await provider().call(markAlertsReadRoute, { json: { ids: data.ids } })
        return { ok: true, message: ALERT_MESSAGES.readSuccess }
      }),
  )

export const listActiveAlertsFn = createServerFn({ method: 'GET' })
  .validator(
    z.object({ establishmentId: z.number().int().positive(), query: activeAlertsQuerySchema.partial() }),
  )
  .handler(async ({ data }): Promise<ActiveAlertsResponse> => {
    const query: Record<string, string | number> = {}
    for (const [key, value] of Object.entries(data.query)) {
      if (value !== undefined && value !== '') query[key] = value
    }
    return provider().read(ALERT_MESSAGES.listError, activeAlertsRoute, {
      param: { id: data.establishmentId },
      query,
    })
  })
