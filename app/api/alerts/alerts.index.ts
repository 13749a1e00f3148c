import type { Context } from 'hono'
import { ALERT_MESSAGES } from '~/features/alerts/alerts.schema'
import {
  ALERT_NOT_FOUND,
  activeAlertsOfAnimal,
  createAlerts,
  establishmentsOfAlerts,
  listActiveAlerts,
  markAlertsRead,
  ONE_ALERT_NOT_FOUND,
} from '~/features/alerts/alerts.server'
import { establishmentOfAnimals } from '~/features/animal-moves/animal-moves.server'
import { getMembership } from '~/features/establishments/establishments.server'
import { requireAnimalAccess } from '../animals/animal-record.index'
import { requireMembership } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import { ApiError } from '../lib/errors'
import type { ApiEnv } from '../lib/types'
import {
  activeAlertsRoute,
  animalAlertsRoute,
  createAlertsRoute,
  markAlertReadRoute,
  markAlertsReadRoute,
} from './alerts.routes'

/**
 * Alerts are checked against the establishments they belong to before any is touched. An unknown
 * alert and another establishment's answer alike (404), so alert ids cannot be probed.
 */
async function markRead(c: Context<ApiEnv>, ids: number[]) {
  const notFound = new ApiError(404, ids.length === 1 ? ONE_ALERT_NOT_FOUND : ALERT_NOT_FOUND)
  const establishments = await establishmentsOfAlerts(c.var.db, ids)
  if (!establishments) throw notFound
  for (const establishmentId of establishments) {
    if (!(await getMembership(c.var.db, c.var.user, establishmentId))) throw notFound
  }
  const result = await markAlertsRead(c.var.db, { alertIds: ids, userId: c.var.user.id })
  return { message: ALERT_MESSAGES.readSuccess, data: result }
}

export const alertsRouter = createRouter()
  .openapi(createAlertsRoute, async (c) => {
    const { alerts } = c.req.valid('json')
    // The animals name the establishment, looked for among the caller's own only (decision 010).
    const establishmentId = await establishmentOfAnimals(
      c.var.db,
      c.var.user,
      alerts.map((alert) => alert.animal_id),
    )
    await requireMembership(c, establishmentId)
    const data = await createAlerts(c.var.db, { establishmentId, userId: c.var.user.id, alerts })
    return c.json({ message: ALERT_MESSAGES.createSuccess, data }, 201)
  })
  .openapi(markAlertsReadRoute, async (c) => c.json(await markRead(c, c.req.valid('json').ids), 200))
  .openapi(markAlertReadRoute, async (c) => c.json(await markRead(c, [c.req.valid('param').id]), 200))
  .openapi(activeAlertsRoute, async (c) => {
    const { id } = c.req.valid('param')
    await requireMembership(c, id)
    return c.json(await listActiveAlerts(c.var.db, id, c.req.valid('query')), 200)
  })
  .openapi(animalAlertsRoute, async (c) => {
    const { id } = c.req.valid('param')
    await requireAnimalAccess(c, id)
    return c.json({ data: await activeAlertsOfAnimal(c.var.db, id) }, 200)
  })
