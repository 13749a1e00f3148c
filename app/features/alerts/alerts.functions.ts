import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type { ActionResult } from '~/features/auth/auth.functions'
import { provider, providerErrorMessage, providerRead } from '~/features/auth/session.server'
import {
  type ActiveAlertsResponse,
  ALERT_MESSAGES,
  activeAlertsQuerySchema,
  alertDescriptionSchema,
} from './alerts.schema'

/** One alert with the same description on each selected animal (spec: POST /v2/alerts). */
export const createAlertsFn = createServerFn({ method: 'POST' })
  .validator(z.object({ description: alertDescriptionSchema, animalIds: z.array(z.uuid()).min(1) }))
  .handler(async ({ data }): Promise<ActionResult> => {
    try {
      const alerts = data.animalIds.map((animal_id) => ({
        description: data.description,
        active: 1,
        animal_id,
      }))
      await provider().post('v2/alerts', { json: { alerts } })
      return { ok: true, message: ALERT_MESSAGES.createSuccess }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error, ALERT_MESSAGES.createError) }
    }
  })

/** One alert goes to PATCH /v2/alerts/{id}/mark-as-read, several to PATCH /v2/alerts/mark-as-read. */
export const markAlertsReadFn = createServerFn({ method: 'POST' })
  .validator(z.object({ ids: z.array(z.number().int().positive()).min(1) }))
  .handler(async ({ data }): Promise<ActionResult> => {
    try {
      const [only] = data.ids
      if (data.ids.length === 1 && only !== undefined)
        await provider().patch(`v2/alerts/${only}/mark-as-read`)
      else await provider().patch('v2/alerts/mark-as-read', { json: { ids: data.ids } })
      return { ok: true, message: ALERT_MESSAGES.readSuccess }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error, ALERT_MESSAGES.readError) }
    }
  })

export const listActiveAlertsFn = createServerFn({ method: 'GET' })
  .validator(
    z.object({ establishmentId: z.number().int().positive(), query: activeAlertsQuerySchema.partial() }),
  )
  .handler(async ({ data }): Promise<ActiveAlertsResponse> => {
    const searchParams: Record<string, string | number> = {}
    for (const [key, value] of Object.entries(data.query)) {
      if (value !== undefined && value !== '') searchParams[key] = value
    }
    return providerRead(ALERT_MESSAGES.listError, () =>
      provider()
        .get(`v2/establishments/${data.establishmentId}/alerts`, { searchParams })
        .json<ActiveAlertsResponse>(),
    )
  })
